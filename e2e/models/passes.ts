import { expect, type Locator, type Page } from "@playwright/test";
import { Portal } from "./portal.ts";
import { signInAt } from "./riders.ts";

export { demoRider } from "./riders.ts";

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
}
