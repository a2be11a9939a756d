import { type Browser, type BrowserContextOptions, expect } from "@playwright/test";
import { Portal } from "./portal.ts";
import { demoRider } from "./riders.ts";

/** Browser storage as Playwright saves and restores it (cookies and each origin's localStorage). */
type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * The demo rider signed in once per worker through the sign-in page, kept as the browser storage the
 * sign-in left (auth_token, cwp_user and the rest): a test about what a signed-in rider does opens
 * the portal with it, as the rider's next visit does, instead of signing in again (each sign-in pays
 * the server's password hash at production cost and a round of pages). Tests about signing in,
 * two-factor, signing out or a session's end keep the sign-in page.
 *
 * A test may end that session (signing out, a changed password): before each test the stored token
 * is asked for its rider, and a refused one is replaced by signing in again.
 */
export class DemoRiderSession {
  private state: StorageState | null = null;
  private readonly browser: Browser;
  private readonly baseURL: string;

  constructor(browser: Browser, baseURL: string) {
    this.browser = browser;
    this.baseURL = baseURL;
  }

  private token(state: StorageState): string | undefined {
    const origin = state.origins.find((entry) => entry.origin === new URL(this.baseURL).origin);
    return origin?.localStorage.find((entry) => entry.name === "auth_token")?.value;
  }

  private async alive(state: StorageState): Promise<boolean> {
    const token = this.token(state);
    if (!token) return false;
    const reply = await fetch(new URL("/accounts/users/me", this.baseURL), {
      headers: { authorization: `Bearer ${token}` },
    });
    return reply.ok;
  }

  private async signIn(): Promise<StorageState> {
    const context = await this.browser.newContext({ baseURL: this.baseURL, reducedMotion: "reduce" });
    try {
      // As signInAt does; set-up rather than a step under test, so it waits as long as a busy machine
      // needs (the password hash runs at production cost).
      const portal = new Portal(await context.newPage());
      await portal.open("/login");
      await portal.seeHeading("Sign in");
      await portal.signIn(demoRider.email, demoRider.password);
      await expect(portal.heading("My Profile")).toBeVisible({ timeout: 60_000 });
      await expect(portal.page).toHaveURL(/\/account\/profile$/);
      const state = await context.storageState();
      if (!this.token(state)) throw new Error("the sign-in left no auth_token in storage");
      return state;
    } finally {
      await context.close();
    }
  }

  async current(): Promise<StorageState> {
    if (!this.state || !(await this.alive(this.state))) this.state = await this.signIn();
    return this.state;
  }
}

/** Where a sign-in leaves the rider (signInAt): the logged-in default page, from the stored session. */
export async function openProfile(portal: Portal): Promise<void> {
  await portal.open("/account/profile");
  await portal.seeHeading("My Profile");
  await expect(portal.page).toHaveURL(/\/account\/profile$/);
}
