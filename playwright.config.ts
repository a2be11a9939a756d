import { defineConfig } from "@playwright/test";
import { testLaunchOptions } from "./e2e/chromium.ts";
import { workerPort } from "./e2e/workers.ts";
import { playwrightResultsReporter } from "./scripts/failure-recap.ts";

const port = Number(process.env.E2E_PORT ?? 8181);

/**
 * End-to-end tests against the built app served by `npm start` on throwaway DATA_DIRs, in Debian's
 * Chromium (Playwright's own browser download does not work here): one server per worker
 * (e2e/workers.ts), started by e2e/servers.ts. E2E_WORKERS sets how many workers: 1 by default until
 * two have passed the whole suite twice on a quiet machine (on a busy one, first tests of a worker
 * timed out and orders.spec counted a page 2 of 7 orders where the API said 5).
 */
export default defineConfig({
  testDir: "e2e",
  // One folder per port: two suites running at once (each on its own E2E_PORT) never wipe each
  // other's traces.
  outputDir: process.env.E2E_PORT ? `.tmp/test-results-${port}` : ".tmp/test-results",
  globalSetup: "./e2e/servers.ts",
  // A file's tests run in order in one worker (some build on the one before); the files spread over
  // the workers, and a file whose tests stand alone says so (test.describe.configure parallel).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // A failed test runs once more, with a full trace of that attempt (DOM snapshots, network, console);
  // the run fails all the same, whether the second attempt passes or not (failOnFlakyTests). Recording
  // DOM snapshots on every first attempt, for the few that fail, cost 8-17 % of the test time (two specs,
  // 26 tests: 69-75 s of test time with them, 61-63 s without).
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], playwrightResultsReporter()],
  use: {
    // Each worker's own server: Playwright sets TEST_PARALLEL_INDEX before a worker reads this file.
    baseURL: `http://localhost:${workerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`,
    launchOptions: testLaunchOptions,
    // A failed test keeps a screenshot of its end, and its retry records the trace (see retries); the
    // trace's screencast frames are left out: recording them cost about 15 % of the suite's time.
    trace: { mode: "on-first-retry", screenshots: false, sources: false },
    screenshot: "only-on-failure",
    // No slides or fades (the CSS honours prefers-reduced-motion), so no step waits on an animation;
    // the first-visit journeys turn motion back on to see every dialog close for real.
    reducedMotion: "reduce",
  },
});
