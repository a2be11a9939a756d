import { randomUUID } from "node:crypto";
import { asDemoRider, expect, type Page, test } from "./fixtures.ts";
import { OrdersPage } from "./models/orders.ts";
import { fromMailbox } from "./models/riders.ts";
import { openProfile } from "./models/signed-in.ts";

/*
 * Order history and the order summary against the real server, in Chromium at a phone's and a desktop's
 * width. The demo rider has 16 past orders (the seed places them through the order service) and the
 * ones the checkout specs bought on the same server before: page 1 lists 12, page 2 the rest (up to
 * 12), counted through the API. Paging goes through the route (Next, Previous, a typed address), an
 * order opens its receipt, which prints alone; an unknown order is "Order not found" and never shows
 * its id. axe scans every screen.
 */

const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const unknownOrder = "00000000-0000-4000-8000-00000000beef";

/**
 * A guest buys the Metro Fare Card through the API as the guest checkout does (a one-time card
 * tokenized by the sandbox gateway, standard mail at no cost) and gets the receipt email.
 */
async function guestBuysAFareCard(page: Page, email: string): Promise<void> {
  const search = await page.request.post("/transit/anonymous/v3.0/product/search", {
    data: { return: "ENTITY", applied_filters: [], sort: [{ key_name: "list_priority", order: "asc" }] },
  });
  const products: Array<{ uuid: string; name: string; list_price: number }> = (await search.json()).data
    .results;
  const card = products.find((product) => product.name === "Metro Fare Card");
  if (!card) throw new Error("no Metro Fare Card in the catalogue");
  const tokenized = await page.request.post("/sandbox-gateway/v1/tokens", {
    data: {
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2030,
      cvc: "123",
      postal_code: "94105",
      name: "Guest",
    },
  });
  const token: string = (await tokenized.json()).data.token;
  const placed = await page.request.post("/transit/anonymous/orders", {
    headers: { "Idempotency-Key": randomUUID() },
    data: {
      email,
      lines: [{ product: card.uuid, quantity: 1, list_price: card.list_price }],
      shipping_method: "standard",
      shipping_address: {
        firstName: "Grace",
        lastName: "Guest",
        address_1: "1 Market St",
        address_2: null,
        country: "US",
        state: "CA",
        city: "San Francisco",
        zipCode: "94105",
        email: null,
      },
      expected_total: card.list_price,
      payments: [{ kind: "card", token, amount: card.list_price }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

for (const size of sizes) {
  test.describe(`orders (${size.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    asDemoRider(
      "the demo rider pages through the history, opens an order and prints its receipt",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        await openProfile(orders.portal);
        // 16 seeded, and whatever the checkout specs bought on this server before this one.
        const total = await orders.orderCount();
        expect(total).toBeGreaterThan(12);
        await orders.openFromMenu();
        await orders.seePage(1, 12);
        await expect(orders.pages().getByRole("link", { name: "Previous" })).toHaveCount(0);
        await orders.portal.checkAccessibility();
        await page.screenshot({ path: `.tmp/test-results/orders-page1-${size.width}.png`, fullPage: true });

        await orders.clickNext();
        await orders.seePage(2, Math.min(12, total - 12));
        await expect(orders.pages().getByRole("link", { name: "Next" })).toHaveCount(total > 24 ? 1 : 0);
        await expect(orders.pages()).toContainText("Page 2");
        await orders.portal.checkAccessibility();

        // By keyboard: Previous goes with page 2, and the keyboard goes on from the new page's heading.
        await orders.pages().getByRole("link", { name: "Previous" }).focus();
        await page.keyboard.press("Enter");
        await orders.seePage(1, 12);
        await expect(page.getByRole("heading", { name: "Your orders, page 1" })).toBeFocused();
        await page.keyboard.press("Tab");
        await expect(orders.rows(1).first().getByRole("link")).toBeFocused();

        const number = (await orders.rows(1).first().getByRole("link").textContent())?.trim() ?? "";
        await page.keyboard.press("Enter");
        await orders.seeReceipt(number);
        await expect(page).toHaveURL(/\/account\/orders\/1\/[0-9a-f-]{36}$/);
        await expect(page.getByRole("heading", { name: `Receipt for order ${number}` })).toBeFocused();
        await orders.portal.checkAccessibility();
        await page.screenshot({ path: `.tmp/test-results/orders-receipt-${size.width}.png`, fullPage: true });

        const prints = await orders.countPrints();
        await orders.clickPrint();
        expect(await prints()).toBe(1);
        await orders.seePrintedAlone(number);
        await page.emulateMedia({ media: "print" });
        await page.screenshot({ path: `.tmp/test-results/orders-print-${size.width}.png`, fullPage: true });
        await page.emulateMedia({ media: "screen" });

        await orders.clickBack();
        await orders.seePage(1, 12);
      },
    );

    asDemoRider(
      "a bookmarked page 2 comes by way of page 1, and the summary of an order reads the same",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        await openProfile(orders.portal);
        const total = await orders.orderCount();
        await page.goto("/account/orders/2");
        await orders.seePage(2, Math.min(12, total - 12));
        const number = await orders.openOrder(2, 0);
        const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";

        await page.goto(`/ordersummary/${id}`);
        await orders.portal.seeHeading("Thank you for your order");
        await orders.seeReceipt(number);
        await expect(page.getByRole("link", { name: "View order history" })).toHaveAttribute(
          "href",
          "/account/orders/1",
        );
        await orders.portal.checkAccessibility();
        await orders.seePrintedAlone(number);
      },
    );

    asDemoRider(
      "Buy again on a past order's pass goes to checkout with that pass, for the same card",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        await openProfile(orders.portal);
        const { id, number, item, cardId } = await orders.findOrder(
          (order) => order.kind === "digital" && order.card_number !== null,
          (line) => line.fulfilment === "pass" || line.fulfilment === "subscription",
        );
        await page.goto(`/account/orders/1/${id}`);
        await orders.seeReceipt(number);
        const buyAgain = page.getByRole("button", { name: `Buy again: ${item}` });
        await expect(buyAgain).toHaveText("Buy again");
        // Value added to a card is not bought again from a receipt.
        await expect(page.getByRole("button", { name: /^Buy again: Stored Value/ })).toHaveCount(0);
        await orders.portal.checkAccessibility();
        await page.screenshot({
          path: `.tmp/test-results/orders-buy-again-${size.width}.png`,
          fullPage: true,
        });
        await buyAgain.click();
        // A pass that can renew itself is asked about by the cart, as Buy now on the products page is.
        const renewal = page.getByRole("alertdialog", { name: "One-time or auto-renew?" });
        await expect(renewal.or(page.getByRole("heading", { name: "Checkout", level: 1 }))).toBeVisible();
        if (await renewal.isVisible()) {
          await orders.portal.seeCentred(renewal);
          await renewal.getByRole("button", { name: "One-time purchase" }).click();
        }
        await expect(page).toHaveURL(/\/checkout$/);
        await orders.portal.seeHeading("Checkout");
        await expect(orders.portal.cartButton()).toHaveAccessibleName("Shopping cart, 1 item");
        await expect(page.getByRole("main")).toContainText(item);
        // For the order's fare card, at today's price.
        const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
        expect(cart).toEqual([expect.objectContaining({ name: item, quantity: 1, faremediaId: cardId })]);
        await orders.portal.checkAccessibility();
      },
    );

    asDemoRider(
      "an unknown order and a page past the last are not found, and the id is never shown",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        await openProfile(orders.portal);
        await page.goto(`/account/orders/1/${unknownOrder}`);
        await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
        await expect(page.locator("body")).not.toContainText(unknownOrder);
        await orders.portal.checkAccessibility();

        await page.goto("/account/orders/9");
        await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
        await orders.portal.checkAccessibility();
        await orders.clickBack();
        await orders.seePage(1, 12);

        await page.goto(`/ordersummary/${unknownOrder}`);
        await orders.portal.seeHeading("Order not found");
        await expect(page.locator("body")).not.toContainText(unknownOrder);
        await orders.portal.checkAccessibility();
      },
    );

    test("a guest's emailed link opens the order summary; a wrong link is not found", async ({ page }) => {
      const orders = new OrdersPage(page);
      const email = `guest-${size.name}-${Date.now()}@example.org`;
      await guestBuysAFareCard(page, email);
      const link = await fromMailbox(page, email, /(\/anonymous\/ordersummary\/[0-9a-f-]{36}\?link=[\w-]+)/);
      await orders.portal.open(link);
      await orders.portal.seeHeading("Thank you for your order");
      await expect(
        page.getByText("The link in your receipt email brings you back to this page"),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "View order history" })).toHaveCount(0);
      await expect(page.getByText(`A receipt was sent to ${email}.`)).toBeVisible();
      await expect(page.getByText(/Card to be shipped to Grace Guest, 1 Market St/)).toBeVisible();
      // The item says the offer it was sold under; the card leg, its purchase number (issue 47).
      await expect(
        page
          .getByRole("rowheader", { name: /Metro Fare Card/ })
          .getByText("A reloadable plastic fare card, mailed to you."),
      ).toBeVisible();
      await expect(page.getByText("Purchase number", { exact: true })).toBeVisible();
      await expect(page.getByText(/^ch_sandbox_/)).toBeVisible();
      await orders.portal.checkAccessibility();
      await page.screenshot({ path: `.tmp/test-results/orders-guest-${size.width}.png`, fullPage: true });
      // In the longer languages too, the receipt fits the screen: its column headings wrap, its
      // amounts and the email's words do not break (the Spanish one was 443 px wide on a phone).
      for (const [current, next, thanks] of [
        ["Language", "Español", "Gracias por su pedido"],
        ["Idioma", "Tiếng Việt", "Cảm ơn bạn đã đặt hàng"],
      ] as const) {
        await orders.portal.chooseLanguage(current, next);
        await orders.portal.seeHeading(thanks);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
      }
      await orders.portal.chooseLanguage("Ngôn ngữ", "English");

      await orders.portal.open(link.replace(/link=[\w-]+/, `link=${"A".repeat(43)}`));
      await orders.portal.seeHeading("Order not found");
      await orders.portal.open(link.replace(/\?link=.*$/, ""));
      await orders.portal.seeHeading("Order not found");
      await orders.portal.checkAccessibility();
    });
  });
}
