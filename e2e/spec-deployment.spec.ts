import { agencies } from "./data-templates.ts";
import { expect, test } from "./fixtures.ts";
import { CheckoutPage } from "./models/checkout.ts";
import { FareCardsPage } from "./models/fare-cards.ts";
import { demoRider, signInAt } from "./models/riders.ts";
import { secondServer } from "./models/second-server.ts";

/*
 * The spec's own configuration (server/config/deployment.spec.json; issue 47), served by a server of its
 * own: no Google, Facebook or Apple, no two-factor, no split payments, no default payment method, where
 * the demo turns each on. The purchase and card journeys run under it at a phone's and a desktop's
 * width: the demo rider buys a Day Pass for the Commute card and adds value to it, each with one method.
 */

const server = secondServer({ port: 8515, name: "spec-deployment", deployment: agencies.spec });

test.describe("the spec's own deployment", () => {
  test.describe.configure({ timeout: 180_000, mode: "serial" });
  test.use({ baseURL: server.baseURL });
  test.beforeAll(() => server.startInHook());
  test.afterAll(() => server.dispose());

  for (const [label, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const) {
    test(`sign-in, a purchase and a card's value, each switch as the spec has it (${label})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const checkout = new CheckoutPage(page);
      const portal = checkout.portal;

      // No identity providers: the sign-in page offers email and password only.
      await portal.open("/login");
      await portal.seeHeading("Sign in");
      for (const provider of ["Google", "Facebook", "Apple"])
        await expect(page.getByRole("button", { name: `Sign in with ${provider}` })).toHaveCount(0);
      await portal.checkAccessibility();
      await signInAt(portal, demoRider);

      // The purchase: one payment method, no split, the promo field there (promoCodeRequired).
      await checkout.dayPassForCommuteCard();
      await expect(page.getByText("Split the payment between two methods")).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Promo code" })).toBeVisible();
      await checkout.choose("Pay with", /Visa •••• 4242/);
      await portal.checkAccessibility();
      await checkout.review();
      await checkout.placeOrder();
      await expect(page).toHaveURL(/\/ordersummary\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      await portal.seeHeading("Thank you for your order");
      await portal.checkAccessibility();

      // The card: value added with one method (no split for loads either).
      const cards = new FareCardsPage(page);
      await cards.open("/faremedia");
      await cards.openCard("Commute card");
      await page.getByRole("button", { name: "Add value", exact: true }).click();
      const add = page.getByRole("region", { name: /^Add value/ });
      await add.getByRole("button", { name: "$10.00" }).click();
      await add.getByRole("button", { name: "Continue" }).click();
      await expect(add.getByText("Split the payment between two methods")).toHaveCount(0);
      const visa = add.getByRole("radio", { name: /Visa •••• 4242/ });
      if (!(await visa.isChecked())) await visa.click({ force: true });
      await portal.checkAccessibility();
      await add.getByRole("button", { name: "Review" }).click();
      await add.getByRole("button", { name: "Pay $10.00" }).click();
      await expect(add.getByRole("status")).toContainText("$10.00 added.");

      // No two-factor section on Account -> Security, no "Set as default" on payment methods.
      await portal.open("/account/security");
      await portal.seeHeading("Security");
      await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toHaveCount(0);
      await portal.open("/account/paymentmethods");
      await portal.seeHeading("Payment methods");
      await expect(page.getByRole("button", { name: /^Set as default/ })).toHaveCount(0);
      await portal.checkAccessibility();
    });
  }
});
