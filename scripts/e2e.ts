/**
 * npm run test:e2e: Playwright against the built app in Debian's Chromium. Installs Chromium from
 * Debian's packages (and its headless shell, which the suite prefers: e2e/chromium.ts) when missing and
 * we may (root), otherwise stops with one line saying how.
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromiumPath, headlessShellPath, testBrowserPath } from "../e2e/chromium.ts";

const root = resolve(import.meta.dirname, "..");

/** Installs Debian packages as root: first from the package lists there are, then after refreshing them. */
function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env }).status === 0;
  if (install()) return true;
  return spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 && install();
}

const missing = [
  ...(existsSync(chromiumPath) ? [] : ["chromium"]),
  // The lighter headless build of the same Chromium (e2e/chromium.ts); the full browser does without it.
  ...(process.env.CHROMIUM_PATH || existsSync(headlessShellPath) ? [] : ["chromium-headless-shell"]),
];
if (missing.length > 0 && process.getuid?.() === 0) {
  console.log(`Installing Debian's ${missing.join(" and ")}...`);
  if (!aptInstall(missing)) console.error(`Could not install ${missing.join(" and ")}.`);
}
const browser = testBrowserPath();
if (!existsSync(browser)) {
  console.error(
    "Chromium is missing: run `sudo apt-get install -y chromium chromium-headless-shell` (or set CHROMIUM_PATH) and try again.",
  );
  process.exit(1);
}
if (browser !== headlessShellPath)
  console.log(`e2e runs in ${browser} (chromium-headless-shell would be about a quarter faster).`);

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
