import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { readEnv } from "./config/env.ts";
import { loadPortalConfig } from "./config/portal-config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { deploymentFile, freshDatabase } from "./test/helpers.ts";

let database: DatabaseHandle;
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
async function appWith(
  options: { publicUrl: string | null; trustProxy?: boolean | number | string[] },
  before?: (app: Awaited<ReturnType<typeof buildApp>>) => void,
) {
  const portalConfig = await loadPortalConfig(deploymentFile);
  const app = await buildApp({ database, portalConfig, staticDir: null, devMailbox: false, ...options });
  before?.(app);
  await app.ready();
  apps.push(app);
  return app;
}
beforeAll(async () => {
  database = await freshDatabase(await loadPortalConfig(deploymentFile));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe("Strict-Transport-Security", () => {
  it("is sent when PUBLIC_URL is https, on routed and refused requests alike", async () => {
    const app = await appWith({ publicUrl: "https://portal.example" });
    for (const url of ["/healthz", "/transit/nothing", `/accounts/invites/${"a".repeat(300)}`]) {
      const reply = await app.inject({ method: "GET", url });
      expect(reply.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("is not sent over plain http", async () => {
    const app = await appWith({ publicUrl: "http://localhost:8080" });
    const reply = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(reply.headers["strict-transport-security"]).toBeUndefined();
  });

  it("is sent when a trusted proxy says the request came over https", async () => {
    const app = await appWith({ publicUrl: null, trustProxy: ["127.0.0.1"] });
    const plain = await app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("TRUST_PROXY", () => {
  const env = (TRUST_PROXY?: string) => readEnv(TRUST_PROXY === undefined ? {} : { TRUST_PROXY });
  it("is off by default and reads true, a hop count or a list of addresses and CIDRs", () => {
    expect(env().trustProxy).toBe(false);
    expect(env("").trustProxy).toBe(false);
    expect(env("false").trustProxy).toBe(false);
    expect(env("true").trustProxy).toBe(true);
    expect(env("2").trustProxy).toBe(2);
    expect(env("10.0.0.0/8, 127.0.0.1,::1").trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
  });

  it("refuses anything else at start", () => {
    for (const value of ["yes", "10.0.0.0/33", "proxy.example", "1.2.3.4/8/9"]) {
      expect(() => env(value)).toThrow(/TRUST_PROXY/);
    }
  });

  it("lets per-address limits see the client behind a trusted proxy", async () => {
    let seen = "";
    const app = await appWith({ publicUrl: null, trustProxy: 1 }, (built) =>
      built.addHook("onResponse", async (request) => {
        seen = request.ip;
      }),
    );
    await app.inject({ method: "GET", url: "/healthz", headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(seen).toBe("203.0.113.7");
  });
});
