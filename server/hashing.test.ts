import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  configureHashCost,
  configureHashing,
  defaultHashCost,
  defaultHashingLimits,
  HashingBusyError,
  hashSecret,
  verifySecret,
} from "./domain/password.ts";
import { defaultPasswordWorkPerAddress } from "./plugins/password-work.ts";
import { createTestApp, type TestApp } from "./test/helpers.ts";

// The line and the per-address limit are seen only while hashes take time: production's cost, not the
// suite's (server/test/setup.ts), for the hashes this file makes and for its seeded riders and cards.
configureHashCost(defaultHashCost);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  configureHashing(defaultHashingLimits);
  await t.close();
});

describe("the password-hashing line", () => {
  it("runs a bounded number of hashes and refuses, typed, once the waiting list is full", async () => {
    configureHashing({ concurrency: 1, maxWaiting: 1 });
    const results = await Promise.allSettled([hashSecret("one"), hashSecret("two"), hashSecret("three")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const refused = results[2];
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(HashingBusyError);
    // The line drains: the next hash runs, and what was hashed verifies.
    const first = results[0];
    if (first?.status !== "fulfilled") throw new Error("first hash failed");
    expect(await verifySecret("one", first.value)).toBe(true);
    configureHashing(defaultHashingLimits);
  });

  it("answers a flood past the line with a quick 503 envelope and Retry-After, never a 500", async () => {
    configureHashing({ concurrency: 1, maxWaiting: 2 });
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/accounts/users/login",
          payload: { email: `flood-${i}@example.org`, password: "not the password at all" },
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 503 || s === 401)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    const busy = replies.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const reply of busy) {
      expect(reply.headers["retry-after"]).toBe("1");
      expect(reply.json()).toEqual({
        data: null,
        errors: [{ code: 50302, message: "The service is busy. Try again in a moment." }],
      });
    }
    configureHashing(defaultHashingLimits);
    const after = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { email: "after-flood@example.org", password: "not the password at all" },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe("a sign-in refused for load", () => {
  it("does not spend the rider's attempts: after a busy flood, the right password still signs in", async () => {
    const email = "rider@example.com";
    const password = "transit-demo-2026";
    configureHashing({ concurrency: 1, maxWaiting: 0 });
    // Four wrong-password tries at once from one address (within its five, so the throttle refuses
    // none on any database): most are refused 503 for load, and those must not count.
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: "POST",
          url: "/accounts/users/login",
          payload: { email, password: "wrong one!" },
        }),
      ),
    );
    configureHashing(defaultHashingLimits);
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.every((status) => status === 503 || status === 401)).toBe(true);
    const checked = statuses.filter((status) => status === 401).length;
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    // Only the checked tries count: the rest of the five (per address, per 15 minutes) are still there.
    for (let i = checked; i < 4; i++) {
      const wrong = await t.app.inject({
        method: "POST",
        url: "/accounts/users/login",
        payload: { email, password: "wrong one!" },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await t.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { email, password },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe("password work per address", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ realisticLimits: true });
  });
  afterAll(async () => {
    await limited.close();
  });
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    limited.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { email, password },
      remoteAddress,
    });

  it("lets one address run two password requests at once and refuses the rest at once, while others sign in", async () => {
    const signUp = await limited.app.inject({
      method: "POST",
      url: "/accounts/users",
      payload: {
        email: "elsewhere@example.org",
        password: "a fine long passphrase",
        first_name: "Else",
        last_name: "Where",
        locale: "en",
        captcha_token: "sandbox-pass",
      },
      remoteAddress: "198.51.100.9",
    });
    expect(signUp.statusCode).toBe(202);

    const flooder = "198.51.100.7";
    const [real, ...flood] = await Promise.all([
      loginFrom("198.51.100.8", "elsewhere@example.org", "a fine long passphrase"),
      ...Array.from({ length: defaultPasswordWorkPerAddress + 8 }, (_, i) =>
        loginFrom(flooder, `flood-${i}@example.org`, "not the password at all"),
      ),
    ]);
    // The rider elsewhere is not refused; email confirmation is still owed, which sign-in reports.
    expect([200, 403]).toContain(real?.statusCode);
    const statuses = flood.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(defaultPasswordWorkPerAddress);
    const refused = flood.filter((reply) => reply.statusCode === 429);
    expect(refused).toHaveLength(8);
    for (const reply of refused) {
      expect(reply.headers["retry-after"]).toBe("1");
      expect(reply.json()).toEqual({
        data: null,
        errors: [{ code: 42901, message: "Too many requests. Try again shortly." }],
      });
    }

    // Finished requests give their place back, refused or failed ones included.
    const malformed = await limited.app.inject({
      method: "POST",
      url: "/accounts/users/login",
      payload: { email: 42 },
      remoteAddress: flooder,
    });
    expect(malformed.statusCode).toBe(400);
    const next = await Promise.all([
      loginFrom(flooder, "again-1@example.org", "not the password at all"),
      loginFrom(flooder, "again-2@example.org", "not the password at all"),
    ]);
    expect(next.map((reply) => reply.statusCode)).toEqual([401, 401]);
  });
});
