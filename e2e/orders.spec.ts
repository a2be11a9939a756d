import { expect, test } from "@playwright/test";
import { demoRider, OrdersPage } from "./models/orders.ts";

/*
 * Order history and the order summary against the real server, in Chromium at a phone's and a desktop's
 * width. The demo rider has 16 past orders (the seed places them through the order service): page 1
 * lists 12, page 2 the other 4. Paging goes through the route (Next, Previous, a typed address), an
 * order opens its receipt, which prints alone; an unknown order is "Order not found" and never shows
 * its id. axe scans every screen.
 */

const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const unknownOrder = "00000000-0000-4000-8000-00000000beef";

for (const size of sizes) {
  test.describe(`orders (${size.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test("the demo rider pages through the history, opens an order and prints its receipt", async ({
      page,
    }) => {
      const orders = new OrdersPage(page);
      await orders.signIn(demoRider);
      await orders.openFromMenu();
      await orders.seePage(1, 12);
      await expect(orders.pages().getByRole("link", { name: "Previous" })).toHaveCount(0);
      await orders.portal.checkAccessibility();
      await page.screenshot({ path: `.tmp/test-results/orders-page1-${size.width}.png`, fullPage: true });

      await orders.clickNext();
      await orders.seePage(2, 4);
      await expect(orders.pages().getByRole("link", { name: "Next" })).toHaveCount(0);
      await expect(orders.pages()).toContainText("Page 2");
      await orders.portal.checkAccessibility();

      await orders.clickPrevious();
      await orders.seePage(1, 12);

      const number = await orders.openOrder(1, 0);
      await expect(page).toHaveURL(/\/account\/orders\/1\/[0-9a-f-]{36}$/);
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
    });

    test("a bookmarked page 2 comes by way of page 1, and the summary of an order reads the same", async ({
      page,
    }) => {
      const orders = new OrdersPage(page);
      await orders.signIn(demoRider);
      await page.goto("/account/orders/2");
      await orders.seePage(2, 4);
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
    });

    test("an unknown order and a page past the last are not found, and the id is never shown", async ({
      page,
    }) => {
      const orders = new OrdersPage(page);
      await orders.signIn(demoRider);
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
    });
  });
}
