import { asDemoRider, expect, type Page, test } from "./fixtures.ts";
import { CheckoutPage, productCard } from "./models/checkout.ts";

/*
 * Issue 34, "which fare card?": a pass bought from /products names no card, so checkout asks where it
 * goes before Review, says it on Review, and the receipt says where the pass is and how to ride with
 * it. The demo rider picks a card of theirs (or sees their account offered); a guest names a card by
 * its number and security code (a wrong pair is said, nothing else is lost). At 390 and 1280 px, in
 * English, Spanish and Vietnamese, with axe on the checkout and the receipt.
 */

/** A new adult card of no account, by the dev route (the demo guest card's passes are manage-card.spec.ts's). */
async function freshCard(page: Page): Promise<{ card_number: string; security_code: string }> {
  const issued = await page.request.post("/dev/transit/fare_media", { data: { rider_type: "ADULT" } });
  expect(issued.status(), await issued.text()).toBe(201);
  return (await issued.json()).data;
}

/** A Day Pass from the Bus list, for no fare card, straight to checkout. */
async function dayPassToCheckout(page: Page, checkout: CheckoutPage, guest: boolean): Promise<void> {
  await checkout.portal.open("/products/bus");
  await productCard(page, "Day Pass").getByRole("button", { name: "Buy now" }).click();
  if (guest) {
    const ask = page.getByRole("dialog", { name: "Please sign in before you checkout" });
    await ask.getByRole("button", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(/\/anonymous\/checkout$/);
  } else {
    await expect(page).toHaveURL(/\/checkout$/);
  }
  await checkout.seePriced();
}

const placed = /\/ordersummary\/[0-9a-f-]{36}/;

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`where a pass goes, on a ${label}`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 120_000 });

    asDemoRider(
      "the demo rider is asked which card, chooses one, and the receipt says it",
      async ({ page }) => {
        const checkout = new CheckoutPage(page);
        await dayPassToCheckout(page, checkout, false);
        const where = page.getByRole("region", { name: "Where your pass goes" });
        await expect(where).toBeVisible();
        const group = where.getByRole("radiogroup", { name: "Put the pass on" });
        await expect(group.getByRole("radio", { name: /^Keep it in my account/ })).toBeEnabled();
        const commute = group.getByRole("radio", { name: /^Commute card •••• \d{4}/ });
        await expect(commute).toBeEnabled();
        await checkout.portal.checkAccessibility();
        await checkout.seeNoSidewaysScroll();
        await where.screenshot({ path: `.tmp/destination-rider-${viewport.width}.png` });

        // Review before choosing: said where the choice is made, nothing else lost.
        await page.getByRole("button", { name: "Review order" }).click();
        await checkout.seeAlert("Choose where your pass goes.");
        await expect(page.getByRole("heading", { name: "Review your order" })).toHaveCount(0);

        await checkout.choose("Put the pass on", /^Commute card/);
        const row = group.locator('[data-part="item"]').filter({ hasText: "Commute card" });
        const last4 = /•••• (\d{4})/.exec((await row.textContent()) ?? "")?.[1] ?? "";
        expect(last4).toMatch(/^\d{4}$/);
        await checkout.review();
        await expect(
          page.getByText(`On the fare card Commute card •••• ${last4}: tap it to ride.`),
        ).toBeVisible();
        await checkout.placeOrder();
        await expect(page).toHaveURL(placed, { timeout: 20_000 });
        await expect(
          page.getByText(`Passes added to the fare card •••• ${last4}: tap the card to ride.`),
        ).toBeVisible();
        await checkout.portal.checkAccessibility();
      },
    );

    test("a guest names their card by number and security code; a wrong code is said", async ({ page }) => {
      const checkout = new CheckoutPage(page);
      await dayPassToCheckout(page, checkout, true);
      const card = await freshCard(page);
      const guestLast4 = card.card_number.replace(/\D/g, "").slice(-4);
      const where = page.getByRole("region", { name: "Where your pass goes" });
      await expect(where).toBeVisible();
      await where.getByLabel("Fare card number").fill(card.card_number);
      await where.getByLabel("Security code").fill(card.security_code === "000" ? "001" : "000");
      await where.getByRole("button", { name: "Use this fare card" }).click();
      await expect(where.getByRole("alert").filter({ hasText: "No matches found" })).toBeVisible();
      // What was typed stays, to be corrected.
      await expect(where.getByLabel("Fare card number")).toHaveValue(card.card_number);
      await checkout.portal.checkAccessibility();

      await where.getByLabel("Security code").fill(card.security_code);
      await where.getByRole("button", { name: "Use this fare card" }).click();
      await expect(
        where.getByText(`The pass goes on fare card •••• ${guestLast4}: tap it to ride.`),
      ).toBeVisible();
      await expect(where.getByRole("button", { name: "Use another fare card" })).toBeVisible();
      await where.screenshot({ path: `.tmp/destination-guest-${viewport.width}.png` });
      await checkout.seePriced();

      const email = `guest-pass-${label}-${Date.now()}@example.org`;
      await checkout.payAsGuest(email, "4242424242424242");
      await checkout.portal.checkAccessibility();
      await checkout.seeNoSidewaysScroll();
      await checkout.review();
      await expect(page.getByText(`On the fare card •••• ${guestLast4}: tap it to ride.`)).toBeVisible();
      await checkout.placeOrder();
      await expect(page).toHaveURL(/\/anonymous\/ordersummary\/[0-9a-f-]{36}\?link=/, { timeout: 20_000 });
      await expect(
        page.getByText(`Passes added to the fare card •••• ${guestLast4}: tap the card to ride.`),
      ).toBeVisible();
      await checkout.portal.checkAccessibility();
    });
  });
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`a language switch mid-checkout, on a ${label}`, () => {
    test.use({ viewport });

    asDemoRider(
      "Details and Review name the products in the language chosen, with every choice kept",
      async ({ page }) => {
        const checkout = new CheckoutPage(page);
        await dayPassToCheckout(page, checkout, false);
        await checkout.choose("Put the pass on", /^Keep it in my account/);
        await expect(checkout.summary().getByText("Day Pass")).toBeVisible();

        // In Details: the summary's names come again in Vietnamese; the choice made stays.
        await checkout.portal.chooseLanguage("Language", "Tiếng Việt");
        const summaryVi = page.getByRole("region", { name: "Tóm tắt đơn hàng" });
        await expect(summaryVi.getByText("Vé ngày")).toBeVisible();
        await expect(page.getByRole("radio", { name: /^Giữ trong tài khoản của tôi/ })).toBeChecked();
        await page.getByRole("button", { name: "Xem lại đơn hàng", exact: true }).click();
        await expect(page.getByRole("heading", { name: "Xem lại đơn hàng của bạn" })).toBeVisible();

        // In Review: Review stays, and its names follow a second switch.
        await checkout.portal.chooseLanguage("Ngôn ngữ", "Español");
        await expect(page.getByRole("heading", { name: "Revise su pedido" })).toBeVisible();
        const summaryEs = page.getByRole("region", { name: "Resumen del pedido" });
        await expect(summaryEs.getByText("Pase de un día")).toBeVisible();
        for (const english of ["Day Pass", "Vé ngày", "Order summary", "Review your order"]) {
          await expect(page.getByRole("main").getByText(english, { exact: true })).toHaveCount(0);
        }
        await checkout.portal.checkAccessibility();
      },
    );
  });
}

