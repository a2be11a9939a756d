import { describe, expect, it } from "vitest";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { MfaStatus } from "../../src/domain/session.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import { manualClock } from "../domain/clock.ts";
import type { AppleIdentity, AppleVerifier } from "../gateways/apple.ts";
import type { User } from "../repositories/accounts.ts";
import type { AccountService } from "./accounts.ts";
import { createSignInService } from "./sign-in.ts";

const deploymentFile = new URL("../config/deployment.json", import.meta.url).pathname;

const rider = (overrides: Partial<User> = {}): User =>
  ({
    id: "6f1c2a3e-0000-4000-8000-000000000001",
    mfaEnrollmentStatus: MfaStatus.off,
    mfaPhone: null,
    deactivatedAt: null,
    ...overrides,
  }) as User;

const identity: AppleIdentity = { subject: "apple-subject", email: "a@example.com", emailVerified: true };

/** The service over fakes: which sessions and codes it started is recorded. */
async function setUp(options: {
  user?: User;
  config?: (config: PortalConfig) => PortalConfig;
  apple?: AppleVerifier | null;
  password?: "ok" | "locked" | "mismatch" | "deactivated";
}) {
  const base = await loadPortalConfig(deploymentFile);
  const config = options.config ? options.config(base) : base;
  const user = options.user ?? rider();
  const started: string[] = [];
  const accounts = {
    signIn: async () =>
      options.password === undefined || options.password === "ok"
        ? { result: "ok" as const, user }
        : { result: options.password },
    riderForIdentity: async () => user,
  } as unknown as AccountService;
  const service = createSignInService({
    accounts,
    sessions: {
      startSession: async (userId, now) => {
        started.push(`session:${userId}`);
        return { token: "session-token", expiresAt: new Date(now.getTime() + 1000), sessionId: "s" };
      },
    },
    twoFactor: {
      startSignIn: async (who) => {
        started.push(`code:${who.id}`);
        return "pending-token";
      },
    },
    config: () => config,
    apple: () => (options.apple === undefined ? null : options.apple),
    clock: manualClock(new Date("2026-11-23T12:00:00Z")),
  });
  return { service, started };
}

const verifier = (answer: AppleIdentity | null): AppleVerifier =>
  ({
    clientId: "services.id",
    authorizeUrl: "https://apple.test/authorize",
    verify: async () => answer,
  }) as AppleVerifier;
const withApple = (config: PortalConfig): PortalConfig => ({
  ...config,
  socialSignIn: { ...config.socialSignIn, apple: true },
});

describe("sign-in service", () => {
  it("grants a session to a rider without two-factor", async () => {
    const { service, started } = await setUp({});
    const outcome = await service.withPassword("a@example.com", "pw", "127.0.0.1");
    expect(outcome).toMatchObject({ result: "ok", grant: { kind: "session", token: "session-token" } });
    expect(started).toEqual([`session:${rider().id}`]);
  });

  it("asks an enrolled rider for the texted code first, and starts no session", async () => {
    const { service, started } = await setUp({ user: rider({ mfaEnrollmentStatus: MfaStatus.enrolled }) });
    const outcome = await service.withPassword("a@example.com", "pw", "127.0.0.1");
    expect(outcome).toEqual({ result: "ok", grant: { kind: "codeRequired", token: "pending-token" } });
    expect(started).toEqual([`code:${rider().id}`]);
  });

  it("grants a session to an enrolled rider when the deployment turned two-factor off", async () => {
    const { service } = await setUp({
      user: rider({ mfaEnrollmentStatus: MfaStatus.enrolled }),
      config: (config) => ({ ...config, multifactorAuth: { ...config.multifactorAuth, enable: false } }),
    });
    const outcome = await service.withPassword("a@example.com", "pw", "127.0.0.1");
    expect(outcome).toMatchObject({ result: "ok", grant: { kind: "session" } });
  });

  it("passes refusals through without starting anything", async () => {
    for (const password of ["locked", "mismatch", "deactivated"] as const) {
      const { service, started } = await setUp({ password });
      expect(await service.withPassword("a@example.com", "pw", "127.0.0.1")).toEqual({ result: password });
      expect(started).toEqual([]);
    }
  });

  it("refuses Apple unless the deployment offers it and a verifier is configured", async () => {
    const appleOff = (config: PortalConfig): PortalConfig => ({
      ...config,
      socialSignIn: { ...config.socialSignIn, apple: false },
    });
    expect(
      await (await setUp({ apple: verifier(identity), config: appleOff })).service.withApple("t", names),
    ).toEqual({ result: "refused" });
    expect(await (await setUp({ config: withApple })).service.withApple("t", names)).toEqual({
      result: "refused",
    });
  });

  it("refuses an Apple token that does not verify", async () => {
    const { service, started } = await setUp({ config: withApple, apple: verifier(null) });
    expect(await service.withApple("t", names)).toEqual({ result: "refused" });
    expect(started).toEqual([]);
  });

  it("grants a session for a verified Apple identity, and refuses a deactivated rider", async () => {
    const { service } = await setUp({ config: withApple, apple: verifier(identity) });
    expect(await service.withApple("t", names)).toMatchObject({ result: "ok", grant: { kind: "session" } });
    const deactivated = await setUp({
      config: withApple,
      apple: verifier(identity),
      user: rider({ deactivatedAt: new Date("2026-01-01T00:00:00Z") }),
    });
    expect(await deactivated.service.withApple("t", names)).toEqual({ result: "deactivated" });
  });
});

const names = { firstName: "Ana", lastName: "Lee" };
