/**
 * Once per run of the server project (vite.config.ts): a fresh place for this run's database templates
 * (server/test/database-templates.ts), so no template of an older schema or seed is ever copied. Runs
 * in one checkout may overlap, so each gets a directory of its own; directories a crashed run left
 * behind are removed once they are a few hours old. The deployment's template, which nearly every file
 * copies, is made here before any file starts.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { loadPortalConfig } from "../config/portal-config.ts";
import { prepareTemplate, type TemplateRun } from "./database-templates.ts";
import { deploymentFile } from "./helpers.ts";
// The workers' hash cost, so the template made here is the one their files look for.
import "./setup.ts";

const root = resolve(import.meta.dirname, "..", "..", ".tmp", "db-templates");
const abandonedAfterMs = 6 * 3600_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(root, { recursive: true });
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (Date.now() - statSync(path).mtimeMs > abandonedAfterMs)
      rmSync(path, { recursive: true, force: true });
  }
  let run = await begin(project);
  // In watch mode a rerun may follow a change to the migrations or the seed: it starts from nothing too.
  project.onTestsRerun(async () => {
    await end(run);
    run = await begin(project);
  });
  return () => end(run);
}

async function begin(project: TestProject): Promise<TemplateRun> {
  const runId = randomBytes(4).toString("hex");
  const run = { runId, dir: join(root, runId) };
  mkdirSync(run.dir, { recursive: true });
  project.provide("databaseTemplates", run);
  await prepareTemplate(run, await loadPortalConfig(deploymentFile));
  return run;
}

async function end(run: TemplateRun): Promise<void> {
  rmSync(run.dir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await dropTemplates(adminUrl, run.runId);
}

/** Drops the run's PostgreSQL templates (named tpl_<runId>_<key> by database-templates.ts). */
async function dropTemplates(adminUrl: string, runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`tpl\\_${runId}\\_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
