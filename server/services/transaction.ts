import type { Database } from "../db/client.ts";
import type { Executor } from "../repositories/accounts.ts";

/** What a service's transaction body gets: the transaction, and a place for effects owed after it. */
export interface UnitOfWork {
  tx: Executor;
  /** Runs `effect` once the transaction committed (e.g. starting an outbox delivery); never on rollback. */
  afterCommit(effect: () => void): void;
}

/**
 * Runs `body` in one database transaction: everything it writes commits together or not at all, and
 * the effects it registered run only after the commit.
 */
export async function inTransaction<T>(db: Database, body: (work: UnitOfWork) => Promise<T>): Promise<T> {
  const effects: Array<() => void> = [];
  const result = await db.transaction((tx) => body({ tx, afterCommit: (effect) => effects.push(effect) }));
  for (const effect of effects) effect();
  return result;
}

/** True for PostgreSQL's unique violation (23505), as thrown by either driver, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && current.code === "23505") return true;
    current = typeof current === "object" && "cause" in current ? current.cause : null;
  }
  return false;
}
