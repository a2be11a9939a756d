import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";

/** The portal as a rider sees it: methods read like what they do. */
export class Portal {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens a path with the tour already seen, unless `firstVisit`. */
  async open(path: string, { firstVisit = false } = {}): Promise<void> {
    if (!firstVisit) await this.page.addInitScript(() => localStorage.setItem("tourDone", "true"));
    await this.page.goto(path);
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole("heading", { level: 1, name });
  }

  async seeHeading(name: string | RegExp): Promise<void> {
    await expect(this.heading(name)).toBeVisible();
  }

  async checkAccessibility(): Promise<void> {
    await expectNoAxeViolations(this.page);
  }

  async chooseLanguage(current: string, next: string): Promise<void> {
    await this.page.getByRole("combobox", { name: current }).click();
    await this.page.getByRole("option", { name: next }).click();
  }

  cartButton(): Locator {
    return this.page.getByRole("button", { name: /^(shopping cart|carrito|giỏ)/i });
  }

  async openCart(): Promise<Locator> {
    await this.cartButton().click();
    const drawer = this.page.getByRole("dialog", { name: "Shopping cart" });
    await expect(drawer).toBeVisible();
    await this.animationsSettled();
    return drawer;
  }

  async closeCart(): Promise<void> {
    await this.page.getByRole("button", { name: "Close cart" }).click();
  }

  /** Waits until slide and fade animations have finished, so positions are final. */
  async animationsSettled(): Promise<void> {
    await this.page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== "running"),
    );
  }

  async openMenu(): Promise<Locator> {
    await this.page.getByRole("button", { name: "Open menu" }).click();
    const menu = this.page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await this.animationsSettled();
    return menu;
  }

  storedValue(key: string): Promise<string | null> {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }
}
