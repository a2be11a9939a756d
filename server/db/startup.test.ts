import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import { closeShared, deploymentFile, emptyDatabase, shareDatabase } from "../test/helpers.ts";
import type { DatabaseHandle } from "./client.ts";
import { appMeta, organizations, users } from "./schema.ts";
import { prepareDatabase } from "./startup.ts";

/*
 * Instances started together on one empty database (issue 33, item 8): on PostgreSQL two instances
 * each migrating at once collided on the migrations' own tables and one exited; under the start-up
 * lock the first migrates and seeds while the others wait, then find it done.
 */
const handles: DatabaseHandle[] = [];
afterAll(() => closeShared(handles));

describe("instances starting together on one empty database", () => {
  it("all come up: one migrates and seeds, the others find it done", async () => {
    const config = await loadPortalConfig(deploymentFile);
    handles.push(...(await shareDatabase(await emptyDatabase(), 4)));
    const seeded = await Promise.all(
      handles.map((handle) => prepareDatabase(handle, config, { seedDemo: true })),
    );
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const db = handles[0]?.db;
    if (!db) throw new Error("no database");
    expect(await db.select().from(appMeta).where(eq(appMeta.key, "demo_seeded_at"))).toHaveLength(1);
    const [riders] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, "rider@example.com"));
    expect(riders?.count).toBe(1);
    expect((await db.select().from(organizations)).length).toBeGreaterThan(0);
    // A later start changes nothing.
    const later = handles.at(-1);
    if (!later) throw new Error("no database");
    expect(await prepareDatabase(later, config, { seedDemo: true })).toBe(false);
  });
});
