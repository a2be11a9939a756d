import { expect, type Locator, type Page } from "@playwright/test";
import type { OrderDetail, OrderItem, OrderPage, OrderSummary } from "../../src/domain/checkout/order.ts";
import { Portal } from "./portal.ts";
import { signInAt } from "./riders.ts";

/** Order history, an order's receipt and the order summary, as a rider uses them. */
export class OrdersPage {
  readonly portal: Portal;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
  }

  signIn(rider: { email: string; password: string }): Promise<void> {
    return signInAt(this.portal, rider);
  }

  /**
   * How many orders the signed-in rider has, read from the API: other specs on the same server (the
   * checkout's) add orders to the demo rider's 16, so the pages' sizes follow from this count.
   */
  async orderCount(): Promise<number> {
    return (await this.allOrders()).length;
  }

  /**
   * The newest of the signed-in rider's orders that `order` accepts and that has a line `line`
   * accepts, read from the API: its id, number, that line's product name and the order's fare card.
   */
  async findOrder(
    order: (summary: OrderSummary) => boolean,
    line: (item: OrderItem) => boolean,
  ): Promise<{ id: string; number: string; item: string; cardId: string | null }> {
    for (const summary of (await this.allOrders()).filter(order)) {
      const reply = await this.page.request.get(`/transit/orders/${summary.id}`, {
        headers: await this.authorization(),
      });
      expect(reply.status()).toBe(200);
      const detail = ((await reply.json()) as { data: OrderDetail }).data;
      const item = detail.items.find(line);
      if (item) {
        return {
          id: detail.id,
          number: detail.number,
          item: item.name,
          cardId: detail.fare_medium?.id ?? null,
        };
      }
    }
    throw new Error("no order of the rider's has such a line");
  }

  private async authorization(): Promise<{ authorization: string }> {
    const token = await this.page.evaluate(() => localStorage.getItem("auth_token"));
    return { authorization: `Bearer ${token}` };
  }

  /** Every order of the signed-in rider's, newest first, page by page through the API. */
  private async allOrders(): Promise<OrderSummary[]> {
    const headers = await this.authorization();
    const orders: OrderSummary[] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `&after=${encodeURIComponent(after)}` : "";
      const reply = await this.page.request.get(`/transit/orders?limit=50${query}`, { headers });
      expect(reply.status()).toBe(200);
      const { data } = (await reply.json()) as { data: OrderPage };
      orders.push(...data.orders);
      after = data.next;
    } while (after !== null);
    return orders;
  }

  /** Opens Order History from the account menu and waits for its first page. */
  async openFromMenu(): Promise<void> {
    await this.page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Order History" })
      .click();
    await this.portal.seeHeading("Order History");
    await this.seePage(1);
  }

  table(page: number): Locator {
    return this.page.getByRole("table", { name: `Your orders, page ${page}` });
  }

  /** The orders listed on a page (the rows under the header). */
  rows(page: number): Locator {
    return this.table(page).locator("tbody tr");
  }

  async seePage(page: number, count?: number): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/account/orders/${page}$`));
    await expect(this.table(page)).toBeVisible();
    if (count !== undefined) await expect(this.rows(page)).toHaveCount(count);
  }

  pages(): Locator {
    return this.page.getByRole("navigation", { name: "Order history pages" });
  }

  async clickNext(): Promise<void> {
    await this.pages().getByRole("link", { name: "Next" }).click();
  }

  async clickPrevious(): Promise<void> {
    await this.pages().getByRole("link", { name: "Previous" }).click();
  }

  /** Opens the order of a row (0: the newest on the page) and returns its number. */
  async openOrder(page: number, index: number): Promise<string> {
    const link = this.rows(page).nth(index).getByRole("link");
    const number = (await link.textContent())?.trim() ?? "";
    await link.click();
    await this.seeReceipt(number);
    return number;
  }

  receipt(number: string): Locator {
    return this.page.getByRole("article", { name: `Receipt for order ${number}` });
  }

  async seeReceipt(number: string): Promise<void> {
    await expect(this.receipt(number)).toBeVisible();
    await expect(this.receipt(number).getByRole("region", { name: "Totals" })).toContainText("Total");
    await expect(this.receipt(number).getByRole("region", { name: "Payment" })).toBeVisible();
  }

  /** window.print, counted instead of opening the browser's print dialog. */
  async countPrints(): Promise<() => Promise<number>> {
    await this.page.evaluate(() => {
      const counted = window as Window & { printed?: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed = (counted.printed ?? 0) + 1;
      };
    });
    return () => this.page.evaluate(() => (window as Window & { printed?: number }).printed ?? 0);
  }

  async clickPrint(): Promise<void> {
    await this.page.getByRole("button", { name: "Print receipt" }).click();
  }

  /** As the page prints: the receipt alone, without the portal's top bar, menus, footer and buttons. */
  async seePrintedAlone(number: string): Promise<void> {
    await this.page.emulateMedia({ media: "print" });
    await expect(this.receipt(number)).toBeVisible();
    await expect(this.page.getByRole("banner")).toBeHidden();
    await expect(this.page.getByRole("contentinfo")).toBeHidden();
    await expect(this.page.getByRole("navigation", { name: "Account" })).toBeHidden();
    await expect(this.page.getByRole("button", { name: "Print receipt" })).toBeHidden();
    await expect(this.portal.heading("Order History")).toBeHidden();
    await this.page.emulateMedia({ media: "screen" });
    await expect(this.page.getByRole("banner")).toBeVisible();
  }

  async clickBack(): Promise<void> {
    await this.page.getByRole("link", { name: "Back to order history" }).click();
  }
}
