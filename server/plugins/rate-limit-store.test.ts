import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { rateLimitWindows } from "../db/schema.ts";
import { manualClock } from "../domain/clock.ts";
import {
  closeShared,
  createTestApp,
  deploymentFile,
  freshDatabase,
  shareDatabase,
  type TestApp,
} from "../test/helpers.ts";
import { pruneRateLimitWindows } from "./rate-limit-store.ts";

/*
 * Per-address budgets shared by the instances on one database (issue 33, item 9): with each instance
 * counting in its own memory, two instances let an address sign in 40 times a minute where the limit
 * is 20. Here two apps share one database (two pools on PostgreSQL) and count in it.
 */
const clock = manualClock(new Date("2026-11-29T12:00:00Z"));
let databases: DatabaseHandle[] = [];
const instances: TestApp[] = [];
beforeAll(async () => {
  databases = await shareDatabase(await freshDatabase(await loadPortalConfig(deploymentFile)), 2);
  for (const database of databases)
    instances.push(
      await createTestApp({
        database,
        clock,
        realisticLimits: true,
        rateLimitPerMinute: 30,
        rateLimitStore: "database",
      }),
    );
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await closeShared(databases);
});

const signIn = (instance: TestApp | undefined, address: string, service = "accounts") => {
  if (!instance) throw new Error("no instance");
  return instance.app.inject({
    method: "POST",
    url: `/${service}/users/login`,
    payload: { email: "x" },
    remoteAddress: address,
  });
};

const portalConfig = (instance: TestApp | undefined, address: string) => {
  if (!instance) throw new Error("no instance");
  return instance.app.inject({ method: "GET", url: "/portal-config", remoteAddress: address });
};

describe("request budgets in the database", () => {
  it("let an address make 30 API requests a minute across two instances, however they race", async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, index) => portalConfig(instances[index % 2], "198.51.100.7")),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = replies.find((reply) => reply.statusCode === 429);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    // Another address has its own budget.
    expect((await portalConfig(instances[1], "198.51.100.8")).statusCode).toBe(200);
  });

  it("keep a route's own budget apart: 20 sign-ins a minute from an address, whichever instance", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++)
      statuses.push((await signIn(instances[index % 2], "198.51.100.9")).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("count the transit service's sign-in in the same budget as the accounts service's (issue 47)", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++)
      statuses.push(
        (await signIn(instances[index % 2], "198.51.100.10", index % 3 === 0 ? "transit" : "accounts"))
          .statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await signIn(instances[0], "198.51.100.10", "transit")).statusCode).toBe(429);
  });

  it("start a new window once the last has ended, and the run deletes the ended ones", async () => {
    expect((await portalConfig(instances[0], "198.51.100.7")).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await portalConfig(instances[1], "198.51.100.7")).statusCode).toBe(200);
    const db = databases[0]?.db;
    if (!db) throw new Error("no database");
    const before = (await db.select().from(rateLimitWindows)).length;
    clock.advance(61_000);
    expect(await pruneRateLimitWindows(db, clock.now())).toBe(before);
    expect(await db.select().from(rateLimitWindows)).toEqual([]);
  });
});
