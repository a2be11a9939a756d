import { expect, type Locator, type Page } from "@playwright/test";
import { Portal } from "./portal.ts";
import { signInAsNewRider, signInAt } from "./riders.ts";

export interface CardDetails {
  firstName: string;
  lastName: string;
  number: string;
  expiry: string;
  cvv: string;
  address: string;
  zip: string;
  nickname?: string;
}

export const goodCard: CardDetails = {
  firstName: "Riley",
  lastName: "Rider",
  number: "4242424242424242",
  expiry: "12/34",
  cvv: "123",
  address: "1 Main St",
  zip: "94105",
};

/** The Payment Methods screen as a rider uses it. */
export class PaymentMethodsPage {
  readonly portal: Portal;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
  }

  /** A rider signed up for the test, email confirmed, signed in on the logged-in default page. */
  signInAsNewRider(prefix: string): Promise<{ email: string; password: string }> {
    return signInAsNewRider(this.portal, prefix);
  }

  signIn(rider: { email: string; password: string }): Promise<void> {
    return signInAt(this.portal, rider);
  }

  async open(): Promise<void> {
    await this.page.goto("/account/paymentmethods");
    await this.seeTheList();
  }

  async seeTheList(): Promise<void> {
    await this.portal.seeHeading("Payment Methods");
    await expect(this.page.getByRole("heading", { name: "Your payment methods" })).toBeVisible();
    await expect(this.page.getByText("Loading your payment methods…")).toHaveCount(0);
  }

  /** A saved method's row, by the name it is listed under. */
  method(name: string | RegExp): Locator {
    return this.page
      .getByRole("region", { name: "Your payment methods" })
      .getByRole("listitem")
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async seeMethod(name: string): Promise<void> {
    await expect(this.method(name)).toBeVisible();
  }

  async dontSeeMethod(name: string): Promise<void> {
    await expect(this.method(name)).toHaveCount(0);
  }

  async clickAdd(kind: "Card" | "PayPal" | "Bank account" | "Commuter benefits card"): Promise<void> {
    await this.page.getByRole("button", { name: kind, exact: true }).click();
  }

  async fillCard(card: Partial<CardDetails>): Promise<void> {
    const page = this.page;
    if (card.nickname !== undefined) await page.getByLabel("Nickname (optional)").fill(card.nickname);
    if (card.firstName !== undefined) await page.getByLabel("First name on card").fill(card.firstName);
    if (card.lastName !== undefined) await page.getByLabel("Last name on card").fill(card.lastName);
    if (card.number !== undefined) {
      await page.getByLabel("Card Number").fill("");
      await page.getByLabel("Card Number").pressSequentially(card.number);
    }
    if (card.expiry !== undefined) await page.getByLabel("Expiration (MM/YY)").fill(card.expiry);
    if (card.cvv !== undefined) await page.getByLabel("CVV").fill(card.cvv);
    if (card.address !== undefined) await page.getByLabel("Billing Street Address").fill(card.address);
    if (card.zip !== undefined) await page.getByLabel("Zip or Postal Code").fill(card.zip);
  }

  async saveCard(): Promise<void> {
    await this.page.getByRole("button", { name: "Save card" }).click();
  }

  async fillBank(bank: { holder: string; routing: string; account: string; type: "Checking" | "Savings" }) {
    const page = this.page;
    await page.getByLabel("Account Holder Name").fill(bank.holder);
    await page.getByLabel("Routing Number").fill(bank.routing);
    await page.getByLabel("Account Number").fill(bank.account);
    await page.getByRole("radio", { name: bank.type }).check({ force: true });
  }

  async seeAlert(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("alert").filter({ hasText: text })).toBeVisible();
  }

  async seeNotice(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("status").filter({ hasText: text })).toBeVisible();
  }

  removeQuestion(): Locator {
    return this.page.getByRole("alertdialog", { name: "Remove this payment method?" });
  }

  async askToRemove(name: string): Promise<Locator> {
    await this.page.getByRole("button", { name: `Remove ${name}` }).click();
    const dialog = this.removeQuestion();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(name);
    return dialog;
  }

  async setDefault(name: string): Promise<void> {
    await this.page.getByRole("button", { name: `Set as default: ${name}` }).click();
  }

  async seeDefault(name: string): Promise<void> {
    await expect(this.method(name).getByText("Default", { exact: true })).toBeVisible();
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `.tmp/screens/payment-methods-${name}.png`, fullPage: true });
  }
}
