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
