/**
 * PGlite copies of a template, reused by the test files of one worker (`isolate: false` keeps this
 * module for all of them). Loading a dump into a new PGlite costs about 1.1 s of a core, nearly all of
 * it PGlite's own start (an empty data directory loads in 1.0 s); putting a used instance back to the
 * template's rows costs 0.1-0.15 s. So a closed copy is reset and kept, and the next file of the same
 * template gets it instead of a new one.
 *
 * What a reset restores: every table's rows (the template's, copied out once in PostgreSQL's binary
 * format when the first instance is loaded), every sequence's position, and the session (DISCARD ALL:
 * settings, advisory locks, prepared statements, LISTEN, temporary tables). What it does not, it
 * refuses: an instance whose schema changed (a table, column, index, constraint, trigger or function
 * added, dropped or turned off), that is inside a transaction, or whose reset failed is closed instead.
 * server/test/pglite-pool.test.ts proves a reused instance reads as a fresh copy would.
 */
import type { PGlite } from "@electric-sql/pglite";

/** The template's rows and sequence positions, read once from a copy nobody has used. */
interface Snapshot {
  tables: string[];
  rows: Array<{ table: string; blob: Blob }>;
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  schema: string;
}

interface Template {
  snapshot: Snapshot | null;
  idle: PGlite[];
}

/**
 * Idle copies kept for each template (a file that opens several at once gives back more), and in all:
 * each holds its database in memory (about 100-150 MB), and files that change the deployment use
 * templates of their own. Past either, the copy idle longest is closed.
 */
const maxIdle = 2;
const maxIdleInAll = 4;

const templates = new Map<string, Template>();
/** Every idle copy, longest idle first. */
const idleOrder: PGlite[] = [];

/** How many instances were reset and handed out again (for the pool's own test). */
export const poolStats = { reused: 0, discarded: 0 };

const userSchemas = "not in ('pg_catalog', 'information_schema', 'pg_toast')";

/**
 * What a reset cannot put back: the user schemas' tables, columns, indexes, constraints, triggers (and
 * whether they are on), functions and sequences, as one digest.
 */
const schemaDigest = `
  select md5(string_agg(item, '|' order by item)) as digest from (
    select format('rel %s.%s %s', n.nspname, c.relname, c.relkind) as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname ${userSchemas}
    union all
    select format('att %s.%s %s %s %s %s', n.nspname, c.relname, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname ${userSchemas} and a.attnum > 0
    union all
    select format('con %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) from pg_constraint
      where connamespace in (select oid from pg_namespace where nspname ${userSchemas})
    union all
    select format('trg %s %s %s', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
    union all
    select format('fn %s.%s %s', n.nspname, p.proname, md5(p.prosrc))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${userSchemas}
    union all
    select format('role %s', rolname) from pg_roles
  ) as items`;

async function digest(client: PGlite): Promise<string> {
  const result = await client.query<{ digest: string }>(schemaDigest);
  return result.rows[0]?.digest ?? "";
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname ${userSchemas} order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Snapshot["rows"] = [];
  for (const table of tables) {
    const result = await client.query(`copy ${table} to '/dev/blob' (format binary)`);
    if (result.blob) rows.push({ table, blob: result.blob });
  }
  const sequences: Snapshot["sequences"] = [];
  const names = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
      where schemaname ${userSchemas} order by 1`,
  );
  for (const { name } of names.rows) {
    const position = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    const row = position.rows[0];
    if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return { tables, rows, sequences, schema: await digest(client) };
}

/** Puts `client` back to `snapshot`; false when it cannot be (the caller closes it). */
async function reset(client: PGlite, snapshot: Snapshot): Promise<boolean> {
  if (client.closed) return false;
  if (client.isInTransaction()) return false;
  if ((await digest(client)) !== snapshot.schema) return false;
  await client.transaction(async (tx) => {
    // No trigger or foreign-key check while the template's own rows go back in.
    await tx.exec("set local session_replication_role = replica");
    await tx.exec(`truncate ${snapshot.tables.join(", ")}`);
    for (const { table, blob } of snapshot.rows) {
      await tx.query(`copy ${table} from '/dev/blob' (format binary)`, [], { blob });
    }
    for (const { name, lastValue, isCalled } of snapshot.sequences) {
      await tx.query("select setval($1::regclass, $2::bigint, $3)", [name, lastValue, isCalled]);
    }
  });
  await client.exec("discard all");
  return true;
}

/**
 * A PGlite at template `key`'s rows: an idle one reset when it was closed, else `load()`'s new one
 * (whose rows become the template's snapshot the first time). `release` takes it back.
 */
export async function acquire(key: string, load: () => Promise<PGlite>): Promise<PGlite> {
  let template = templates.get(key);
  if (!template) {
    template = { snapshot: null, idle: [] };
    templates.set(key, template);
  }
  const idle = template.idle.pop();
  if (idle) {
    idleOrder.splice(idleOrder.indexOf(idle), 1);
    poolStats.reused++;
    return idle;
  }
  const client = await load();
  // Taken from the first copy loaded (two loaded at once each take the same one); a failed one is taken
  // again by the next load.
  if (!template.snapshot) {
    try {
      template.snapshot = await takeSnapshot(client);
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  return client;
}

/** Takes `client` back for template `key`: reset and kept, or closed when it cannot be reset. */
export async function release(key: string, client: PGlite): Promise<void> {
  const template = templates.get(key);
  const snapshot = template?.snapshot;
  let kept = false;
  if (template && snapshot && template.idle.length < maxIdle) {
    kept = await reset(client, snapshot).catch(() => false);
    if (kept) {
      template.idle.push(client);
      idleOrder.push(client);
    }
  }
  if (!kept) {
    poolStats.discarded++;
    if (!client.closed) await client.close();
  }
  while (idleOrder.length > maxIdleInAll) {
    const oldest = idleOrder.shift();
    if (!oldest) break;
    for (const other of templates.values()) other.idle = other.idle.filter((copy) => copy !== oldest);
    await oldest.close();
  }
}
