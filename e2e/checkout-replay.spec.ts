import { generatePaths } from "../tests/model/harness.ts";
import { checkoutModel } from "../tests/model/specs/checkout.ts";
import { asDemoRider, test } from "./fixtures.ts";
import {
  CheckoutReplay,
  checkoutCoverage,
  choosePaths,
  pathName,
  skipReason,
} from "./models/checkout-replay.ts";
import { riderAddress, samplingFromEnv, samplingReport } from "./models/replay-sampling.ts";

/*
 * The checkout model's generated paths (tests/model/specs/checkout.ts) replayed in Chromium against the
 * real server, as the demo rider or a guest: every gesture event is what the rider does, every actor
 * answer is what the real server says, and every step's state is asserted as the rider sees it (axe
 * scans the checkout where a path ends on it).
 *
 * How the real server gives each answer: a refused promo is a code that does not exist; a declined leg
 * is a saved Visa 4000 0000 0000 9995 (declined whenever charged) as the restored second leg; a lost
 * reply is the request dropped by page.route (the portal's No Internet Connection dialog is closed
 * first, as a rider does); an ended session is the session deleted through POST /accounts/users/logout
 * while its request waits. A changed price, an unsold product, a refused shipping method, a total that
 * moved before the order and a first leg that cannot pay are the one request changed by page.route (an
 * older list_price, an unknown product, a method code the server does not offer, expected_total + 1, a
 * saved method the rider does not have), which the real server then refuses with its own answer.
 *
 * Skipped (skipReason in e2e/models/checkout-replay.ts; 44 of the 284 paths when this was written, the
 * live counts are printed when the file loads):
 * - 18 paths that choose the wallet: the demo rider's wallet is empty, and the portal offers no empty
 *   wallet (the fixtures' quotes do).
 * - 16 paths with a 409 "still being placed" answer (and the wait after it): the server gives it only
 *   while the same key's first request is still running, which one browser cannot hold open. The
 *   inFlight state is the one state no replayed path reaches.
 * - 10 paths where a guest's session ends: a guest has none.
 *
 * Replayed (e2e/models/replay-sampling.ts): the fewest paths that reach every state and take every
 * move (state, event and answer, next state) of the replayable paths, each input at least once, then
 * a seeded draw of 30 among the rest; every replayable path with `npm run flows:replay -- --all`.
 */
const all = generatePaths(checkoutModel);
const sampling = samplingFromEnv(30);
const chosen = choosePaths(all, sampling);
console.log(samplingReport("checkout", all, chosen, sampling, skipReason, checkoutCoverage));

test.describe("checkout model paths in Chromium", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 60_000 });

  for (const [index, path] of chosen.entries()) {
    // A rider's path opens with the demo rider's stored session; a guest's with empty storage.
    const as = path.input?.guest ? test : asDemoRider;
    as(`path ${index + 1}: ${pathName(path)}`, async ({ page }) => {
      // Each path's requests come from an address of its own (the server counts per address).
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": riderAddress("192.0.2", index) });
      const replay = new CheckoutReplay(page, path);
      await replay.start();
      await replay.replay();
    });
  }
});
