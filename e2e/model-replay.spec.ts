import { expect, test } from "@playwright/test";
import { generatePaths } from "../tests/model/harness.ts";
import { cartModel } from "../tests/model/specs/cart.ts";
import { Portal } from "./models/portal.ts";

/**
 * Generated model paths replayed in Chromium against the real app, through the page objects: what the
 * model says a rider can do, a rider can do in the browser. The session machine joins when it exists.
 */
const drawerEvents = new Set(["xstate.init", "cart.open", "cart.close"]);
/** The drawer's own paths from an empty cart (adding and buying are walked in shop.spec.ts). */
const cartPaths = generatePaths(cartModel).filter(
  (path) =>
    path.input?.items.length === 0 &&
    !path.input.guest &&
    path.steps.length > 1 &&
    path.steps.every((step) => drawerEvents.has(step.event.type)),
);

test.describe("cart model paths in Chromium", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [index, path] of cartPaths.entries()) {
    const events = path.steps.map((step) => step.event.type).filter((type) => type !== "xstate.init");
    test(`path ${index + 1}: ${events.join(" → ")}`, async ({ page }) => {
      const portal = new Portal(page);
      await portal.open("/");
      await portal.seeHeading("Sign in");
      const drawer = page.getByRole("dialog", { name: "Shopping cart" });
      for (const step of path.steps) {
        switch (step.event.type) {
          case "cart.open":
            await portal.openCart();
            break;
          case "cart.close":
            await portal.closeCart();
            break;
        }
        const open = (step.state as { value: { drawer: string } }).value.drawer === "open";
        if (open) {
          await expect(drawer).toBeVisible();
          await expect(drawer.getByText("Your shopping cart is empty.")).toBeVisible();
        } else {
          await expect(drawer).toBeHidden();
          await expect(portal.cartButton()).toBeVisible();
        }
      }
      await portal.checkAccessibility();
    });
  }
});
