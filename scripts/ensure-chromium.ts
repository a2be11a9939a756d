/**
 * Debian's Chromium for the scripts that drive it (npm run test:e2e, npm run budget, npm run bench):
 * installed from Debian's packages, with its headless shell (e2e/chromium.ts), when missing and we
 * may (root); otherwise the run stops with one line saying how.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath, headlessShellPath, testBrowserPath } from "../e2e/chromium.ts";

/** Installs Debian packages as root: first from the package lists there are, then after refreshing them. */
function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env }).status === 0;
  if (install()) return true;
  return spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 && install();
}

/** The test browser's path, after installing it when it is missing (exits with how to, if it cannot). */
export function ensureTestBrowser(): string {
  const missing = [
    ...(existsSync(chromiumPath) ? [] : ["chromium"]),
    // The lighter headless build of the same Chromium; the full browser does without it.
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
  return browser;
}
