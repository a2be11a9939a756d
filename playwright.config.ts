import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/chromium.ts";
import { operatorToken } from "./e2e/operator.ts";
import { playwrightResultsReporter } from "./scripts/failure-recap.ts";

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`;

/**
 * End-to-end tests against the built app served by `npm start` on a throwaway DATA_DIR, in Debian's
 * Chromium (Playwright's own browser download does not work here).
 */
export default defineConfig({
  testDir: "e2e",
  // One folder per port: two suites running at once (each on its own E2E_PORT) never wipe each
  // other's traces.
  outputDir: process.env.E2E_PORT ? `.tmp/test-results-${port}` : ".tmp/test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], playwrightResultsReporter()],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // No slides or fades (the CSS honours prefers-reduced-motion), so no step waits on an animation;
    // the first-visit journeys turn motion back on to see every dialog close for real.
    reducedMotion: "reduce",
  },
  webServer: {
    // What `npm start` runs, on the same Node as the tests.
    command: `"${process.execPath}" server/main.ts`,
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // Behind a proxy on loopback, as a deployment is: a replay spec gives each path its own rider
    // address (X-Forwarded-For), so hundreds of sign-ins never share one address's budget. Specs that
    // send no such header are the loopback address, as before.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      OPERATOR_TOKEN: operatorToken,
      TRUST_PROXY: "127.0.0.1,::1",
    },
  },
});
