/**
 * npm run test:pg: the server tests that can answer differently on PostgreSQL, run against a real
 * PostgreSQL 15 server instead of PGlite: every file that opens a database (scripts/engine-files.ts);
 * `npm run test:server` has run the rest, which never reach one. Files named after `--` run instead,
 * chosen or not, and other arguments go to vitest: `npm run test:pg -- server/routes/accounts/users.test.ts`.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { engineFiles } from "./engine-files.ts";
import { failureRecap, vitestResults } from "./failure-recap.ts";
import { startPostgres } from "./pg-server.ts";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
// A name or filter of the caller's (anything that is not an option) replaces the chosen files.
const named = args.some((arg) => !arg.startsWith("-"));
const files: string[] = [];
if (!named) {
  const { all, chosen } = engineFiles(root);
  const reasons = new Map<string, number>();
  for (const { reason } of chosen) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  console.log(`test:pg runs the ${chosen.length} of ${all.length} server test files that open a database:`);
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(count).padStart(3)} ${reason}`);
  }
  files.push(...chosen.map(({ file }) => file));
}

const server = await startPostgres();
console.log(`PostgreSQL 15 running at ${server.url}`);
let status = 1;
try {
  const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
  // Its results (failures, each file's and test's time) go where `npm run test:timings` reads them.
  const results = vitestResults("pg");
  const result = spawnSync(
    process.execPath,
    [vitest, "run", "--project", "server", ...results.args, ...args, ...files],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...results.env, TEST_DATABASE_URL: server.url },
    },
  );
  status = result.status ?? 1;
  if (status !== 0) console.log(`\n${failureRecap(["pg"])}`);
} finally {
  server.stop();
}
process.exit(status);
