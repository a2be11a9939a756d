import { generatePaths } from "../tests/model/harness.ts";
import { cartModel } from "../tests/model/specs/cart.ts";
import { asDemoRider, test } from "./fixtures.ts";
import {
  CartReplay,
  cartCoverage,
  choosePaths,
  pathName,
  skipReason,
  startsAsDemoRider,
} from "./models/cart-replay.ts";
import { riderAddress, samplingFromEnv, samplingReport } from "./models/replay-sampling.ts";

/*
 * The cart model's generated paths (tests/model/specs/cart.ts) replayed in Chromium against the real
 * server (e2e/models/cart-replay.ts): every gesture event is what a rider does on the products pages,
 * the drawer, /cart, the add's dialogs, the top bar's language menu and Sign out; every answer of the
 * cart refresh is what the real server says; every step's state is asserted as the rider sees it (the
 * dialog open, the drawer's lines or empty text, the cart button's count, the stored cart, where buy
 * now and checkout land), and axe scans the page where a path ends.
 *
 * Inputs and products: the model's products are the demo catalogue's own (same uuids): the Day Pass,
 * the airport train (its alert), the 7-Day Pass for the demo rider's Commute card (the renewal choice),
 * the Metro Fare Card (physical: the conflict) and Stored Value $20 ×19 (the 20-ticket limit). A
 * path's items already in the cart are the stored cart, written before the portal's first load. Who
 * walks it follows its events: a visitor (empty storage), a guest (isGuestUser), the demo rider (from
 * the worker's stored session, e2e/models/signed-in.ts, on the page a sign-in lands on), or a fresh
 * unconfirmed rider for "Action Blocked"; a visitor becomes the demo rider by the sign-in dialog,
 * a guest by "Continue as guest", and a rider a visitor by signing out (cart.clear). A change of
 * language (cart.refresh) toggles English and Español; its product search is held by page.route until
 * the answer step, which lets it go (refreshed: the stored names follow the language) or drops it
 * (lost: the cart keeps its texts).
 *
 * Skipped (skipReason in e2e/models/cart-replay.ts; most paths, the live counts are printed when the
 * file loads):
 * - 375 with a change of language or a sign-out while a dialog is open: the language menu and Sign out
 *   are behind the modal dialog.
 * - those whose buy-now or checkout meets a session the browser does not have: the app machine tells
 *   the cart of the session (cart.session), and a path may change it where a rider has no gesture for
 *   it (a sign-in outside "Please sign in before you checkout", a confirmed and an unconfirmed rider
 *   in one path); one browser has one session.
 * - 167 where a visitor, a guest or an unconfirmed rider adds a pass for a fare card: only a signed-in
 *   rider with a card can.
 * - 135 where the cart of a visitor or a guest is cleared: only signing out or an order clears it.
 * - 21 with Checkout on an empty cart: the drawer and /cart offer it only next to lines.
 * - 18 with new prices (cart.repriced): they come from the checkout's quote, which
 *   e2e/checkout-replay.spec.ts walks.
 * - 15 with a gesture after an odd number of language changes (the gestures are named in English).
 * - 1 changing the quantity of a product not in the cart: /cart has a quantity box only for its lines.
 *
 * Replayed (e2e/models/replay-sampling.ts): the fewest paths that reach every state and take every
 * move of the replayable paths, each input at least once, the drawer's own open/close paths, then a
 * seeded draw of 3 among the rest; every replayable path with FLOWS_REPLAY=all.
 */
const all = generatePaths(cartModel);
const replayable = all.filter((path) => skipReason(path) === null);
const sampling = samplingFromEnv(3);
const chosen = choosePaths(all, sampling);
// The drawer's own paths from an empty cart (once e2e/model-replay.spec.ts).
const drawerOnly = new Set(["xstate.init", "cart.open", "cart.close"]);
for (const path of replayable) {
  const drawer =
    path.input?.items.length === 0 &&
    !path.input.guest &&
    path.steps.length > 1 &&
    path.steps.every((step) => drawerOnly.has(step.event.type));
  if (drawer && !chosen.includes(path)) chosen.push(path);
}
console.log(samplingReport("cart", all, chosen, sampling, skipReason, cartCoverage));

test.describe("cart model paths in Chromium", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 60_000 });

  for (const [index, path] of chosen.entries()) {
    // A path that starts with the demo rider opens with the rider's stored session.
    const as = startsAsDemoRider(path) ? asDemoRider : test;
    as(`path ${index + 1}: ${pathName(path)}`, async ({ page }) => {
      // Each path's rider signs in (or up) from an address of its own (the server counts per address).
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": riderAddress("203.0.113", index) });
      const replay = new CartReplay(page, path);
      await replay.start();
      await replay.replay();
    });
  }
});
