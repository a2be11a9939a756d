import { asDemoRider, expect, type Request, test } from "./fixtures.ts";
import { goodCard, PaymentMethodsPage } from "./models/payment-methods.ts";
import { openProfile } from "./models/signed-in.ts";

/*
 * The Payment Methods screen against the real server and its sandbox gateway, in Chromium at a phone's
 * and a desktop's width: cards (declined, then saved), a bank account, the default, removal after a
 * centred question, and the PayPal round trip through the sandbox's approval page and back (approved,
 * cancelled, and a forged return). Tests that change data sign a new rider up; the demo rider is only
 * looked at.
 */

const desktop = { width: 1280, height: 800 } as const;
const phone = { width: 390, height: 844 } as const;

/** Every body our API received for saved payment methods (never the gateway's). */
function recordApiBodies(page: import("@playwright/test").Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request: Request) => {
    if (new URL(request.url()).pathname.startsWith("/transit/payment_methods")) {
      bodies.push(request.postData() ?? "");
    }
  });
  return bodies;
}

test.describe("payment methods", () => {
  test("a rider adds cards and a bank account, sets the default and removes them (desktop)", async ({
    page,
  }) => {
    await page.setViewportSize(desktop);
    // The page's clock, so the success line's 3 seconds pass when the test says (time flows meanwhile).
    await page.clock.install();
    const screen = new PaymentMethodsPage(page);
    const apiBodies = recordApiBodies(page);
    await screen.signInAsNewRider("cards");
    await screen.open();
    await expect(page.getByText(/You have no saved payment methods yet/)).toBeVisible();
    await expect(
      page.getByText(/Apple Pay, Google Pay and cash at a store cannot be added here/),
    ).toBeVisible();
    await screen.portal.checkAccessibility();

    await screen.clickAdd("Card");
    await expect(page.getByRole("form", { name: "Add a card" })).toBeVisible();
    await screen.saveCard();
    await expect(page.getByLabel("First name on card")).toHaveAccessibleDescription(
      "First name on card can not be empty.",
    );
    await expect(page.getByLabel("Last name on card")).toHaveAccessibleDescription(
      "Last name on card can not be empty.",
    );
    await screen.fillCard({ ...goodCard, number: "4000000000000002", nickname: "Work card" });
    await expect(page.getByLabel("Card Number")).toHaveValue("4000 0000 0000 0002");
    await expect(page.getByLabel("Card Number")).toHaveAccessibleDescription(/Visa/);
    await screen.screenshot("card-form-1280");
    await screen.portal.checkAccessibility();
    await screen.saveCard();
    await screen.seeAlert("Your card was declined.");
    await expect(page.getByLabel("CVV")).toHaveValue("");
    await expect(page.getByLabel("Card Number")).toHaveValue("4000 0000 0000 0002");
    await expect(page.getByLabel("Nickname (optional)")).toHaveValue("Work card");

    await screen.fillCard({ number: "4242424242424242", cvv: "123" });
    await screen.saveCard();
    await screen.seeNotice("Payment method added.");
    // The spec's alerts clear after 3 seconds: the line goes, the card stays.
    await page.clock.fastForward(3000);
    await expect(page.getByRole("status").filter({ hasText: "Payment method added." })).toHaveCount(0);
    await screen.seeMethod("Visa •••• 4242");
    await expect(screen.method("Visa •••• 4242")).toContainText("Work card");
    await expect(screen.method("Visa •••• 4242")).toContainText("Expires 12/34");

    await screen.clickAdd("Bank account");
    await screen.fillBank({
      holder: "Ada Rider",
      routing: "110000000",
      account: "000123456789",
      type: "Savings",
    });
    await page.getByRole("button", { name: "Save bank account" }).click();
    await screen.seeMethod("Sandbox Bank savings •••• 6789");

    await screen.setDefault("Sandbox Bank savings •••• 6789");
    await screen.seeNotice("Default payment method updated.");
    await screen.seeDefault("Sandbox Bank savings •••• 6789");
    await expect(screen.method("Visa •••• 4242").getByText("Default", { exact: true })).toHaveCount(0);
    await screen.screenshot("list-1280");

    const question = await screen.askToRemove("Visa •••• 4242");
    await screen.portal.seeCentred(question);
    await screen.portal.checkAccessibility();
    await screen.screenshot("remove-1280");
    await question.getByRole("button", { name: "Keep" }).click();
    await screen.portal.seeNoDialogLeft();
    await screen.seeMethod("Visa •••• 4242");
    await (await screen.askToRemove("Visa •••• 4242")).getByRole("button", { name: "Remove" }).click();
    await screen.portal.seeNoDialogLeft();
    await screen.seeNotice("Payment method removed.");
    await screen.dontSeeMethod("Visa •••• 4242");
    await (await screen.askToRemove("Sandbox Bank savings •••• 6789"))
      .getByRole("button", { name: "Remove" })
      .click();
    await screen.portal.seeNoDialogLeft();
    await screen.dontSeeMethod("Sandbox Bank savings •••• 6789");
    await expect(page.getByText(/You have no saved payment methods yet/)).toBeVisible();

    // Our API never saw a card number, a security code or an account number: only tokens.
    const sent = apiBodies.join("\n");
    expect(sent).toContain("tok_");
    expect(sent).not.toMatch(/4242424242424242|4000000000000002|000123456789|"cvc"|"number"/);
  });

  test("PayPal: approved on the sandbox page, back with the list; cancelled; a forged return (phone)", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    const screen = new PaymentMethodsPage(page);
    await screen.signInAsNewRider("paypal");
    await screen.open();
    await screen.clickAdd("PayPal");
    await expect(page.getByRole("heading", { name: "PayPal Sandbox" })).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();
    // A full page load: the session is restored, the state checked and PayPal added.
    await screen.seeTheList();
    await screen.seeNotice("Payment method added.");
    await screen.seeMethod("PayPal");
    await expect(screen.method("PayPal")).toContainText(/@personal\.example\.com/);
    await expect(page).toHaveURL(/\/account\/paymentmethods$/);
    await screen.portal.seeStored("payPalApprovalState", null, "session");
    await screen.screenshot("list-390");
    await screen.portal.checkAccessibility();

    await screen.clickAdd("PayPal");
    await page.getByRole("button", { name: "Cancel" }).click();
    await screen.seeTheList();
    await screen.seeNotice("PayPal was not added");
    await expect(page).toHaveURL(/\/account\/paymentmethods$/);
    await expect(screen.method("PayPal")).toHaveCount(1);

    // A return this tab never asked for (a replayed or forged link) adds nothing.
    await page.goto(
      `/account/paymentmethods?paypal=approved&paypal_token=pptok_forged&state=${"x".repeat(32)}`,
    );
    await screen.seeTheList();
    await screen.seeAlert("Failed to add paypal as a payment method.");
    await expect(screen.method("PayPal")).toHaveCount(1);
    await expect(page).toHaveURL(/\/account\/paymentmethods$/);

    await (await screen.askToRemove("PayPal")).getByRole("button", { name: "Remove" }).click();
    await screen.portal.seeNoDialogLeft();
    await screen.seeNotice("Payment method removed.");
    await screen.dontSeeMethod("PayPal");
  });

  test("a commuter benefits card and the forms fit a phone", async ({ page }) => {
    await page.setViewportSize(phone);
    const screen = new PaymentMethodsPage(page);
    await screen.signInAsNewRider("commuter");
    await screen.open();
    await screen.clickAdd("Commuter benefits card");
    await expect(page.getByText(/cannot be transferred to another card/)).toBeVisible();
    await screen.fillCard({ ...goodCard, number: "5555555555554444" });
    await screen.screenshot("commuter-form-390");
    await screen.portal.checkAccessibility();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "nothing wider than the phone").toBeLessThanOrEqual(phone.width);
    await screen.saveCard();
    await screen.seeMethod("Mastercard •••• 4444");
    await expect(screen.method("Mastercard •••• 4444")).toContainText("Commuter benefits");

    await screen.clickAdd("Bank account");
    await screen.fillBank({ holder: "Ada Rider", routing: "110000001", account: "12345", type: "Checking" });
    await page.getByRole("button", { name: "Save bank account" }).click();
    await expect(page.getByLabel("Routing Number")).toHaveAccessibleDescription(
      "Routing Number is not valid.",
    );
    await screen.screenshot("bank-form-390");
    await screen.portal.checkAccessibility();
    await page.getByRole("button", { name: "Cancel" }).click();
    const question = await screen.askToRemove("Mastercard •••• 4444");
    await screen.portal.seeCentred(question);
    await screen.screenshot("remove-390");
    await screen.portal.checkAccessibility();
    // Escape keeps the method, like Keep.
    await page.keyboard.press("Escape");
    await screen.portal.seeNoDialogLeft();
    await screen.seeMethod("Mastercard •••• 4444");
    await (await screen.askToRemove("Mastercard •••• 4444")).getByRole("button", { name: "Remove" }).click();
    await screen.portal.seeNoDialogLeft();
    await screen.dontSeeMethod("Mastercard •••• 4444");
  });

  asDemoRider("the demo rider's saved card and bank account", async ({ page }) => {
    await page.setViewportSize(desktop);
    const screen = new PaymentMethodsPage(page);
    await openProfile(screen.portal);
    await screen.open();
    await screen.seeMethod("Visa •••• 4242");
    await screen.seeDefault("Visa •••• 4242");
    await expect(screen.method("Visa •••• 4242")).toContainText("Everyday card");
    await screen.seeMethod("Sandbox Bank checking •••• 6789");
    await expect(
      page.getByRole("button", { name: "Set as default: Sandbox Bank checking •••• 6789" }),
    ).toBeVisible();
    await screen.portal.checkAccessibility();
  });
});
