import { expect, type Locator, type Page } from "@playwright/test";
import { Portal } from "./portal.ts";
import { signInAsNewRider } from "./riders.ts";

export type Provider = "Google" | "Facebook" | "Apple";

/** A fresh address for a sandbox identity: the same address is the same identity next time. */
export const sandboxEmail = (prefix: string): string =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/**
 * Signing in with Google, Facebook and Apple through the sandbox identity provider (the server's
 * /sandbox-idp pages), and the connected accounts screen, as a rider uses them.
 */
export class SocialPage {
  readonly portal: Portal;
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.portal = new Portal(page);
  }

  async openSignIn(): Promise<void> {
    await this.portal.open("/login");
    await this.portal.seeHeading("Sign in");
  }

  /** "Sign in with <provider>" on the sign-in page, or "Sign up with ..." on the sign-up page. */
  async clickSignInWith(provider: Provider, verb: "Sign in" | "Sign up" = "Sign in"): Promise<void> {
    await this.page.getByRole("button", { name: `${verb} with ${provider}` }).click();
  }

  /** The sandbox provider's own page (not the portal's). */
  async seeSandboxPage(provider: Provider): Promise<void> {
    await expect(
      this.page.getByRole("heading", { level: 1, name: `Sign in to ${provider} (sandbox)` }),
    ).toBeVisible();
  }

  /** Fills the sandbox's form as the identity `email` and presses Continue (or Cancel). */
  async answerSandbox(
    provider: Provider,
    {
      email,
      firstName = "Sandy",
      action = "Continue",
    }: { email?: string; firstName?: string; action?: "Continue" | "Cancel" },
  ): Promise<void> {
    await this.seeSandboxPage(provider);
    if (email !== undefined) await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("First name").fill(firstName);
    await this.page.getByRole("button", { name: action }).click();
  }

  /** Changes the state the sandbox will send back, as a forged return would carry. */
  async tamperWithState(): Promise<void> {
    await this.page.locator('input[name="state"]').evaluate((input) => {
      (input as HTMLInputElement).value = "forged-state-0123456789abcdef";
    });
  }

  /** Signed in: the logged-in default page. */
  async seeSignedIn(): Promise<void> {
    await this.portal.seeHeading("My Profile");
    await expect(this.page).toHaveURL(/\/account\/profile$/);
  }

  /** The profile's details: name and email. */
  async seeProfile(name: string, email: string): Promise<void> {
    const details = this.page.getByRole("region", { name: "Your details" });
    await expect(details).toContainText(name);
    await expect(details).toContainText(email);
  }

  async seeFailure(provider: Provider): Promise<void> {
    await expect(this.page.getByText(`Failed to login by ${provider} sign in.`).first()).toBeVisible();
    await expect(this.page).toHaveURL(/\/login$/);
    await this.portal.seeHeading("Sign in");
  }

  async signOut(narrow: boolean): Promise<void> {
    if (narrow) await (await this.portal.openMenu()).getByRole("button", { name: "Sign out" }).click();
    else await this.page.getByRole("button", { name: "Sign out" }).click();
    await this.portal.seeHeading("Sign in");
  }

  signInAsNewRider(prefix: string): Promise<{ email: string; password: string }> {
    return signInAsNewRider(this.portal, prefix);
  }

  async openConnectedAccounts(): Promise<void> {
    await this.page.goto("/account/connected-accounts");
    await this.seeConnectedAccounts();
  }

  async seeConnectedAccounts(): Promise<void> {
    await this.portal.seeHeading("Connected accounts");
    await expect(this.page.getByRole("heading", { name: "Sign in with another account" })).toBeVisible();
  }

  /** A provider's row on the connected accounts screen. */
  row(provider: Provider): Locator {
    return this.page
      .getByTestId("connected-account")
      .filter({ has: this.page.getByRole("heading", { name: provider }) });
  }

  async seeConnected(provider: Provider, email: string): Promise<void> {
    await expect(this.row(provider)).toContainText(`Connected as ${email}`);
  }

  async seeNotConnected(provider: Provider): Promise<void> {
    await expect(this.row(provider)).toContainText("Not connected");
  }

  async clickConnect(provider: Provider): Promise<void> {
    await this.row(provider)
      .getByRole("button", { name: `Connect ${provider}` })
      .click();
  }

  async clickDisconnect(provider: Provider): Promise<void> {
    await this.row(provider)
      .getByRole("button", { name: `Disconnect ${provider}` })
      .click();
  }

  question(provider: Provider): Locator {
    return this.page.getByRole("alertdialog", { name: `Disconnect ${provider}?` });
  }

  async seeNotice(text: string): Promise<void> {
    await expect(this.page.getByText(text).first()).toBeVisible();
  }

  async seeAlert(text: string): Promise<void> {
    await expect(this.page.getByRole("alert").filter({ hasText: text })).toBeVisible();
  }

  async screenshot(name: string): Promise<void> {
    await this.portal.animationsSettled();
    await this.page.screenshot({ path: `.tmp/social-${name}.png`, fullPage: true });
  }
}
