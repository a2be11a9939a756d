import { expect, type Locator, type Page } from "@playwright/test";
import { Portal } from "./portal.ts";
import { signInAsNewRider, signInAt } from "./riders.ts";

export interface AddressDetails {
  firstName?: string;
  lastName?: string;
  line1?: string;
  line2?: string;
  /** The country's name as the rider reads it, typed into the combobox and picked. */
  country?: string;
  /** A listed state's name (picked from the select), or free text where the country has no list. */
  state?: string;
  city?: string;
  zip?: string;
  email?: string;
}

/** The Shipping Address screen as a rider uses it. */
export class AddressesPage {
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

  /** Opens the screen from the account menu and waits for the list. */
  async open(): Promise<void> {
    await this.page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Shipping Address" })
      .click();
    await this.portal.seeHeading("Shipping Address");
    await expect(this.page.getByText("Loading your addresses…")).toHaveCount(0);
  }

  /** A listed address, by its first line. */
  address(line1: string): Locator {
    return this.page
      .getByRole("list", { name: "Your addresses" })
      .getByRole("listitem")
      .filter({ has: this.page.getByText(line1, { exact: true }) });
  }

  async seeAddress(line1: string, ...texts: string[]): Promise<void> {
    const item = this.address(line1);
    await expect(item).toBeVisible();
    for (const text of texts) await expect(item).toContainText(text);
  }

  async dontSeeAddress(line1: string): Promise<void> {
    await expect(this.address(line1)).toHaveCount(0);
  }

  async seeDefault(line1: string): Promise<void> {
    await expect(this.address(line1).getByText("Default", { exact: true })).toBeVisible();
  }

  async dontSeeDefault(line1: string): Promise<void> {
    await expect(this.address(line1).getByText("Default", { exact: true })).toHaveCount(0);
  }

  async clickAdd(): Promise<void> {
    await this.page.getByRole("button", { name: "Add address" }).click();
    await expect(this.form()).toBeVisible();
  }

  form(): Locator {
    return this.page.getByRole("form", { name: /^(Add|Edit) address$/ });
  }

  async edit(line1: string): Promise<void> {
    await this.address(line1).getByRole("button", { name: "Edit" }).click();
    await expect(this.page.getByRole("form", { name: "Edit address" })).toBeVisible();
  }

  async setDefault(line1: string): Promise<void> {
    await this.address(line1).getByRole("button", { name: "Set as default" }).click();
  }

  /** Types a country's name into the combobox and picks it from the filtered list. */
  async chooseCountry(name: string): Promise<void> {
    const country = this.page.getByRole("combobox", { name: "Country" });
    await country.fill("");
    await country.pressSequentially(name.slice(0, 4));
    await this.page.getByRole("option", { name, exact: true }).click();
    await expect(country).toHaveValue(name);
  }

  async chooseState(name: string): Promise<void> {
    await this.page.getByRole("combobox", { name: "State" }).click();
    await this.page.getByRole("option", { name, exact: true }).click();
  }

  async fill(details: AddressDetails): Promise<void> {
    const page = this.page;
    if (details.firstName !== undefined) await page.getByLabel("First Name").fill(details.firstName);
    if (details.lastName !== undefined) await page.getByLabel("Last Name").fill(details.lastName);
    if (details.line1 !== undefined) await page.getByLabel("Address Line 1").fill(details.line1);
    if (details.line2 !== undefined) await page.getByLabel("Address Line 2 (optional)").fill(details.line2);
    if (details.country !== undefined) await this.chooseCountry(details.country);
    if (details.state !== undefined) {
      const text = page.getByRole("textbox", { name: "State" });
      if (await text.count()) await text.fill(details.state);
      else await this.chooseState(details.state);
    }
    if (details.city !== undefined) await page.getByLabel("City").fill(details.city);
    if (details.zip !== undefined) await page.getByLabel("Zip Code").fill(details.zip);
    if (details.email !== undefined) await page.getByLabel("Email (optional)").fill(details.email);
  }

  async save(): Promise<void> {
    await this.page.getByRole("button", { name: "Save address" }).click();
  }

  async cancel(): Promise<void> {
    await this.page.getByRole("button", { name: "Cancel" }).click();
    await expect(this.form()).toHaveCount(0);
  }

  /** The field's problem is its accessible description, and the field says it is invalid. */
  async seeProblem(label: string, text: string): Promise<void> {
    const field = this.page.getByLabel(label, { exact: true });
    await expect(field).toHaveAccessibleDescription(text);
    await expect(field).toHaveAttribute("aria-invalid", "true");
  }

  async seeNotice(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("status").filter({ hasText: text })).toBeVisible();
  }

  async seeAlert(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole("alert").filter({ hasText: text })).toBeVisible();
  }

  removeQuestion(): Locator {
    return this.page.getByRole("alertdialog", { name: "Remove this address?" });
  }

  async askToRemove(line1: string): Promise<Locator> {
    await this.address(line1).getByRole("button", { name: "Remove" }).click();
    const dialog = this.removeQuestion();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(line1);
    return dialog;
  }

  /** The page is no wider than the screen: nothing to scroll sideways. */
  async seeNoSidewaysScroll(): Promise<void> {
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `.tmp/screens/addresses-${name}.png`, fullPage: true });
  }
}
