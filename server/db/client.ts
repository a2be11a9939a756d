import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

type Schema = typeof schema;
/** One type for both drivers, so repositories never know which one they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies the migrations not applied yet: the project's, or those in `folder` (tests of upgrades). */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `body` while no other holder of lock `name` runs: on PostgreSQL a session advisory lock, so
   * instances sharing a database take turns (migrations and the demo seed at start-up); on PGlite,
   * which one process owns, the callers in this process take turns.
   */
  exclusive<T>(name: string, body: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, "migrations");

export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };

/** PostgreSQL through `pg` when a URL is given, otherwise PGlite in `dataDir` (or in memory when null). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, a dropped test database) must not crash the
    // process: the pool replaces it at the next query (pg's documented advice).
    pool.on("error", (error) => console.warn("PostgreSQL closed an idle connection:", error.message));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: "postgres",
      migrate: (folder = migrationsFolder) => migratePg(db, { migrationsFolder: folder }),
      async exclusive(name, body) {
        // Its own connection holds the lock; what `body` does goes through the pool as usual.
        const holder = await pool.connect();
        try {
          await holder.query("select pg_advisory_lock(hashtext($1))", [name]);
          try {
            return await body();
          } finally {
            await holder.query("select pg_advisory_unlock(hashtext($1))", [name]);
          }
        } finally {
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  const client = target.dataDir ? new PGlite(resolve(target.dataDir, "pglite")) : new PGlite();
  return fromPglite(client);
}

export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  const turns = new Map<string, Promise<unknown>>();
  return {
    db,
    driver: "pglite",
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    exclusive(name, body) {
      const turn = (turns.get(name) ?? Promise.resolve()).catch(() => undefined).then(body);
      turns.set(name, turn);
      return turn;
    },
    close: () => client.close(),
  };
}
