import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium; Playwright's own browser download does not work on this machine. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's `chromium-headless-shell`: the same Chromium (Blink, V8, the same version) built for
 * headless use only, which is what Playwright itself runs for headless Chromium. A context and a page
 * load cost about a quarter less CPU than in the full browser's headless mode, so the e2e suite and the
 * bundle budget use it when it is installed (scripts/e2e.ts installs it as root); the full browser stays
 * for what a person looks at or times (screenshots, bench, Lighthouse) and where the shell is missing.
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export const chromiumLaunchOptions: LaunchOptions = { executablePath: chromiumPath, args };

/** The browser the test runner drives: the headless shell when there is one, else the full browser. */
export const testBrowserPath = (): string =>
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

/**
 * The test browser keeps one renderer process for all its pages (a soft limit: Chromium still gives a
 * cross-site frame its own): each test's new context then reuses the warm process instead of starting a
 * renderer and its V8 heap again. Measured on 30 contexts with two page loads each in the headless
 * shell: about 9 % less Chromium CPU and wall time a context.
 */
export const testLaunchOptions: LaunchOptions = {
  executablePath: testBrowserPath(),
  args: [...args, "--renderer-process-limit=1"],
};
