import { asDemoRider, expect, test } from "./fixtures.ts";
import { CheckoutPage, giaGuestAddress } from "./models/checkout.ts";
import { PaymentMethodsPage } from "./models/payment-methods.ts";
import { demoRider } from "./models/riders.ts";

/*
 * The checkout against the real server, its quote and order API and the sandbox gateway, in Chromium
 * at a desktop's and a phone's width: the demo rider buys a pass for a fare card with WELCOME10 split
 * over the saved Visa and the bank account; a second leg on a card that is declined when charged says
 * which leg failed and that the other was not charged; a guest buys a physical card with a one-time
 * card and shipping. axe scans /checkout and /anonymous/checkout.
 */

const orderSummaryUrl = /\/ordersummary\/[0-9a-f-]{36}$/;

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`checkout on a ${label}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    asDemoRider(
      "the demo rider buys a pass for a fare card with WELCOME10, split over the Visa and the bank account",
      async ({ page }) => {
        const checkout = new CheckoutPage(page);
        await checkout.dayPassForCommuteCard();
        await checkout.portal.checkAccessibility();
        await checkout.seeNoSidewaysScroll();
        // The saved default is chosen already.
        await expect(checkout.group("Pay with").getByRole("radio", { name: /Visa •••• 4242/ })).toBeChecked();

        // The Day Pass is $5.00; WELCOME10 takes 10% off. The status can show before the new price is
        // drawn, so the total itself is waited for.
        await checkout.seeTotal("$5.00");
        await checkout.applyPromo("welcome10");
        await expect(page.getByText(/WELCOME10 applied: .+ off/)).toBeVisible();
        await checkout.seeTotal("$4.50");

        await checkout.split("1.00", /Sandbox Bank checking •••• 6789/);
        await expect(page.getByText(/The second method pays \$/)).toBeVisible();
        await checkout.portal.checkAccessibility();
        await checkout.review();
        // The card the pass was bought for is said on Review too, not only when checkout asked it.
        await expect(
          page.getByText(/^On the fare card Commute card •••• \d{4}: tap it to ride\.$/),
        ).toBeVisible();
        const legs = page.getByRole("list", { name: "Payment" }).getByRole("listitem");
        await expect(legs).toHaveCount(2);
        await expect(legs.nth(0)).toContainText("Visa •••• 4242");
        await expect(legs.nth(0)).toContainText("$1.00");
        await expect(legs.nth(1)).toContainText("Sandbox Bank checking •••• 6789");
        await checkout.seeTotal("$4.50");
        await checkout.portal.checkAccessibility();
        await checkout.placeOrder();
        await expect(page).toHaveURL(orderSummaryUrl, { timeout: 20_000 });
        await expect(checkout.portal.cartButton()).toHaveAccessibleName("Shopping cart, 0 items");
      },
    );

    asDemoRider(
      "a declined second leg says which method failed and that the first was not charged",
      async ({ page }) => {
        const checkout = new CheckoutPage(page);
        await checkout.dayPassForCommuteCard();
        // A card that saves, then is declined for insufficient funds whenever it is charged.
        const methods = new PaymentMethodsPage(page);
        await page.goto("/account/paymentmethods");
        await methods.seeTheList();
        const known = await page.getByText("Visa •••• 9995").count();
        if (known === 0) {
          await methods.clickAdd("Card");
          await methods.fillCard({
            firstName: "Riley",
            lastName: "Rider",
            number: "4000000000009995",
            expiry: "12/34",
            cvv: "123",
            address: "1 Market St",
            zip: "94105",
          });
          await methods.saveCard();
          await methods.seeMethod("Visa •••• 9995");
        }
        await page.goto("/checkout");
        await checkout.seePriced();
        await checkout.split("1.00", /Visa •••• 9995/);
        await checkout.review();
        await checkout.placeOrder();
        await checkout.seeAlert(
          /Visa •••• 9995 was declined for insufficient funds\. Visa •••• 4242 was not charged\./,
        );
        await expect(page).toHaveURL(/\/checkout$/);
        await checkout.portal.checkAccessibility();
        // Chosen again: the bank account pays the second leg.
        await checkout.choose("Second payment method", /Sandbox Bank checking •••• 6789/);
        await checkout.review();
        await checkout.placeOrder();
        await expect(page).toHaveURL(orderSummaryUrl, { timeout: 20_000 });
      },
    );

    asDemoRider(
      "a session that ends mid-checkout signs in again and comes back to the same choices",
      async ({ page }) => {
        const checkout = new CheckoutPage(page);
        await checkout.dayPassForCommuteCard();
        await checkout.split("1.00", /Sandbox Bank checking •••• 6789/);
        // The session ends on the server (as after idle expiry): the next request answers 401.
        await page.evaluate(() => localStorage.setItem("auth_token", "ended-session-token"));
        await checkout.applyPromo("WELCOME10");
        await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
        await checkout.portal.closeSessionExpired();
        await checkout.portal.signIn(demoRider.email, demoRider.password);
        await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
        await checkout.seePriced();
        await expect(
          page.getByRole("checkbox", { name: "Split the payment between two methods" }),
        ).toBeChecked();
        await expect(page.getByRole("textbox", { name: "Amount on the first method" })).toHaveValue("1.00");
        await expect(
          checkout
            .group("Second payment method")
            .getByRole("radio", { name: /Sandbox Bank checking •••• 6789/ }),
        ).toBeChecked();
        await checkout.review();
        await checkout.placeOrder();
        await expect(page).toHaveURL(orderSummaryUrl, { timeout: 20_000 });
      },
    );

    test("a guest buys a physical card with a one-time card and shipping", async ({ page }) => {
      const checkout = new CheckoutPage(page);
      await checkout.guestBuysMetroFareCard();
      await checkout.portal.seeHeading("Guest checkout");
      await checkout.seePriced();
      await checkout.portal.checkAccessibility();
      await checkout.fillAddress(giaGuestAddress);
      await checkout.choose("Shipping method", /Priority mail/);
      await expect(checkout.summary().getByText("Shipping")).toBeVisible();
      const email = `guest-${Date.now()}@example.org`;
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Confirm Email").fill(email);
      await page.getByRole("button", { name: "Enter a card" }).click();
      await checkout.fillCard({
        firstName: "Gia",
        lastName: "Guest",
        number: "4242424242424242",
        expiry: "1234", // typed on a phone keypad: the field writes 12/34
        cvv: "123",
        address: "1 Market St",
        zip: "94105",
      });
      await expect(page.getByText("Card •••• 4242 (this order only)")).toBeVisible();
      await checkout.portal.checkAccessibility();
      await checkout.seeNoSidewaysScroll();
      await checkout.review();
      await expect(page.getByText(`The receipt goes to ${email}.`)).toBeVisible();
      await checkout.placeOrder();
      await expect(page).toHaveURL(/\/anonymous\/ordersummary\/[0-9a-f-]{36}\?link=/, { timeout: 20_000 });
    });
  });
}
