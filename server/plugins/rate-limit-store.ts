import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { createRequestBudgetRepository } from "../repositories/request-budgets.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The request budget this route counts in, when routes share one (its method and URL otherwise). */
    budget?: string;
  }
}

type Reply = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit in the database, so instances sharing a PostgreSQL share each
 * address's budget (issue 33, item 9: with the in-memory store two instances let through twice the
 * limit). One upsert per request counts it in the window of its key (`<budget>|<address>`), starting a
 * new window once the last has expired; the count and the window's end come back from the same
 * statement, so requests racing on several instances each get their own number. The library's
 * `continueExceeding` and `exponentialBackoff` are not used by the portal, so this store has neither.
 */
export function databaseRateLimitStore(db: Database, clock: Clock): FastifyRateLimitStoreCtor {
  const budgets = createRequestBudgetRepository(db);
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(prefix: unknown = "global|") {
      // The library constructs the root store with its options; its routes' stores come from child().
      this.prefix = typeof prefix === "string" ? prefix : "global|";
    }

    incr(key: string, reply: Reply, timeWindow: number): void {
      const now = clock.now();
      const end = new Date(now.getTime() + timeWindow);
      budgets.count(this.prefix + key, now, end).then(
        (row) => {
          if (!row) return reply(new Error("the request was not counted"));
          reply(null, { current: row.count, ttl: Math.max(0, row.expiresAt.getTime() - now.getTime()) });
        },
        (error: unknown) => reply(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(`${routeOf(routeOptions)}|`);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * The route a budget belongs to: the library hands `child` its merged options with the route's own
 * under `routeInfo` (as its Redis store reads them), which its types do not say. Routes that share a
 * budget name it in their config (`budget`: the sign-in of both services).
 */
function routeOf(options: object): string {
  const info: unknown = "routeInfo" in options ? options.routeInfo : undefined;
  if (!info || typeof info !== "object") return "";
  const config: unknown = "config" in info ? info.config : undefined;
  if (config && typeof config === "object" && "budget" in config && typeof config.budget === "string")
    return config.budget;
  const method = "method" in info ? String(info.method) : "";
  const url = "url" in info ? String(info.url) : "";
  return `${method} ${url}`;
}

/** Deletes the windows that ended before `now` (the 30 s run); returns how many. */
export async function pruneRateLimitWindows(db: Database, now: Date): Promise<number> {
  return createRequestBudgetRepository(db).prune(now);
}

/** Prunes the ended request-budget windows in every maintenance pass (its housekeeping). */
export default fp(
  async function requestBudgets(app: FastifyInstance) {
    app.maintenance.add("housekeeping", {
      failed: "request budget pruning failed",
      run: async () => {
        await pruneRateLimitWindows(app.db, app.clock.now());
        return undefined;
      },
    });
  },
  { name: "request-budgets", dependencies: ["db", "clock", "maintenance"] },
);
