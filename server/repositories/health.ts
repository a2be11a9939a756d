import { sql } from "drizzle-orm";
import type { Executor } from "./accounts.ts";

/** What the health check asks the database (server/routes/health.ts). */
export function createHealthRepository(db: Executor) {
  return {
    /** Resolves once the database answered a trivial query; rejects when it does not. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
