import { expect, type Locator, type Page } from "@playwright/test";
import { PaymentMethodsPage } from "./payment-methods.ts";
import { Portal } from "./portal.ts";
import { signInAsNewRider } from "./riders.ts";

/** A card issued by the dev route and linked to the rider. */
export interface LinkedCard {
  id: string;
  nickname: string;
}

/** Transfers, loads and autoload as a rider uses them (issue 13). */
export class WalletPage {
  readonly portal: Portal;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
  }

  signInAsNewRider(prefix: string): Promise<{ email: string; password: string }> {
    return signInAsNewRider(this.portal, prefix);
  }

  /** A fresh card from POST /dev/transit/fare_media, linked to the signed-in rider through the API. */
  async linkNewCard(nickname: string, balance: number): Promise<LinkedCard> {
    const issued = await this.page.request.post("/dev/transit/fare_media", { data: { balance } });
    expect(issued.status()).toBe(201);
    const card = (await issued.json()).data as { id: string; card_number: string; security_code: string };
    const token = await this.page.evaluate(() => localStorage.getItem("auth_token"));
    const linked = await this.page.request.post("/transit/faremedia/link", {
      headers: { authorization: `Bearer ${token}` },
      data: { card_number: card.card_number, security_code: card.security_code, nickname },
    });
    expect(linked.status()).toBe(201);
    const body = (await linked.json()).data as { fare_medium: { faremedia_id: string } };
    return { id: body.fare_medium.faremedia_id, nickname };
  }

  /**
   * Saves a Visa through the Payment Methods screen (its number goes to the sandbox gateway only);
   * 4000 0000 0000 9995 attaches and is declined for insufficient funds when charged.
   */
  async saveVisa(number = "4242424242424242"): Promise<void> {
    const methods = new PaymentMethodsPage(this.page);
    await methods.open();
    await methods.clickAdd("Card");
    await methods.fillCard({
      firstName: "Riley",
      lastName: "Rider",
      number,
      expiry: "12/34",
      cvv: "123",
      address: "1 Main St",
      zip: "94105",
    });
    await methods.saveCard();
    await methods.seeMethod(`Visa •••• ${number.slice(-4)}`);
  }

  async openCard(card: LinkedCard): Promise<void> {
    await this.portal.open(`/faremedia/${card.id}`);
    await expect(this.actions(card)).toBeVisible();
  }

  /** The card's money actions (CardMoneyActions), named by the card. */
  actions(card: LinkedCard): Locator {
    return this.page.getByRole("region", { name: card.nickname, exact: true }).last();
  }

  panel(name: string | RegExp): Locator {
    return this.page.getByRole("region", { name });
  }

  async transfer(from: LinkedCard, to: LinkedCard, amount: string): Promise<Locator> {
    await this.actions(from).getByRole("button", { name: "Transfer balance" }).click();
    const panel = this.panel("Transfer balance");
    await expect(panel.getByText(/Commuter benefits stay on the card/)).toBeVisible();
    const target = panel.getByRole("radio", { name: new RegExp(to.nickname) });
    if (!(await target.isChecked())) await target.click({ force: true });
    await panel.getByRole("textbox", { name: "Amount" }).fill(amount);
    await panel.getByRole("button", { name: "Review transfer" }).click();
    await panel.getByRole("button", { name: "Transfer", exact: true }).click();
    return panel;
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `.tmp/wallet-${name}.png`, fullPage: true });
  }
}
