/**
 * Migrated and seeded databases made once per test run and copied for each test file: initdb, the
 * migrations and the demo seed were about 5 s of every file that opens a database. A PGlite template is
 * a dump of its data directory on disk (loaded with `loadDataDir`); a PostgreSQL one is a database that
 * `CREATE DATABASE ... TEMPLATE` copies.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { setTimeout } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { type DatabaseHandle, fromPglite, openDatabase } from "../db/client.ts";
import { seedDemoData } from "../db/seed.ts";
import { periodAround } from "../domain/agency-time.ts";
import { hashCost } from "../domain/password.ts";
import { acquire, release } from "./pglite-pool.ts";

/** What the server project's global setup (server/test/global-setup.ts) hands every test file. */
export interface TemplateRun {
  /** Names this run's PostgreSQL templates, so two runs on one server never share one. */
  runId: string;
  /** This run's PGlite dumps, made empty for each run so no dump of an older schema is loaded. */
  dir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: TemplateRun;
  }
}

/** The run's templates, or none outside the server project (each database is then built in full). */
async function templateRun(): Promise<TemplateRun | undefined> {
  if (!process.env.VITEST) return undefined;
  // Imported here, not at the top: scripts outside vitest import the test helpers too.
  const { inject } = await import("vitest");
  return inject("databaseTemplates");
}

/**
 * Everything the seed's result depends on: the deployment config it reads, the hash cost its password
 * and security-code hashes are made at, and the agency's day (the seed rides "today" and counts days
 * back from it), so a run that passes midnight seeds again rather than copy yesterday's rides.
 */
function templateKey(config: PortalConfig, now = new Date()): string {
  const inputs = { config, hashCost: hashCost(), day: periodAround(now, "day").starts.toISOString() };
  return createHash("sha256").update(JSON.stringify(inputs)).digest("hex").slice(0, 16);
}

async function seeded(handle: DatabaseHandle, config: PortalConfig): Promise<DatabaseHandle> {
  try {
    await handle.migrate();
    await seedDemoData(handle.db, config);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** A builder that has held a template's lock this long is taken to have died with it. */
const staleLockMs = 180_000;

/**
 * The run's PGlite template for `config`, as a dump on disk. The first to need it takes its lock file,
 * builds it and writes the dump (atomically: written aside, then renamed), and gets the built instance
 * back; one that finds the lock taken waits for the dump rather than build a second one beside it on the
 * same two cores.
 */
async function pgliteTemplate(
  run: TemplateRun,
  config: PortalConfig,
): Promise<{ file: string; built: PGlite | null }> {
  const file = join(run.dir, `${templateKey(config)}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return { file, built: null };
    if (take(lock)) break;
    if (lockAge(lock) > staleLockMs) rmSync(lock, { force: true });
    await setTimeout(100);
  }
  try {
    const client = new PGlite();
    await seeded(fromPglite(client), config);
    const dump = new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer());
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return { file, built: client };
  } finally {
    rmSync(lock, { force: true });
  }
}

/** An in-memory PGlite copy of the run's template for `config`. */
export async function pgliteCopy(config: PortalConfig): Promise<DatabaseHandle> {
  const run = await templateRun();
  if (!run) return seeded(fromPglite(new PGlite()), config);
  const { file, built } = await pgliteTemplate(run, config);
  // The worker's copies of this template are reused (server/test/pglite-pool.ts): a closed one is reset
  // to the template's rows and handed to the next file instead of loading the dump again.
  const client = await acquire(
    file,
    async () => built ?? PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) }),
  );
  const handle = fromPglite(client);
  // Given back once, however often it is closed: twice in the pool, one copy would serve two files.
  let released: Promise<void> | null = null;
  return {
    ...handle,
    close: () => {
      released ??= release(file, client);
      return released;
    },
  };
}

/** Creates `lock` unless it exists: true for the one caller that created it. */
function take(lock: string): boolean {
  try {
    closeSync(openSync(lock, "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function lockAge(lock: string): number {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Opens database `name` on the server; closing the handle drops the database. */
export async function postgresDatabase(adminUrl: string, name: string): Promise<DatabaseHandle> {
  const inner = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name) });
  return {
    ...inner,
    async close() {
      await inner.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Templates this process has seen exist: later copies skip the lock. */
const ensured = new Set<string>();

/**
 * Makes template `name` unless it exists, under an advisory lock so one worker builds it while the others
 * wait. It is built under another name and renamed when complete, and nobody may connect to it, since
 * PostgreSQL copies a template only while no session uses it.
 */
async function ensureTemplate(admin: pg.Client, adminUrl: string, name: string, config: PortalConfig) {
  if (ensured.has(name)) return;
  await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = await seeded(
        await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, building) }),
        config,
      );
      await handle.close();
      await admin.query(`alter database ${building} with allow_connections false`);
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    ensured.add(name);
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext($1))", [name]);
  }
}

function templateName(run: TemplateRun, config: PortalConfig): string {
  return `tpl_${run.runId}_${templateKey(config)}`;
}

/** A new database on the server copied from the run's template for `config`; dropped on close. */
export async function postgresCopy(adminUrl: string, config: PortalConfig): Promise<DatabaseHandle> {
  const run = await templateRun();
  const name = `test_${randomBytes(6).toString("hex")}`;
  if (!run) {
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    return seeded(await postgresDatabase(adminUrl, name), config);
  }
  const template = templateName(run, config);
  await withAdmin(adminUrl, async (admin) => {
    await ensureTemplate(admin, adminUrl, template, config);
    // A file copy (two checkpoints, cheap without fsync) took 0.1 s where the default WAL_LOG took 0.3-0.5.
    await admin.query(`create database ${name} template ${template} strategy file_copy`);
  });
  return postgresDatabase(adminUrl, name);
}

/**
 * Makes the run's template for `config` unless it is there: the global setup makes the deployment's
 * before any file starts, so no file's first hook pays for it.
 */
export async function prepareTemplate(run: TemplateRun, config: PortalConfig): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await withAdmin(adminUrl, (admin) => ensureTemplate(admin, adminUrl, templateName(run, config), config));
  } else {
    await (await pgliteTemplate(run, config)).built?.close();
  }
}
