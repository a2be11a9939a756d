import { expect, type Locator, type Page } from "@playwright/test";
import { type AddressDetails, AddressesPage } from "./addresses.ts";
import { Portal } from "./portal.ts";

/** A product card on the products page, by the product's name. */
export const productCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

export interface OneTimeCard {
  firstName: string;
  lastName: string;
  number: string;
  expiry: string;
  cvv: string;
  address: string;
  zip: string;
}

/** The guest's shipping address the e2e checkouts type. */
export const giaGuestAddress: AddressDetails = {
  firstName: "Gia",
  lastName: "Guest",
  line1: "1 Market St",
  state: "California",
  city: "San Francisco",
  zip: "94105",
};

/** The checkout as a rider or a guest uses it. */
export class CheckoutPage {
  readonly portal: Portal;
  readonly page: Page;
  readonly addresses: AddressesPage;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
    this.addresses = new AddressesPage(page);
  }

  /**
   * The demo rider (signed in) opens /digital, fills the cart with a Day Pass for their Commute card
   * and goes to the checkout, priced.
   */
  async dayPassForCommuteCard(): Promise<void> {
    const { page, portal } = this;
    await portal.open("/digital");
    await page.getByRole("button", { name: /^Commute card/ }).click();
    await expect(page).toHaveURL(/\/products\/null\/digital$/);
    await productCard(page, "Day Pass").getByRole("button", { name: "Add to cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping cart" });
    await expect(drawer.getByText("Day Pass")).toBeVisible();
    await drawer.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await portal.seeHeading("Checkout");
    await this.seePriced();
  }

  /** A guest buys a Metro Fare Card now from /physical and continues as a guest, to /anonymous/checkout. */
  async guestBuysMetroFareCard(): Promise<void> {
    const { page, portal } = this;
    await portal.open("/physical");
    await productCard(page, "Metro Fare Card").getByRole("button", { name: "Buy now" }).click();
    const ask = page.getByRole("dialog", { name: "Please sign in before you checkout" });
    await ask.getByRole("button", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(/\/anonymous\/checkout$/);
  }

  /** Waits for the server's prices: the order summary is shown. */
  async seePriced(): Promise<void> {
    await expect(this.summary()).toBeVisible({ timeout: 15_000 });
  }

  summary(): Locator {
    return this.page.getByRole("region", { name: "Order summary" });
  }

  async seeTotal(text: string): Promise<void> {
    await expect(this.summary().getByTestId("checkout-total")).toHaveText(text);
  }

  async applyPromo(code: string): Promise<void> {
    await this.page.getByRole("textbox", { name: "Promo code" }).fill(code);
    await this.page.getByRole("button", { name: "Apply" }).click();
  }

  /** One of the radio groups of the payment, by its label. */
  group(label: string): Locator {
    return this.page.getByRole("radiogroup").filter({ hasText: label });
  }

  /** Picks an option by clicking its row, as a person does (the radio input itself is visually hidden). */
  async choose(group: string, option: string | RegExp): Promise<void> {
    const radios = this.group(group);
    await radios.locator('[data-part="item"]').filter({ hasText: option }).click();
    await expect(radios.getByRole("radio", { name: option })).toBeChecked();
  }

  async split(firstAmount: string, second: string | RegExp): Promise<void> {
    await this.page.getByText("Split the payment between two methods").click();
    await this.page.getByRole("textbox", { name: "Amount on the first method" }).fill(firstAmount);
    await this.choose("Second payment method", second);
  }

  async fillAddress(details: AddressDetails): Promise<void> {
    await this.addresses.fill(details);
    await this.addresses.save();
  }

  async fillCard(card: OneTimeCard): Promise<void> {
    const page = this.page;
    await page.getByLabel("First name on card").fill(card.firstName);
    await page.getByLabel("Last name on card").fill(card.lastName);
    await page.getByLabel("Card Number").fill(card.number);
    await page.getByLabel("Expiration (MM/YY)").fill(card.expiry);
    await page.getByLabel("CVV").fill(card.cvv);
    await page.getByLabel("Billing Street Address").fill(card.address);
    await page.getByLabel("Zip or Postal Code").fill(card.zip);
    await page.getByRole("button", { name: "Use this card" }).click();
  }

  /** A guest's receipt email, typed twice, then Gia Guest's one-time card of `number` (expiry typed 1230). */
  async payAsGuest(email: string, number: string): Promise<void> {
    await this.page.getByLabel("Email", { exact: true }).fill(email);
    await this.page.getByLabel("Confirm Email").fill(email);
    await this.page.getByRole("button", { name: "Enter a card" }).click();
    await this.fillCard({
      firstName: "Gia",
      lastName: "Guest",
      number,
      expiry: "1230",
      cvv: "123",
      address: "1 Market St",
      zip: "94105",
    });
  }

  async review(): Promise<void> {
    await this.page.getByRole("button", { name: "Review order" }).click();
    await expect(this.page.getByRole("heading", { name: "Review your order" })).toBeVisible();
  }

  async placeOrder(): Promise<void> {
    await this.page.getByRole("button", { name: "Place order" }).click();
  }

  async seeAlert(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("alert").filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
  }

  async seeNoSidewaysScroll(): Promise<void> {
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
}
