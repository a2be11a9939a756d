import { expect, type Locator, type Page } from "@playwright/test";
import { Portal } from "./portal.ts";
import { signInAt } from "./riders.ts";

interface Product {
  uuid: string;
  name: string;
  list_price: number;
  sub_type: string;
  rider_types: string[];
}

/** Devices, pass history with a pass's moves, purchase history and unattached passes, as a rider uses them. */
export class PassesPage {
  readonly portal: Portal;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
  }

  signIn(rider: { email: string; password: string }): Promise<void> {
    return signInAt(this.portal, rider);
  }

  /** Opens an account section from the account menu. */
  async openFromMenu(label: "Devices" | "Pass History" | "Unattached Passes"): Promise<void> {
    await this.page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: label }).click();
    await this.portal.seeHeading(label);
  }

  device(nickname: string): Locator {
    return this.page
      .getByTestId("device")
      .filter({ has: this.page.getByRole("heading", { name: nickname }) });
  }

  async seeDevice(nickname: string, model: string): Promise<void> {
    const device = this.device(nickname);
    await expect(device).toBeVisible();
    await expect(device.getByText(model)).toBeVisible();
    await expect(device.getByTestId("tickets")).toHaveText(/^\d+$/);
  }

  historyTable(page: number): Locator {
    return this.page.getByRole("table", { name: `Your passes, page ${page}` });
  }

  /** Opens the first pass on the page whose row says Available and Cloud; returns its name. */
  async openMovablePass(page: number): Promise<string> {
    const row = this.historyTable(page)
      .locator("tbody tr")
      .filter({ has: this.page.getByRole("cell", { name: "Available", exact: true }) })
      .filter({ has: this.page.getByRole("cell", { name: "Cloud", exact: true }) })
      .first();
    const link = row.getByRole("link");
    const name = (await link.textContent()) ?? "";
    await link.click();
    await expect(this.page.getByTestId("pass-detail")).toBeVisible();
    await expect(this.page.getByTestId("pass-detail").getByRole("heading", { name })).toBeVisible();
    return name;
  }

  location(): Locator {
    return this.page.getByTestId("pass-location");
  }

  /** Moves the open pass to the cloud or a device (by nickname) and waits for the success toast. */
  async moveTo(destination: string, toast: string): Promise<void> {
    const move = this.page.getByTestId("pass-move");
    await move.getByRole("radio", { name: new RegExp(`^${destination}`) }).check();
    await move.getByRole("button", { name: "Move pass" }).click();
    await expect(this.page.getByText(toast)).toBeVisible();
  }

  unattached(name: RegExp): Locator {
    return this.page.getByTestId("unattached-pass").filter({ hasText: name });
  }

  private async token(): Promise<string> {
    const token = await this.page.evaluate(() => localStorage.getItem("auth_token"));
    if (!token) throw new Error("not signed in");
    return token;
  }

  /**
   * Gives the signed-in rider a fresh youth card (the dev-only route issues one, the link route links
   * it) and buys a youth digital pass for no card (an unattached pass), both through the API; returns
   * the card's nickname and the pass's name.
   */
  async freshYouthCardAndUnattachedPass(): Promise<{ card: string; pass: string }> {
    const card = await this.freshYouthCard();
    const pass = await this.buyYouthPass(null);
    return { card: card.nickname, pass };
  }

  /** A fresh unlinked youth card (the dev-only route) linked to the signed-in rider. */
  async freshYouthCard(): Promise<{ id: string; number: string; nickname: string }> {
    const headers = { authorization: `Bearer ${await this.token()}` };
    const issued = await this.page.request.post("/dev/transit/fare_media", { data: { rider_type: "YOUTH" } });
    expect(issued.status(), await issued.text()).toBe(201);
    const fresh = (await issued.json()).data as { card_number: string; security_code: string };
    const linked = await this.page.request.post("/transit/faremedia/link", {
      headers,
      data: { card_number: fresh.card_number, security_code: fresh.security_code, nickname: "School card" },
    });
    expect(linked.status(), await linked.text()).toBe(201);
    const id: string = (await linked.json()).data.fare_medium.faremedia_id;
    return { id, number: fresh.card_number, nickname: "School card" };
  }

  /** Buys a youth Day Pass through the API for a card of the rider, or for none; returns its name. */
  async buyYouthPass(card: string | null): Promise<string> {
    const headers = { authorization: `Bearer ${await this.token()}` };
    const search = await this.page.request.post("/transit/anonymous/v3.0/product/search", {
      data: { return: "ENTITY", applied_filters: [], sort: [{ key_name: "list_priority", order: "asc" }] },
    });
    const products: Product[] = (await search.json()).data.results;
    // A Day Pass: a ride leaves it active (a single ride would be spent by it).
    const pass = products.find(
      (product) =>
        product.sub_type === "DIGITAL_PASS" &&
        product.rider_types.includes("YOUTH") &&
        /Day Pass$/.test(product.name),
    );
    if (!pass) throw new Error("no youth digital pass in the catalogue");
    const tokenized = await this.page.request.post("/sandbox-gateway/v1/tokens", {
      data: {
        number: "4242424242424242",
        exp_month: 12,
        exp_year: 2030,
        cvc: "123",
        postal_code: "94105",
        name: "Rider",
      },
    });
    const token: string = (await tokenized.json()).data.token;
    const placed = await this.page.request.post("/transit/orders", {
      headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
      data: {
        lines: [{ product: pass.uuid, quantity: 1, list_price: pass.list_price }],
        fare_medium: card,
        // Without a card, the pass is kept in the account (issue 34: it never goes nowhere).
        ...(card === null ? { pass_destination: "account" } : {}),
        expected_total: pass.list_price,
        payments: [{ kind: "card", token, amount: pass.list_price }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return pass.name;
  }

  /** A tap of the card at a reader on the first route (the dev-only simulator): a pass on it activates. */
  async tap(cardNumber: string): Promise<void> {
    const routes = await this.page.request.get("/dev/transit/routes");
    const [route] = (await routes.json()).data.routes as Array<{ code: string }>;
    if (!route) throw new Error("no transit route to tap on");
    const tapped = await this.page.request.post("/dev/transit/taps", {
      data: { route: route.code, card_number: cardNumber },
    });
    expect(tapped.status(), await tapped.text()).toBe(201);
    expect((await tapped.json()).data.tap.outcome).toBe("pass");
  }
}
