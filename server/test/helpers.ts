import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import { buildApp } from "../app.ts";
import { loadPortalConfig } from "../config/portal-config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { ledgerEntries } from "../db/schema.ts";
import type { Clock } from "../domain/clock.ts";
import { defaultHashingLimits } from "../domain/password.ts";
import type { AppleVerifier } from "../gateways/apple.ts";
import type { FacebookSettings } from "../gateways/facebook.ts";
import type { GoogleSettings } from "../gateways/google.ts";
import { databaseUrl, pgliteCopy, postgresCopy, postgresDatabase } from "./database-templates.ts";

export const deploymentFile = resolve(import.meta.dirname, "..", "config", "deployment.json");

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (npm run test:pg), dropped afterwards.
 * Each is a copy of the run's template for `config` (server/test/database-templates.ts).
 */
export async function freshDatabase(config: PortalConfig): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? postgresCopy(adminUrl, config) : pgliteCopy(config);
}

/** A new database with nothing in it, not even migrations (upgrade tests migrate it step by step). */
export async function emptyDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: "pglite", dataDir: null });
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return postgresDatabase(adminUrl, name);
}

/**
 * `instances` handles on the database of `first` (first among them), as that many server instances
 * sharing it would have: each its own pool on PostgreSQL; on PGlite, which one process owns, the one
 * handle. Closing `first` drops the database; close the others before it.
 */
export async function shareDatabase(first: DatabaseHandle, instances: number): Promise<DatabaseHandle[]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || first.driver !== "postgres") return Array.from({ length: instances }, () => first);
  const [row] = await first.db.select({ name: sql<string>`current_database()` }).from(sql`(select 1) as one`);
  const url = databaseUrl(adminUrl, String(row?.name));
  const others = await Promise.all(
    Array.from({ length: instances - 1 }, () => openDatabase({ kind: "postgres", url })),
  );
  return [first, ...others];
}

/** Closes what `shareDatabase` opened, `first` (which drops the database) last. */
export async function closeShared(handles: readonly DatabaseHandle[]): Promise<void> {
  const [first, ...others] = handles;
  for (const handle of new Set(others)) if (handle !== first) await handle.close();
  await first?.close();
}

/** The public origin test apps put in emailed links (PUBLIC_URL). */
export const testPublicUrl = "https://portal.test";

/** A sign-up's body as the portal sends it (the sandbox captcha passes). */
export const signUpBody = (email: string, password: string) => ({
  first_name: "Ada",
  last_name: "Byron",
  email,
  password,
  locale: "en",
  captcha_token: "sandbox-pass",
});

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: PortalConfig;
  close(): Promise<void>;
}

/**
 * Every test file signs up and in many riders from one address; the account endpoints get roomy
 * per-address limits unless a test asks for the production ones (`realisticLimits`).
 */
const roomyLimits = {
  signUp: 1000,
  login: 1000,
  forgotPassword: 1000,
  resetPassword: 1000,
  resendConfirmation: 1000,
};

/** The real app on a fresh database, with a tiny built SPA so fallbacks can be told apart from the API. */
export async function createTestApp(
  options: {
    devMailbox?: boolean;
    rateLimitPerMinute?: number;
    realisticLimits?: boolean;
    /** Changes to the demo deployment (e.g. turning on Apple sign-in or deactivation). */
    configure?: (config: PortalConfig) => PortalConfig;
    apple?: AppleVerifier;
    /** The sandbox identity provider completes every provider given none of its own: on unless false. */
    sandboxIdp?: boolean;
    google?: GoogleSettings | null;
    facebook?: FacebookSettings | null;
    operatorToken?: string;
    /** Origin of emailed links; `testPublicUrl` unless given. */
    publicUrl?: string;
    /** The app's clock (`manualClock()` to move time); the system clock unless given. */
    clock?: Clock;
    /** Draws order numbers; random unless given. */
    orderNumbers?: () => string;
    /** A build of the test's own to serve (removed on close); a tiny page unless given. */
    staticDir?: string;
    /** The flows site's folder to serve at /flows/ (none unless given). */
    flowsDir?: string;
    /**
     * A database another app shares (an instance of several), migrated and seeded by the caller, who
     * closes it; a fresh copy of the run's template unless given.
     */
    database?: DatabaseHandle;
    /** Where request budgets are counted (buildApp's rateLimitStore). */
    rateLimitStore?: "database" | "memory";
  } = {},
): Promise<TestApp> {
  const loaded = await loadPortalConfig(deploymentFile);
  const config = options.configure ? options.configure(loaded) : loaded;
  const database = options.database ?? (await freshDatabase(config));
  const staticDir = options.staticDir ?? mkdtempSync(join(tmpdir(), "portal-spa-"));
  if (!options.staticDir) {
    writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>portal</title><div id=root></div>");
  }
  const app = await buildApp({
    database,
    portalConfig: config,
    staticDir,
    flowsDir: options.flowsDir ?? null,
    devMailbox: options.devMailbox ?? true,
    publicUrl: options.publicUrl ?? testPublicUrl,
    ...(options.apple ? { apple: options.apple } : {}),
    ...(options.google !== undefined ? { google: options.google } : {}),
    ...(options.facebook !== undefined ? { facebook: options.facebook } : {}),
    sandboxIdp: options.sandboxIdp ?? true,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.orderNumbers ? { orderNumbers: options.orderNumbers } : {}),
    ...(options.operatorToken ? { operatorToken: options.operatorToken } : {}),
    ...(options.rateLimitPerMinute ? { rateLimitPerMinute: options.rateLimitPerMinute } : {}),
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    ...(options.realisticLimits
      ? {}
      : {
          accountRateLimits: roomyLimits,
          twoFactorRateLimits: { send: 1000, verify: 1000 },
          rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
          passwordWorkPerAddress: 1000,
          connectedAccountLinksPerMinute: 1000,
          // Races of 50 parallel requests test the database, not the hashing line (hashing.test.ts does).
          hashingLimits: { ...defaultHashingLimits, maxWaiting: 1000 },
        }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      try {
        await app.close();
        // Whatever a test file did over HTTP, its books balance when it ends: every suite checks it.
        await assertBooksBalance(database);
      } finally {
        if (!options.database) await database.close();
        rmSync(staticDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Every ledger group sums to zero in each currency and no rider's account (a fare card's purse, a
 * wallet) is below zero. The database refuses both at commit; this catches a trigger lost or weakened.
 */
async function assertBooksBalance(database: DatabaseHandle): Promise<void> {
  const unbalanced = await database.db
    .select({ group: ledgerEntries.entryGroup, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.entryGroup, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  const negative = await database.db
    .select({ account: ledgerEntries.account, currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.account} like 'farecard:%' or ${ledgerEntries.account} like 'wallet:%'`)
    .groupBy(ledgerEntries.account, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) < 0`);
  if (unbalanced.length > 0 || negative.length > 0) {
    throw new Error(`The books do not balance: ${JSON.stringify({ unbalanced, negative })}`);
  }
}

/** The rows of a raw query, as both drivers (PGlite, node-postgres) answer them. */
export function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows as Row[];
  }
  throw new Error("a raw query answered no rows");
}

const migrationsFolder = resolve(import.meta.dirname, "..", "db", "migrations");

/** A copy of the migrations folder as it was when `tag` was the last migration (upgrade tests). */
export function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "portal-migrations-"));
  mkdirSync(join(folder, "meta"));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; idx: number }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries)
    copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}
