import { asDemoRider, expect, type Page } from "./fixtures.ts";
import { CheckoutPage } from "./models/checkout.ts";
import { OrdersPage } from "./models/orders.ts";

/*
 * Where am I after a navigation (issue 34), in Chromium at a phone's and a desktop's width: a page the
 * rider goes to opens at the top with the keyboard's focus on its heading (the receipt focuses its own),
 * whether reached from a row's link or the pages' Next at the foot of the list; Back puts the earlier page back where the
 * rider had scrolled it, and Forward the later one at its top. The checkout's Review is a step of its
 * own: it opens at the top, Back returns to Details where the rider was, and the placed order's receipt
 * opens with its thanks and number in view.
 */

const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** The window's scroll once it has stopped moving (a wheel scrolls smoothly). */
async function still(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrollY(page);
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
  return last;
}
/** The window back where the rider had scrolled it (`y`), or as near as the page's height now allows. */
async function seeScrolledBackTo(page: Page, y: number): Promise<void> {
  const back = await page.evaluate(
    (top) => Math.min(top, document.documentElement.scrollHeight - window.innerHeight),
    y,
  );
  await expect.poll(() => scrollY(page)).toBeGreaterThan(back - 3);
  expect(await still(page)).toBeLessThan(back + 3);
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active && /^H[1-6]$/.test(active.tagName) ? (active.textContent ?? "") : null;
  });

for (const size of sizes) {
  asDemoRider.describe(`navigation (${size.name})`, () => {
    asDemoRider.use({ viewport: { width: size.width, height: size.height } });

    asDemoRider(
      "a new page opens at its top, focused on its heading; Back returns to where the rider was",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        await page.goto("/account/orders/1");
        await orders.seePage(1, 12);
        // Down to the last order of the page, as a rider scrolls.
        const last = orders.rows(1).last().getByRole("link");
        await last.scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 400);
        await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
        const left = await still(page);

        const number = (await last.textContent())?.trim() ?? "";
        await last.click();
        await orders.seeReceipt(number);
        await expect.poll(() => scrollY(page)).toBe(0);
        await expect.poll(() => focusedHeading(page)).toMatch(new RegExp(`${number}|Receipt|order`, "i"));

        await page.goBack();
        await orders.seePage(1, 12);
        await seeScrolledBackTo(page, left);

        await page.goForward();
        await orders.seeReceipt(number);
        await expect.poll(() => scrollY(page)).toBe(0);
      },
    );

    asDemoRider(
      "Review opens at its top, Back returns to Details where it was, the receipt opens at its thanks",
      async ({ page }) => {
        asDemoRider.setTimeout(90_000);
        const checkout = new CheckoutPage(page);
        await checkout.dayPassForCommuteCard();
        const reviewButton = page.getByRole("button", { name: "Review order" });
        await reviewButton.scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 600);
        const left = await still(page);
        expect(left).toBeGreaterThan(0);

        await reviewButton.click();
        await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
        await expect.poll(() => scrollY(page)).toBe(0);
        await expect.poll(() => focusedHeading(page)).toBe("Checkout");

        await page.goBack();
        await expect(reviewButton).toBeVisible();
        await seeScrolledBackTo(page, left);

        await page.goForward();
        await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
        const place = page.getByRole("button", { name: "Place order" });
        await place.scrollIntoViewIfNeeded();
        await place.click();
        await expect(page).toHaveURL(/\/ordersummary\/[0-9a-f-]{36}$/, { timeout: 20_000 });
        const thanks = page.getByRole("heading", { level: 1, name: "Thank you for your order" });
        await expect(thanks).toBeInViewport();
        await expect.poll(() => scrollY(page)).toBe(0);
      },
    );

    asDemoRider(
      "a link at the foot of a page leads to the next page's top, focused on a heading",
      async ({ page }) => {
        const orders = new OrdersPage(page);
        await page.goto("/account/orders/1");
        await orders.seePage(1, 12);
        const next = orders.pages().getByRole("link", { name: "Next" });
        await next.scrollIntoViewIfNeeded();
        await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
        await next.click();
        await orders.seePage(2);
        await expect.poll(() => scrollY(page)).toBe(0);
        await expect.poll(() => focusedHeading(page)).not.toBeNull();
      },
    );
  });
}
