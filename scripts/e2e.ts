/**
 * npm run test:e2e: Playwright against the built app in Debian's Chromium. Installs Chromium from
 * Debian's packages when it is missing and we may (root), otherwise stops with one line saying how.
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromiumPath } from "../e2e/chromium.ts";

const root = resolve(import.meta.dirname, "..");

if (!existsSync(chromiumPath)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
    if (update.status !== 0 || install.status !== 0 || !existsSync(chromiumPath)) {
      console.error("Could not install Chromium: run `sudo apt-get install -y chromium` and try again.");
      process.exit(1);
    }
  } else {
    console.error(
      "Chromium is missing: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH) and try again.",
    );
    process.exit(1);
  }
}

// The flows site is part of what the suite checks; build it from the machines first (unless the run
// names only other specs, as `npm run flows:replay` does).
const files = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && /\.spec\.ts$/.test(arg));
if (files.length === 0 || files.some((file) => file.includes("flows.spec"))) {
  const flows = spawnSync(process.execPath, [join(root, "scripts", "flows-site.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  if (flows.status !== 0) process.exit(flows.status ?? 1);
}

const dataDir = join(root, ".tmp", `e2e-data-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
const playwright = join(root, "node_modules", "@playwright", "test", "cli.js");
const result = spawnSync(process.execPath, [playwright, "test", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
