import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { loadPortalConfig } from "../config/portal-config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { deploymentFile, freshDatabase, rowsOf } from "./helpers.ts";
import { poolStats } from "./pglite-pool.ts";

/** Every user table's rows (in a fixed order), every sequence's position, and the session's settings. */
async function contents(handle: DatabaseHandle): Promise<Record<string, string>> {
  const run = async <T>(query: string) => rowsOf<T>(await handle.db.execute(sql.raw(query)));
  const tables = await run<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const found: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await run<{ digest: string | null; count: number }>(
      `select md5(string_agg(t::text, E'\\n' order by t::text)) as digest, count(*)::int as count from ${name} as t`,
    );
    found[name] = `${row?.count} ${row?.digest}`;
  }
  const sequences = await run<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  for (const { name } of sequences) {
    const [row] = await run<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    found[`sequence ${name}`] = `${row?.last_value} ${row?.is_called}`;
  }
  const [settings] = await run<{ timezone: string; role: string; locks: number }>(
    `select current_setting('timezone') as timezone, current_setting('session_replication_role') as role,
      (select count(*)::int from pg_locks where locktype = 'advisory') as locks`,
  );
  found.settings = JSON.stringify(settings);
  return found;
}

/** Writes to many tables, moves sequences, changes the session and takes an advisory lock. */
async function dirty(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`update users set email = 'changed@example.com'`);
  await handle.db.execute(sql`delete from products`);
  await handle.db.execute(sql`select nextval('ledger_entries_id_seq') from generate_series(1, 5)`);
  await handle.db.execute(sql`select nextval('outbox_messages_id_seq')`);
  await handle.db.execute(sql`set timezone = 'Asia/Ho_Chi_Minh'`);
  await handle.db.execute(sql`select pg_advisory_lock(42)`);
}

/** What `writer` writes, `reader` does not see: two copies, not one instance handed out twice. */
async function expectApart(writer: DatabaseHandle, reader: DatabaseHandle): Promise<void> {
  await writer.db.execute(sql`insert into app_meta (key, value) values ('apart', 'yes')`);
  const [row] = rowsOf<{ n: number }>(
    await reader.db.execute(sql`select count(*)::int as n from app_meta where key = 'apart'`),
  );
  expect(row?.n).toBe(0);
}

// The pool only exists where files share a worker's templates (the server project); elsewhere each
// database is built in full.
describe.skipIf(process.env.TEST_DATABASE_URL)("a reused PGlite copy (server/test/pglite-pool.ts)", () => {
  test("reads as a fresh copy of the template would: rows, sequences and session", async () => {
    const config = await loadPortalConfig(deploymentFile);
    const first = await freshDatabase(config);
    const fresh = await contents(first);
    expect(Object.keys(fresh).length).toBeGreaterThan(40);
    await dirty(first);
    expect(await contents(first)).not.toEqual(fresh);
    await first.close();

    const reused = poolStats.reused;
    const second = await freshDatabase(config);
    expect(poolStats.reused).toBe(reused + 1);
    expect(await contents(second)).toEqual(fresh);
    // A second copy open at the same time is another instance, not the one in use.
    const third = await freshDatabase(config);
    await expectApart(third, second);
    await third.close();
    await second.close();
  });

  test("takes a copy closed twice back once", async () => {
    const config = await loadPortalConfig(deploymentFile);
    const twice = await freshDatabase(config);
    await twice.close();
    await twice.close();
    const first = await freshDatabase(config);
    const second = await freshDatabase(config);
    await expectApart(first, second);
    await first.close();
    await second.close();
  });

  test("closes, rather than reuses, a copy whose schema changed or that is inside a transaction", async () => {
    const config = await loadPortalConfig(deploymentFile);
    const changed = await freshDatabase(config);
    // One of the books' own triggers turned off (as a test of the balance check might).
    const [trigger] = rowsOf<{ table: string; name: string }>(
      await changed.db.execute(
        sql`select tgrelid::regclass::text as "table", tgname as name from pg_trigger where not tgisinternal limit 1`,
      ),
    );
    expect(trigger).toBeDefined();
    await changed.db.execute(sql.raw(`alter table ${trigger?.table} disable trigger ${trigger?.name}`));
    const discarded = poolStats.discarded;
    await changed.close();
    expect(poolStats.discarded).toBe(discarded + 1);

    const added = await freshDatabase(config);
    await added.db.execute(sql`create table leftover (id int)`);
    await added.close();
    expect(poolStats.discarded).toBe(discarded + 2);

    const open = await freshDatabase(config);
    await open.db.execute(sql`begin`);
    await open.close();
    expect(poolStats.discarded).toBe(discarded + 3);

    // What comes next is the template again.
    const next = await freshDatabase(config);
    const [leftover] = rowsOf<{ n: number }>(
      await next.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'leftover'`),
    );
    expect(leftover?.n).toBe(0);
    await next.close();
  });
});
