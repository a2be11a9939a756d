import { asDemoRider, expect, test } from "./fixtures.ts";
import { CheckoutPage, giaGuestAddress, productCard } from "./models/checkout.ts";

/*
 * Issue 34, Back, Forward and reload in checkout: Review is a step of the browser's history, so Back
 * from Review returns to Details with every choice kept (the promo, where the pass goes, the payment)
 * and Forward goes to Review again; Back from Details leaves the checkout as it came; a reload keeps
 * the choices. After a decline on a guest's physical order, the address the guest typed is shown with
 * "Change address", never an empty form; a guest's reload keeps the address, the shipping method and
 * the receipt email, and asks for the card again. At 1280 and 390 px.
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

    test("a guest's declined physical order keeps the address shown, with Change address", async ({
      page,
    }) => {
      const checkout = new CheckoutPage(page);
      await checkout.guestBuysMetroFareCard();
      await checkout.seePriced();
      await checkout.fillAddress(giaGuestAddress);
      await checkout.choose("Shipping method", /Standard mail/);
      const email = `declined-${label}-${Date.now()}@example.org`;
      // Declined whenever it is charged (the sandbox gateway's test card).
      await checkout.payAsGuest(email, "4000000000009995");
      await checkout.review();
      await checkout.placeOrder();
      await checkout.seeAlert(/declined/);
      const shipping = page.getByRole("region", { name: "Shipping" });
      await expect(shipping.getByText(/Gia Guest, 1 Market St, San Francisco/)).toBeVisible();
      await expect(shipping.getByRole("textbox")).toHaveCount(0);
      await shipping.getByRole("button", { name: "Change address" }).click();
      await expect(shipping.getByRole("textbox", { name: /Address Line 1|Street/ }).first()).toHaveValue(
        "1 Market St",
      );
      await checkout.portal.checkAccessibility();
    });

    test("a guest's reload keeps the address, shipping and receipt email, and asks for the card again", async ({
      page,
    }) => {
      const checkout = new CheckoutPage(page);
      await checkout.guestBuysMetroFareCard();
      await checkout.seePriced();
      await checkout.fillAddress(giaGuestAddress);
      await checkout.choose("Shipping method", /Priority mail/);
      const email = `reload-${label}-${Date.now()}@example.org`;
      await checkout.payAsGuest(email, "4242424242424242");
      await checkout.review();

      await page.reload();
      await checkout.seePriced();
      const shipping = page.getByRole("region", { name: "Shipping" });
      await expect(shipping.getByText(/Gia Guest, 1 Market St, San Francisco/)).toBeVisible();
      await expect(
        checkout.group("Shipping method").getByRole("radio", { name: /Priority mail/ }),
      ).toBeChecked();
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
      await expect(page.getByLabel("Confirm Email")).toHaveValue(email);
      // The card is never kept: it is asked for again, and nothing of it is in the tab's storage.
      await expect(page.getByRole("button", { name: "Enter a card" })).toBeVisible();
      const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
      expect(stored).not.toContain("4242424242424242");
      expect(stored).not.toMatch(/tok_/);
      await checkout.portal.checkAccessibility();
    });
  });
}
