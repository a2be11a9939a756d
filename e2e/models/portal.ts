import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";

/** The portal as a rider sees it: methods read like what they do. */
export class Portal {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /**
   * Opens a path with the tour already seen, unless `firstVisit`: then storage is empty, as for a
   * rider who never came, and slides and fades play as they do for that rider (the suite otherwise
   * runs with reduced motion), so a dialog that never finishes closing is caught.
   */
  async open(path: string, { firstVisit = false } = {}): Promise<void> {
    if (firstVisit) await this.page.emulateMedia({ reducedMotion: "no-preference" });
    else await this.page.addInitScript(() => localStorage.setItem("tourDone", "true"));
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

  /** The cart drawer, by its name in the language shown. */
  async openCart(name = "Shopping cart"): Promise<Locator> {
    await this.cartButton().click();
    const drawer = this.page.getByRole("dialog", { name });
    await expect(drawer).toBeVisible();
    await this.animationsSettled();
    return drawer;
  }

  async closeCart(name = "Close cart"): Promise<void> {
    await this.page.getByRole("button", { name }).click();
  }

  /**
   * Waits until slide and fade animations have finished, so positions are final. The suite runs with
   * reduced motion (playwright.config.ts), where there are none; journeys with motion measure after it.
   */
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

  /** The first-visit question, which a fresh browser gets on any page. */
  welcomePrompt(): Locator {
    return this.page.getByRole("dialog", { name: "Welcome to Metro Transit" });
  }

  async declineTour(): Promise<void> {
    const prompt = this.welcomePrompt();
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "No thanks" }).click();
    await this.seeNoDialogLeft();
  }

  /** Takes the tour from the first-visit question through every step to Done. */
  async takeTheTour(): Promise<void> {
    const prompt = this.welcomePrompt();
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Take the tour" }).click();
    const step = this.page.getByRole("dialog").filter({ hasText: /Step \d+ of \d+/ });
    for (;;) {
      await expect(step).toBeVisible();
      const done = step.getByRole("button", { name: "Done" });
      if (await done.isVisible()) {
        await done.click();
        break;
      }
      await step.getByRole("button", { name: "Next" }).click();
    }
    await this.seeNoDialogLeft();
  }

  /**
   * Every dialog has closed and left nothing behind: no backdrop or positioner stays mounted over the
   * page (an invisible one swallowed every click), and the page takes clicks again.
   */
  async seeNoDialogLeft(): Promise<void> {
    await expect(this.page.getByRole("dialog")).toHaveCount(0);
    await expect(this.page.getByRole("alertdialog")).toHaveCount(0);
    await expect(this.page.locator("[data-scope=dialog][data-part=backdrop]")).toHaveCount(0);
    await expect(this.page.locator("[data-scope=dialog][data-part=positioner]")).toHaveCount(0);
  }

  /**
   * A dialog sits in the middle of the screen, not as a panel along an edge: centred horizontally
   * within a few pixels, at most `maxWidth` (420 px, or 600 px for the wide ones) and the viewport
   * wide, and not the full height of the screen.
   */
  async seeCentred(dialog: Locator, { maxWidth = 420 } = {}): Promise<void> {
    await expect(dialog).toBeVisible();
    await this.animationsSettled();
    const viewport = this.page.viewportSize();
    const box = await dialog.boundingBox();
    if (!viewport || !box) throw new Error("the dialog has no box on the screen");
    const left = box.x;
    const right = viewport.width - (box.x + box.width);
    expect(Math.abs(left - right), `centred: ${left} px left, ${right} px right`).toBeLessThanOrEqual(4);
    expect(box.width).toBeLessThanOrEqual(Math.min(maxWidth, viewport.width));
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.height, "not a full-height panel").toBeLessThan(viewport.height - 16);
    expect(box.y, "clear of the top edge").toBeGreaterThan(0);
  }

  /** A box lies inside another (the side menu's close button inside its panel). */
  async seeInside(inner: Locator, outer: Locator): Promise<void> {
    const a = await inner.boundingBox();
    const b = await outer.boundingBox();
    if (!a || !b) throw new Error("no box to compare");
    expect(a.x).toBeGreaterThanOrEqual(b.x);
    expect(a.y).toBeGreaterThanOrEqual(b.y);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width);
    expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height);
  }

  /** Signs in with the sign-in form on the page. */
  /**
   * An ended session lands on sign-in under the spec's "Session expired" popup: it is there, centred,
   * and the rider closes it (the form beneath is inert until then).
   */
  async closeSessionExpired(): Promise<void> {
    const popup = this.page.getByRole("alertdialog", { name: "Session expired" });
    await this.seeCentred(popup);
    await popup.getByRole("button", { name: "OK" }).click();
    await expect(popup).toHaveCount(0);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel("Email", { exact: true }).fill(email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  storedValue(key: string): Promise<string | null> {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }

  /**
   * Waits until browser storage holds `value` under `key` (null: nothing). What the screen shows can be
   * drawn before the write, so the read is retried rather than taken once.
   */
  async seeStored(key: string, value: string | null, storage: "local" | "session" = "local"): Promise<void> {
    await expect
      .poll(() =>
        this.page.evaluate(
          ([name, area]) => (area === "session" ? sessionStorage : localStorage).getItem(name),
          [key, storage] as const,
        ),
      )
      .toBe(value);
  }
}
