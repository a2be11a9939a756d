import { expect, type Locator, type Page } from "@playwright/test";
import { Portal } from "./portal.ts";
import { signInAsNewRider, signInAt } from "./riders.ts";

/** A fresh unlinked card from the server's development route (POST /dev/transit/fare_media). */
export interface IssuedCard {
  id: string;
  card_number: string;
  security_code: string;
}

/** The fare cards screen (/faremedia/:cardId?) as a rider uses it. */
export class FareCardsPage {
  readonly portal: Portal;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
  }

  signInAsNewRider(prefix: string): Promise<{ email: string; password: string }> {
    return signInAsNewRider(this.portal, prefix);
  }

  signIn(rider: { email: string; password: string }): Promise<void> {
    return signInAt(this.portal, rider);
  }

  /** Issues a new unlinked card (general funds `balance` in minor units). */
  async issueCard(balance = 0): Promise<IssuedCard> {
    const reply = await this.page.request.post("/dev/transit/fare_media", { data: { balance } });
    expect(reply.status()).toBe(201);
    return (await reply.json()).data as IssuedCard;
  }

  async open(path = "/faremedia"): Promise<void> {
    await this.page.goto(path);
    await this.portal.seeHeading("Fare cards");
    await expect(this.page.getByText(/^Loading /)).toHaveCount(0);
  }

  list(): Locator {
    return this.page.getByRole("navigation", { name: "Your cards" });
  }

  cardLink(nickname: string): Locator {
    return this.list().getByRole("link").filter({ hasText: nickname });
  }

  async openCard(nickname: string): Promise<void> {
    await this.cardLink(nickname).click();
    await this.seeCard(nickname);
  }

  async seeCard(nickname: string): Promise<void> {
    await expect(this.page.getByRole("heading", { level: 2, name: nickname })).toBeVisible();
    await expect(this.page.getByText(/^Loading /)).toHaveCount(0);
  }

  status(): Locator {
    return this.page.getByRole("article").locator("[data-status]").first();
  }

  linkDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Link a card" });
  }

  async linkCard(card: { number: string; code: string; nickname?: string }): Promise<void> {
    const dialog = this.linkDialog();
    if (!(await dialog.isVisible())) await this.page.getByRole("button", { name: "Link a card" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Card number").fill(card.number);
    await dialog.getByLabel("Security code").fill(card.code);
    if (card.nickname !== undefined) await dialog.getByLabel("Nickname (optional)").fill(card.nickname);
    await dialog.getByRole("button", { name: "Link card" }).click();
  }

  async seeAlert(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("alert").filter({ hasText: text })).toBeVisible();
  }

  async seeNotice(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("status").filter({ hasText: text })).toBeVisible();
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `.tmp/fare-cards-${name}.png`, fullPage: true });
  }
}
