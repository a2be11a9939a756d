import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadPortalConfig } from "./config/portal-config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { deploymentFile, freshDatabase } from "./test/helpers.ts";

const lines: string[] = [];
const leakedEmail = "leaky.rider@example.org";
const leakedHash = "scrypt$131072$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const portalConfig = await loadPortalConfig(deploymentFile);
  database = await freshDatabase(portalConfig);
  app = await buildApp({
    database,
    portalConfig,
    staticDir: null,
    devMailbox: false,
    logLevel: "info",
    logStream: { write: (line) => lines.push(line) },
  });
  // A route whose query fails with personal data among its bound parameters.
  app.post("/transit/test/failing-query", async () => {
    await app.db.execute(sql`select ${leakedEmail}::int as a, ${leakedHash}::int as b`);
    return { data: null, errors: [] };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("requireVerifiedRider", () => {
  it("answers an anonymous call once, 401, and logs no error", async () => {
    lines.length = 0;
    const reply = await app.inject({
      method: "POST",
      url: "/accounts/users/change_password",
      payload: { current_password: "x", new_password: "y" },
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 40101 }] });
    const levels = lines.map((line) => (JSON.parse(line) as { level: number }).level);
    expect(lines.filter((_line, i) => (levels[i] ?? 0) >= 40)).toEqual([]);
  });
});

describe("log lines", () => {
  it("hold no email, hash or bound parameter of a failed query", async () => {
    lines.length = 0;
    const reply = await app.inject({
      method: "POST",
      url: "/transit/test/failing-query",
      headers: { authorization: "Bearer secret-bearer-token-123456789" },
      payload: {},
    });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toMatchObject({ data: null, errors: [{ code: 50001 }] });
    const log = lines.join("\n");
    expect(log).toContain("unhandled error");
    expect(log).toContain("Failed query");
    expect(log).not.toContain("leaky.rider");
    expect(log).not.toContain("example.org");
    expect(log).not.toContain("scrypt$");
    expect(log).not.toContain("aGFzaGhhc2hoYXNo");
    expect(log).not.toContain("secret-bearer-token");
  });

  it("censor personal fields a handler might log", () => {
    lines.length = 0;
    app.log.info({ email: leakedEmail, user: { password_hash: leakedHash, first_name: "Ada" } }, "oops");
    const log = lines.join("\n");
    expect(log).toContain("oops");
    expect(log).not.toContain(leakedEmail);
    expect(log).not.toContain(leakedHash);
    expect(log).not.toContain("Ada");
  });
});
