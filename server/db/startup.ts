import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { DatabaseHandle } from "./client.ts";
import { seedDemoData } from "./seed.ts";

/** The advisory lock instances sharing a database take turns on at start-up. */
const startupLock = "transit-portal:startup";

/**
 * What an instance does to its database before serving: the migrations not applied yet, then the demo
 * seed when it is on, one instance at a time (`startupLock`), so N instances started together on one
 * empty PostgreSQL all come up: the first migrates and seeds, the others find it done. Returns whether
 * this call seeded the demo agency and rider.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: PortalConfig,
  options: { seedDemo: boolean },
): Promise<boolean> {
  return database.exclusive(startupLock, async () => {
    await database.migrate();
    return options.seedDemo ? seedDemoData(database.db, config) : false;
  });
}
