import { and, asc, eq } from "drizzle-orm";
import { fareCapRules } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type FareCapRuleRow = typeof fareCapRules.$inferSelect;

/** The fare-cap rules of the organisations (server/services/fare-caps.ts counts trips toward them). */
export function createFareCapRepository(db: Executor) {
  return {
    /** The organisation's rules for one rider type, fewest trips first. */
    async rules(organizationId: string, riderType: string): Promise<FareCapRuleRow[]> {
      return db
        .select()
        .from(fareCapRules)
        .where(and(eq(fareCapRules.organizationId, organizationId), eq(fareCapRules.riderType, riderType)))
        .orderBy(asc(fareCapRules.trips), asc(fareCapRules.id));
    },
  };
}
