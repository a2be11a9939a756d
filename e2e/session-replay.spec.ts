import { test } from "@playwright/test";
import { generatePaths } from "../tests/model/harness.ts";
import { sessionModel } from "../tests/model/specs/session.ts";
import { samplingFromEnv, samplingReport } from "./models/replay-sampling.ts";
import {
  choosePaths,
  type EnrolledRider,
  enrolRider,
  needsEnrolledRider,
  pathName,
  SessionReplay,
  sessionCoverage,
  skipReason,
} from "./models/session-replay.ts";

/*
 * The session model's generated paths (tests/model/specs/session.ts) replayed in Chromium against the
 * real server.
 */
const all = generatePaths(sessionModel);
const replayable = all.filter((path) => skipReason(path) === null);
const sampling = samplingFromEnv(10);
const chosen = choosePaths(all, sampling);
console.log(samplingReport("session", all, replayable, chosen, sampling, sessionCoverage));
const reasons = new Map<string, number>();
for (const path of all) {
  const reason = skipReason(path);
  if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
}
for (const [reason, count] of reasons) console.log(`  skipped ${count}: ${reason}`);

test.describe("session model paths in Chromium", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 60_000 });

  let enrolled: EnrolledRider | null = null;
  test.beforeAll(async ({ browser }) => {
    if (!chosen.some(needsEnrolledRider)) return;
    const page = await browser.newPage({ reducedMotion: "reduce" });
    enrolled = await enrolRider(page);
    await page.close();
  });

  for (const [index, path] of chosen.entries()) {
    test(`path ${index + 1}: ${pathName(path)}`, async ({ page }) => {
      const replay = new SessionReplay(page, path, enrolled);
      await replay.start();
      await replay.replay();
    });
  }
});
