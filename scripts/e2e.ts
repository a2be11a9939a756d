/**
 * npm run test:e2e: Playwright against the built app in Debian's Chromium (installed when missing:
 * ./ensure-chromium.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { headlessShellPath } from "../e2e/chromium.ts";
import { agencies, prepareTemplates } from "../e2e/data-templates.ts";
import { ensureTestBrowser } from "./ensure-chromium.ts";

const root = resolve(import.meta.dirname, "..");

const browser = ensureTestBrowser();
if (browser !== headlessShellPath)
  console.log(`e2e runs in ${browser} (chromium-headless-shell would be about a quarter faster).`);

// What the run needs before its first test, made at once on the machine's two cores: the flows site
// (part of what the suite checks: built from the machines unless the run names only other specs, as
// `npm run flows:replay` does), the portal's build (global setup then finds it current), and a migrated
// and seeded database for each deployment the run's servers serve (e2e/data-templates.ts), which each
// server's first start copies instead of starting cold. One after another they took about 55 s.
const files = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && /\.spec\.ts$/.test(arg));
const dataDir = join(root, ".tmp", `e2e-data-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.E2E_DATA_DIR = dataDir;

const run = (script: string) =>
  new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [join(root, script)], { cwd: root, stdio: "inherit" });
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`${script} exited with ${code}`))));
  });
const wholeSuite = files.length === 0;
const prepared = await Promise.allSettled([
  ...(wholeSuite || files.some((file) => file.includes("flows.spec")) ? [run("scripts/flows-site.ts")] : []),
  run("server/build.ts"),
  // The demo's deployment always; the other agencies' when the whole suite runs.
  prepareTemplates([undefined, ...(wholeSuite ? Object.values(agencies) : [])]),
]);
const failed = prepared.find((result) => result.status === "rejected");
if (failed) {
  console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const playwright = join(root, "node_modules", "@playwright", "test", "cli.js");
const result = spawnSync(process.execPath, [playwright, "test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
