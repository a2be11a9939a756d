/**
 * npm run test:pg: the server suite against a real PostgreSQL 15 server instead of PGlite. Extra
 * arguments go to vitest: `npm run test:pg -- server/routes/accounts/users.test.ts`.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { startPostgres } from "./pg-server.ts";

const root = resolve(import.meta.dirname, "..");
const server = await startPostgres();
console.log(`PostgreSQL 15 running at ${server.url}`);
let status = 1;
try {
  const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
  const result = spawnSync(
    process.execPath,
    [vitest, "run", "--project", "server", ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, TEST_DATABASE_URL: server.url },
    },
  );
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