for (const [language, words] of [
  [
    "es",
    {
      dayPass: "Pase de un día",
      section: "Dónde va su pase",
      account: "Guardarlo en mi cuenta",
      problem: "Elija dónde va su pase.",
    },
  ],
  [
    "vi",
    {
      dayPass: "Vé ngày",
      section: "Nơi đặt vé",
      account: "Giữ trong tài khoản của tôi",
      problem: "Hãy chọn nơi đặt vé của bạn.",
    },
  ],
] as const) {
  test.describe(`where a pass goes, in ${language} on a phone`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    asDemoRider(`asks and says it in ${language}, with no English left`, async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem("Bytemark-CW-lang", code), language);
      const checkout = new CheckoutPage(page);
      await checkout.portal.open("/products/bus");
      await productCard(page, words.dayPass)
        .getByRole("button", { name: /Comprar ahora|Mua ngay/ })
        .click();
      await expect(page).toHaveURL(/\/checkout$/);
      const where = page.getByRole("region", { name: words.section });
      await expect(where).toBeVisible();
      await expect(where.getByRole("radio", { name: new RegExp(`^${words.account}`) })).toBeVisible();
      await page.getByRole("button", { name: /Revisar|Xem lại/ }).click();
      await checkout.seeAlert(words.problem);
      for (const english of [
        "Where your pass goes",
        "Keep it in my account",
        "Put the pass on",
        "tap it to ride",
      ]) {
        await expect(page.getByText(english)).toHaveCount(0);
      }
      await checkout.portal.checkAccessibility();
    });
  });
}
