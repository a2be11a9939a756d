import { type BrowserContextOptions, test as base } from "@playwright/test";
import { DemoRiderSession } from "./models/signed-in.ts";

export * from "@playwright/test";

/** Browser storage as Playwright saves and restores it. */
type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * The suite's `test`: Playwright's, with each worker's demo rider session (e2e/models/signed-in.ts),
 * signed in the first time a test asks for it. Every spec takes `test` from here: Playwright gives a
 * worker only tests with the same worker fixtures (it replaces the worker, browser and all, for a
 * test with other ones), and runs a file's tests in order only among those.
 */
export const test = base.extend<object, { demoRiderSession: DemoRiderSession }>({
  // Each test's browser comes from an address of its own (X-Forwarded-For, which the e2e servers
  // trust from loopback), as riders do: the per-address budgets (20 sign-ins a minute) are each
  // test's, not the whole run's, so a burst of sign-ins in quick specs never refuses the next spec's
  // rider. A spec that sets its own (the replays) keeps it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    let hash = 0;
    for (const char of `${testInfo.testId}:${testInfo.retry}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    await use({
      "X-Forwarded-For": `100.${64 + (hash % 64)}.${(hash >>> 6) % 256}.${((hash >>> 14) % 254) + 1}`,
    });
  },
  demoRiderSession: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
      const session = new DemoRiderSession(browser, baseURL);
      // Signed in here, on the worker's own clock rather than the first test's. A failed attempt
      // fails no test by itself: each test asks again (DemoRiderSession.current).
      await session.current().catch(() => undefined);
      await use(session);
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

/**
 * `test` whose page starts with the demo rider signed in (DemoRiderSession): the test opens any page
 * and finds the rider's session restored, as on the rider's next visit.
 */
export const asDemoRider = test.extend<{ demoRiderState: StorageState }>({
  // A sign-in made again here (the worker's failed, or a test ended its session) is set-up on a clock
  // of its own, not the test's.
  demoRiderState: [
    async ({ demoRiderSession }, use) => {
      await use(await demoRiderSession.current());
    },
    { timeout: 90_000 },
  ],
  storageState: async ({ demoRiderState }, use) => {
    await use(demoRiderState);
  },
});
