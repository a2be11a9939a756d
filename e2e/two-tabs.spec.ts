import { asDemoRider, expect, type Page } from "./fixtures.ts";
import { CheckoutPage, productCard } from "./models/checkout.ts";
import { OrdersPage } from "./models/orders.ts";
import { Portal } from "./models/portal.ts";

/*
 * Issue 34, two tabs of one browser: the cart is one (what one tab adds, the other shows at once, by
 * the `storage` event), and a cart placed in one tab is never paid again from the other: the second
 * tab's Place order finds the first tab's order, says so with its number and a link, and charges
 * nothing; and Place order pressed in both tabs in the same instant is one order, paid once (the tabs
 * share the order's Idempotency-Key). At 1280 and 390 px, with axe on what the second tab says.
 */

async function toCheckoutForCommute(page: Page): Promise<CheckoutPage> {
  const checkout = new CheckoutPage(page);
  await page.goto("/checkout");
  await checkout.seePriced();
  await checkout.choose("Put the pass on", /^Commute card/);
  await checkout.seePriced();
  return checkout;
}

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  asDemoRider.describe(`two tabs on a ${label}`, () => {
    asDemoRider.use({ viewport });
    asDemoRider.describe.configure({ timeout: 120_000 });

    asDemoRider(
      "share one cart, and the second tab's Place order finds the first tab's order",
      async ({ page }) => {
        const first = new Portal(page);
        await first.open("/products/bus");
        const second = await page.context().newPage();
        const other = new Portal(second);
        await other.open("/products/bus");
        await expect(other.cartButton()).toHaveAccessibleName("Shopping cart, 0 items");

        await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
        await expect(page.getByRole("dialog", { name: "Shopping cart" }).getByText("Day Pass")).toBeVisible();
        // The other tab shows it without a reload.
        await expect(other.cartButton()).toHaveAccessibleName("Shopping cart, 1 item");

        const late = await toCheckoutForCommute(second);
        await late.review();
        const early = await toCheckoutForCommute(page);
        await early.review();
        await early.placeOrder();
        await expect(page).toHaveURL(/\/ordersummary\/[0-9a-f-]{36}$/, { timeout: 20_000 });
        await first.seeHeading("Thank you for your order");
        const number = /TP-\d{8}/.exec(
          await page.getByRole("heading", { name: /Receipt for order/ }).innerText(),
        )?.[0];
        expect(number).toMatch(/^TP-\d{8}$/);

        // The placed order emptied the cart in both tabs; the second tab's Place order charges nothing.
        await expect(other.cartButton()).toHaveAccessibleName("Shopping cart, 0 items");
        await late.placeOrder();
        const said = second.getByRole("status").filter({ hasText: "already ordered in another tab" });
        await expect(said).toHaveText(
          `This cart was already ordered in another tab: order ${number}. Nothing more was charged here.View the order`,
        );
        await other.checkAccessibility();
        await said.getByRole("link", { name: "View the order" }).click();
        await other.seeHeading("Thank you for your order");
        await expect(second.getByRole("heading", { name: `Receipt for order ${number}` })).toBeVisible();

        // One order, not two: the newest in history is that one, and the one before it is older.
        await second.goto("/account/orders/1");
        await expect(second.getByRole("row").filter({ hasText: number ?? "" })).toHaveCount(1);
        await second.close();
      },
    );

    asDemoRider(
      "Place order pressed in both tabs in the same instant is one order, paid once",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        const first = new Portal(page);
        await first.open("/products/bus");
        const before = await orders.orderCount();
        await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
        await expect(page.getByRole("dialog", { name: "Shopping cart" }).getByText("Day Pass")).toBeVisible();
        const second = await page.context().newPage();
        const early = await toCheckoutForCommute(page);
        await early.review();
        const late = await toCheckoutForCommute(second);
        await late.review();

        await Promise.all([early.placeOrder(), late.placeOrder()]);
        await expect(page).toHaveURL(/\/ordersummary\/[0-9a-f-]{36}$/, { timeout: 20_000 });
        const number = /TP-\d{8}/.exec(
          await page.getByRole("heading", { name: /Receipt for order/ }).innerText(),
        )?.[0];
        expect(number).toMatch(/^TP-\d{8}$/);
        // The second tab shows the same order: its receipt, or that the other tab ordered it.
        await expect(
          second
            .getByRole("heading", { name: `Receipt for order ${number}` })
            .or(
              second
                .getByRole("status")
                .filter({ hasText: `already ordered in another tab: order ${number}` }),
            ),
        ).toBeVisible({ timeout: 20_000 });
        expect(await orders.orderCount()).toBe(before + 1);
        await second.close();
      },
    );
  });
}
