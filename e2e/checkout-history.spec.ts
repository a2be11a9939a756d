import { asDemoRider, expect } from "./fixtures.ts";
import { CheckoutPage, productCard } from "./models/checkout.ts";

/*
 * Issue 34, Back, Forward and reload in checkout: Review is a step of the browser's history, so Back
 * from Review returns to Details with every choice kept (the promo, where the pass goes, the payment)
 * and Forward goes to Review again; Back from Details leaves the checkout as it came; a reload keeps
 * the choices. At 1280 and 390 px.
 */

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  asDemoRider.describe(`checkout history on a ${label}`, () => {
    asDemoRider.use({ viewport });
    asDemoRider.describe.configure({ timeout: 120_000 });

    asDemoRider(
      "Back from Review returns to Details with every choice; Forward and reload keep them",
      async ({ page }) => {
        const checkout = new CheckoutPage(page);
        await checkout.portal.open("/products/bus");
        await productCard(page, "Day Pass").getByRole("button", { name: "Buy now" }).click();
        await expect(page).toHaveURL(/\/checkout$/);
        await checkout.seePriced();
        await checkout.choose("Put the pass on", /^Commute card/);
        await checkout.applyPromo("welcome10");
        await checkout.seeTotal("$4.50");
        const details = page.getByRole("button", { name: "Review order" });
        const review = page.getByRole("heading", { name: "Review your order" });

        await checkout.review();
        await page.goBack();
        await expect(page).toHaveURL(/\/checkout$/);
        await expect(details).toBeVisible();
        await expect(review).toHaveCount(0);
        await expect(page.getByText(/WELCOME10 applied/)).toBeVisible();
        await expect(
          checkout.group("Put the pass on").getByRole("radio", { name: /^Commute card/ }),
        ).toBeChecked();
        await checkout.seeTotal("$4.50");

        await page.goForward();
        await expect(review).toBeVisible();
        await expect(page.getByText(/^On the fare card Commute card/)).toBeVisible();

        // Edit takes the Review entry back: one Back from Details leaves the checkout.
        await page.getByRole("button", { name: "Edit" }).click();
        await expect(details).toBeVisible();
        await expect(page).toHaveURL(/\/checkout$/);

        await page.reload();
        await checkout.seePriced();
        await expect(page.getByText(/WELCOME10 applied/)).toBeVisible();
        await expect(
          checkout.group("Put the pass on").getByRole("radio", { name: /^Commute card/ }),
        ).toBeChecked();
        await checkout.seeTotal("$4.50");
        await checkout.portal.checkAccessibility();

        await page.goBack();
        await expect(page).toHaveURL(/\/products\/bus$/);
      },
    );
  });
}
