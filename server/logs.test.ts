import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadPortalConfig } from "./config/portal-config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { deploymentFile, freshDatabase } from "./test/helpers.ts";

const lines: string[] = [];
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
