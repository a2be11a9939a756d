import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Locator, type Page, type Route } from "@playwright/test";
import type { AnyEventObject } from "xstate";
import type { sessionMachine } from "../../src/machines/session.machine.ts";
import type { GeneratedPath } from "../../tests/model/harness.ts";
import { inputs as checkoutInputs } from "../../tests/model/specs/checkout.ts";
import { sessionModel } from "../../tests/model/specs/session.ts";
import { Portal } from "./portal.ts";
import { choosePaths as choose, coverageOf, type Sampling } from "./replay-sampling.ts";
import { demoRider, fromMailbox, mailTo, signInAt, signUpRider, startTwoFactor } from "./riders.ts";
import { SocialPage, sandboxEmail } from "./social.ts";

/**
 * The session model's generated paths as a rider walks them in Chromium against the real server: each
 * gesture event is what the rider does (sign in, sign out, answer the sign-out question, ask for a new
 * code, save the profile, reload), each actor's answer is what the real server says (made to say it by
 * the rider's credentials, the texted code, the resend limit, ending the session through the API, or
 * page.route dropping one request), and each step's state is asserted as the rider sees it.
 */

export type SessionPath = GeneratedPath<typeof sessionMachine>;
type Step = SessionPath["steps"][number];

const inputs = sessionModel.inputs ?? [];
const inputIndex = (path: SessionPath): number => (path.input ? inputs.indexOf(path.input) : -1);

const stateKey = (value: unknown): string =>
  typeof value === "string"
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([parent, child]) => `${parent}.${stateKey(child)}`)
        .join("");

/** The request a busy state waits on. */
type Kind = "profile" | "resend" | "logout";
const busyKinds: Record<string, Kind> = {
  restoring: "profile",
  loadingProfile: "profile",
  "authenticated.refreshing": "profile",
  "twoFactor.resending": "resend",
  signingOut: "logout",
};
const patterns: Record<Kind, { method: string; path: RegExp }> = {
  profile: { method: "GET", path: /\/accounts\/users\/me$/ },
  resend: { method: "POST", path: /\/accounts\/users\/mfa\/resend$/ },
  logout: { method: "POST", path: /\/accounts\/users\/logout$/ },
};

/** How a held request is answered. */
type Answer = "server" | "dropped" | "ended" | "left";

const isEnrolledSignIn = (event: AnyEventObject): boolean =>
  (event.type === "xstate.done.actor.signInForm" && event.output?.mfa_enrollment_status === 1) ||
  (event.type === "session.handOver" && event.result?.mfa_enrollment_status === 1);

/** Whether the path needs the rider who turned two-factor on. */
export const needsEnrolledRider = (path: SessionPath): boolean =>
  inputIndex(path) === 0 && path.steps.some((step) => isEnrolledSignIn(step.event));

/** The cart each sign-out needs (empty or not), or "mismatch" when one path would need it refilled. */
function cartPlan(path: SessionPath): { seed: boolean } | "mismatch" {
  const signOuts = path.steps.filter((step) => step.event.type === "session.signOut");
  const first = signOuts[0];
  if (!first) return { seed: false };
  let full = first.event.cartEmpty === false;
  const seed = full;
  for (const step of path.steps) {
    const type = step.event.type;
    if (type === "session.signOut" && step.event.cartEmpty === full) return "mismatch";
    if (type === "xstate.done.actor.logout" || type === "xstate.error.actor.logout") full = false;
  }
  return { seed };
}

/** The path deletes or deactivates the account: a rider signed up for it, never the demo rider. */
const leaves = (path: SessionPath): boolean =>
  path.steps.some(
    (step) => step.event.type === "session.deleted" || step.event.type === "session.deactivated",
  );

/** Why the real server (or this replay) cannot give this path, or null when it can. */
export function skipReason(path: SessionPath): string | null {
  const input = inputIndex(path);
  if (input === 3) {
    return "two-factor required: the deployment that requires it needs a second server (not replayed yet)";
  }
  let from = "start";
  for (const step of path.steps) {
    const type = step.event.type;
    if (type === "session.language") {
      return "a language switch saves the demo rider's profile language, which the other specs read (e2e/accounts.spec.ts switches a rider of its own)";
    }
    if (type === "session.deactivated") {
      return "deactivation: the demo deployment does not offer it (allowAccountDeactivation is off)";
    }
    if (input === 0 && type === "session.deleted") {
      return "the fresh visit signs in as the demo rider, whose account the other specs need";
    }
    if (type === "xstate.done.actor.resendCode") {
      return "a sent resend: the server sends a new code only 30 s after the last, and tests never wait on the clock";
    }
    if (type === "session.expired") {
      if (from.startsWith("anonymous")) return "a guest has no session the server can end";
      if (from.startsWith("twoFactor"))
        return "a pending sign-in: the server ends only full sessions (logout)";
      if (from === "confirmingSignOut" || from === "deactivatedNotice") {
        return "the modal question is open: no gesture sends a request the server could refuse";
      }
    }
    if (input === 2 && isEnrolledSignIn(step.event)) {
      return "an enrolled rider without the code needs a deployment with two-factor off (the e2e server asks)";
    }
    from = stateKey(step.state.value);
  }
  if (cartPlan(path) === "mismatch") return "a later sign-out needs the cart refilled mid-path (not mapped)";
  return null;
}

/** What a path covers: states and moves, sign-ins named by the rider. */
export function sessionCoverage(path: SessionPath): string[] {
  return coverageOf(path, (event) =>
    event.type === "xstate.done.actor.signInForm" || event.type === "session.handOver"
      ? `${event.type} ${isEnrolledSignIn(event) ? "enrolled" : "rider"}`
      : event.type === "session.signOut"
        ? `${event.type} ${event.cartEmpty ? "empty" : "full"}`
        : event.type,
  );
}

/** Paths to replay (e2e/models/replay-sampling.ts): the covering set, every input once, a seeded draw. */
export function choosePaths(paths: SessionPath[], sampling: Sampling): SessionPath[] {
  return choose(
    paths.filter((path) => skipReason(path) === null),
    { sampling, coverage: sessionCoverage, inputs },
  );
}

const short: Record<string, string> = {
  "xstate.done.actor.loadProfile": "(profile)",
  "xstate.error.actor.loadProfile": "(profile lost)",
  "xstate.done.actor.codeForm": "(code)",
  "xstate.error.actor.resendCode": "(too soon)",
  "xstate.done.actor.logout": "(logged out)",
  "xstate.error.actor.logout": "(logout lost)",
};

/** A test name: who starts, then the path's events. */
export function pathName(path: SessionPath): string {
  const who = ["fresh visit", "restored (es)", "token only (vi)", "two-factor required"][inputIndex(path)];
  const events = path.steps
    .filter((step) => step.event.type !== "xstate.init")
    .map((step) => {
      const event = step.event;
      if (event.type === "xstate.done.actor.signInForm") {
        return isEnrolledSignIn(event) ? "(signed in, enrolled)" : "(signed in)";
      }
      if (event.type === "session.signOut") return `signOut ${event.cartEmpty ? "empty" : "full"}`;
      if (event.type === "session.handOver") return isEnrolledSignIn(event) ? "Apple (enrolled)" : "Apple";
      return short[event.type] ?? event.type.replace(/^session\./, "");
    });
  return `${who}: ${events.join(" → ")}`;
}

/** The portal's own words in a language, from its catalogues (src/locales/<lang>/messages.po). */
const catalogues = new Map<string, Map<string, string>>();
export function words(language: string): (english: string) => string {
  if (language === "en") return (english) => english;
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    catalogue = new Map();
    const text = readFileSync(
      resolve(import.meta.dirname, "..", "..", "src", "locales", language, "messages.po"),
      "utf8",
    );
    const quoted = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
    let id: string | null = null;
    let field: "id" | "str" | null = null;
    let str = "";
    const flush = () => {
      if (id !== null && str !== "" && catalogue && !catalogue.has(id)) catalogue.set(id, str);
    };
    for (const line of text.split("\n")) {
      if (line.startsWith("msgid ")) {
        flush();
        id = quoted(line);
        str = "";
        field = "id";
      } else if (line.startsWith("msgstr ")) {
        str = quoted(line);
        field = "str";
      } else if (line.startsWith('"') && field === "id" && id !== null) {
        id += quoted(line);
      } else if (line.startsWith('"') && field === "str") {
        str += quoted(line);
      } else {
        field = null;
      }
    }
    flush();
    catalogues.set(language, catalogue);
  }
  const known = catalogue;
  return (english) => {
    const translated = known.get(english);
    if (!translated) throw new Error(`no ${language} words for "${english}"`);
    return translated;
  };
}

/** A rider with two-factor on (codes texted to a dev-mailbox phone), made once per run. */
export interface EnrolledRider {
  email: string;
  password: string;
  phone: string;
  /** The sandbox Apple identity connected to this rider. */
  apple: string;
}

/** The sandbox Apple identity of a rider without two-factor (opened by its first sign-in). */
const appleRider = sandboxEmail("session-replay-apple");

export async function enrolRider(page: Page): Promise<EnrolledRider> {
  const portal = new Portal(page);
  const rider = await signUpRider(portal, { confirmed: true, prefix: "session-replay" });
  const phone = `202555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  await signInAt(portal, rider);
  const twoFactor = await startTwoFactor(portal, phone, rider.password);
  const code = await fromMailbox(page, `+1${phone}`, /verification code is ([0-9]{6})/);
  await twoFactor.getByLabel("Verification Code").fill(code);
  await twoFactor.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(twoFactor.getByText(/Two-factor authentication is on\./)).toBeVisible();
  // Apple connected too, so a provider's return can ask for the texted code.
  const social = new SocialPage(page);
  const apple = sandboxEmail("session-replay-enrolled-apple");
  await social.openConnectedAccounts();
  await social.clickConnect("Apple");
  await social.answerSandbox("Apple", { email: apple });
  await social.seeConnectedAccounts();
  await expect(social.row("Apple")).toContainText("Connected");
  await page.getByRole("button", { name: "Sign out" }).click();
  await portal.seeHeading("Sign in");
  return { ...rider, phone: `+1${phone}`, apple };
}

/** A request held until the walk has seen the busy state it keeps the session in. */
interface Held {
  kind: Kind;
  arrived: Promise<void>;
  answered: Promise<void>;
  answer(how: Answer): void;
}

const codePattern = /verification code is ([0-9]{6})/;

/** The page a path starts on, and the request (if any) whose answer the next step is. */
export class SessionReplay {
  readonly page: Page;
  readonly portal: Portal;
  readonly path: SessionPath;
  private readonly enrolled: EnrolledRider | null;
  private readonly t: (english: string) => string;
  private held: Held | null = null;
  /** Codes texted to the enrolled rider so far (the next one is newer). */
  private codesSeen = 0;
  /** The rider signed up to delete or deactivate their account. */
  private leaving: { email: string; password: string } | null = null;

  constructor(page: Page, path: SessionPath, enrolled: EnrolledRider | null) {
    this.page = page;
    this.path = path;
    this.portal = new Portal(page);
    this.enrolled = enrolled;
    this.t = words(path.input?.language ?? "en");
  }

  /** Holds the next request of `kind` until answered. */
  private async hold(kind: Kind): Promise<void> {
    let arrive: () => void = () => {};
    let answer: (how: Answer) => void = () => {};
    let answeredDone: () => void = () => {};
    const arrived = new Promise<void>((done) => {
      arrive = done;
    });
    const how = new Promise<Answer>((done) => {
      answer = done;
    });
    const answered = new Promise<void>((done) => {
      answeredDone = done;
    });
    const { method, path } = patterns[kind];
    this.held = { kind, arrived, answered, answer };
    // Taken once, by hand: a `times: 1` route that expires lets Playwright go on with the other routes'
    // held requests (a held sign-out reached the server once a held profile request was answered).
    let taken = false;
    await this.page.route(
      (url) => path.test(url.pathname),
      async (route: Route) => {
        if (taken || route.request().method() !== method) return route.fallback();
        taken = true;
        arrive();
        const chosen = await how;
        try {
          if (chosen === "dropped") return await route.abort("internetdisconnected");
          if (chosen === "left") {
            // The state that asked was left: nobody hears this answer (the server's own rate-limit words).
            return await route.fulfill({
              status: 429,
              contentType: "application/json",
              body: JSON.stringify({ errors: [{ code: 42901, message: "Too many requests" }] }),
            });
          }
          if (chosen === "ended") {
            // The session is ended through the API: the held request still carries its token.
            const authorization = (await route.request().allHeaders()).authorization ?? "";
            const ended = await this.page.request.post("/accounts/users/logout", {
              headers: { Authorization: authorization },
            });
            expect(ended.status()).toBe(204);
          }
          const response = await route.fetch();
          return await route.fulfill({ response });
        } finally {
          answeredDone();
        }
      },
    );
  }

  /** Answers the held request, once it has been asked, and waits until the page has its reply. */
  private async release(how: Answer): Promise<void> {
    const held = this.held;
    this.held = null;
    if (!held) return;
    await held.arrived;
    held.answer(how);
    await held.answered;
  }

  private async dismissOffline(): Promise<void> {
    const offline = this.page.getByRole("alertdialog", { name: this.t("No Internet Connection") });
    await expect(offline).toBeVisible();
    await offline.getByRole("button", { name: this.t("OK") }).click();
    await expect(offline).toBeHidden();
  }

  /** Sets up what the path's input stands for and opens the portal, with the first busy request held. */
  async start(): Promise<void> {
    const { page, path } = this;
    const input = path.input;
    if (!input) throw new Error("a session path always has an input");
    const plan = cartPlan(path);
    const cart = plan !== "mismatch" && plan.seed ? (checkoutInputs[0]?.items ?? []) : [];
    const first = this.path.steps[0];
    if (!first) throw new Error("an empty path");
    const index = inputIndex(path);
    if (index === 0) {
      await this.portal.open("/login");
      await page.evaluate((items) => {
        if (items.length > 0) localStorage.setItem("cart", JSON.stringify(items));
      }, cart);
      await page.reload();
      return;
    }
    // A rider who signed in on an earlier visit (once through the sign-in page), then came back: one
    // signed up for the path when it deletes or deactivates the account.
    if (leaves(path))
      this.leaving = await signUpRider(this.portal, { confirmed: true, prefix: "session-replay-leaving" });
    await signInAt(this.portal, this.leaving ?? demoRider);
    await page.evaluate(
      ({ items, language, tokenOnly }) => {
        const user = JSON.parse(localStorage.getItem("cwp_user") ?? "null");
        if (tokenOnly) localStorage.removeItem("cwp_user");
        else localStorage.setItem("cwp_user", JSON.stringify({ ...user, locale: language }));
        localStorage.setItem("Bytemark-CW-lang", language);
        localStorage.setItem("cart", JSON.stringify(items));
      },
      { items: cart, language: input.language, tokenOnly: index === 2 },
    );
    const busy = busyKinds[stateKey(first.state.value)];
    if (busy) await this.hold(busy);
    await page.reload();
  }

  /** Replays every step: the gesture or the answer, then what the rider sees in the state it reaches. */
  async replay(): Promise<void> {
    const { steps } = this.path;
    for (const [index, step] of steps.entries()) {
      if (index > 0) await this.perform(step, index);
      await this.see(step);
    }
    const last = stateKey(this.path.state.value);
    if (!busyKinds[last]) await this.portal.checkAccessibility();
    // A path that ends busy lets its request go as it is, and the page settles.
    await this.release("server");
  }

  private button(name: string, scope: Page | Locator = this.page): Locator {
    return scope.getByRole("button", { name: this.t(name), exact: true });
  }

  /** The rider's gesture (or the server's answer) that is step `index`. */
  private async perform(step: Step, index: number): Promise<void> {
    const event = step.event;
    const before = stateKey(this.path.steps[index - 1]?.state.value);
    const after = stateKey(step.state.value);
    const heldBefore = this.held;
    const type = event.type;
    // Answers to the held request.
    if (type === "xstate.done.actor.loadProfile" || type === "xstate.done.actor.logout") {
      await this.holdFor(after);
      return this.release("server");
    }
    if (type === "xstate.error.actor.loadProfile" || type === "xstate.error.actor.logout") {
      await this.holdFor(after);
      await this.release("dropped");
      return this.dismissOffline();
    }
    if (type === "xstate.error.actor.resendCode") return this.release("server");
    if (type === "session.expired" && heldBefore) {
      await this.holdFor(after);
      return this.release("ended");
    }
    // Gestures: the next busy state's request is held first.
    if (heldBefore && busyKinds[after] === heldBefore.kind && before === after) {
      // Same busy state (a profile saved while the session is checked): the request stays held.
    } else {
      this.held = null;
      await this.holdFor(after);
    }
    await this.gesture(event, before);
    // A busy request of a state now left is answered, unheard.
    if (
      heldBefore &&
      heldBefore !== this.held &&
      !(busyKinds[after] === heldBefore.kind && before === after)
    ) {
      const stale = this.held;
      this.held = heldBefore;
      await this.release(heldBefore.kind === "profile" ? "server" : "left");
      this.held = stale;
    }
  }

  private async holdFor(state: string): Promise<void> {
    const kind = busyKinds[state];
    if (kind) await this.hold(kind);
  }

  private async gesture(event: AnyEventObject, before: string): Promise<void> {
    const { page, t } = this;
    switch (event.type) {
      case "xstate.done.actor.signInForm": {
        const enrolled = isEnrolledSignIn(event) && inputIndex(this.path) === 0;
        const rider = enrolled ? this.enrolled : demoRider;
        if (!rider) throw new Error("the enrolled rider was not made");
        if (enrolled && this.enrolled) {
          this.codesSeen = (await mailTo(page, this.enrolled.phone, codePattern)).length;
        }
        const form = page
          .locator("section")
          .filter({ has: page.getByRole("heading", { name: t("Sign in with your email") }) });
        await form.locator('input[type="email"]').fill(rider.email);
        await form.locator('input[type="password"]').fill(rider.password);
        return this.button("Sign in", form).click();
      }
      case "session.handOver": {
        // The rider signs in with Apple (the sandbox provider) and comes back to the portal.
        const enrolled = isEnrolledSignIn(event);
        if (enrolled && !this.enrolled) throw new Error("the enrolled rider was not made");
        if (enrolled && this.enrolled) {
          this.codesSeen = (await mailTo(page, this.enrolled.phone, codePattern)).length;
        }
        const social = new SocialPage(page);
        // The sign-in page offers Apple (the sign-in form on Apple's return page does not).
        if (!/\/login$/.test(page.url())) await page.goto("/login");
        await social.clickSignInWith("Apple");
        return social.answerSandbox("Apple", { email: enrolled ? this.enrolled?.apple : appleRider });
      }
      case "xstate.done.actor.codeForm": {
        const enrolled = this.enrolled;
        if (!enrolled) throw new Error("the enrolled rider was not made");
        let code: string | undefined;
        await expect(async () => {
          const codes = await mailTo(page, enrolled.phone, codePattern);
          expect(codes.length).toBeGreaterThan(this.codesSeen);
          code = codes[0]?.body.match(codePattern)?.[1];
        }).toPass({ timeout: 10_000 });
        const step = page
          .locator("section")
          .filter({ has: page.getByRole("heading", { name: t("Two-factor verification") }) });
        await step
          .getByRole("textbox")
          .first()
          .fill(code ?? "");
        return this.button("Verify", step).click();
      }
      case "twoFactor.resend":
        return this.button("Send a new code").click();
      case "twoFactor.cancel":
        return this.button("Cancel").click();
      case "session.signOut":
        if (before === "authenticated.enrolling") return this.button("Sign out instead").click();
        return this.button("Sign out").click();
      case "session.signOutConfirmed":
        return this.button("Sign out and clear cart").click();
      case "session.signOutCancelled":
        return this.button("Stay signed in").click();
      case "session.refresh":
        // The rider reloads: the portal asks the server for the stored rider's profile again.
        return void (await page.reload());
      case "session.userUpdated":
        return this.saveProfile();
      case "session.deleted": {
        // The rider deletes their account on the security page, after its question.
        await this.openSecurity();
        const region = page.getByRole("region", { name: t("Delete account") });
        await this.button("Delete my account", region).click();
        const question = page.getByRole("alertdialog", { name: t("Delete your account?") });
        await question.locator('input[type="password"]').fill(this.leaving?.password ?? "");
        return this.button("Delete my account", question).click();
      }
      case "session.deactivated": {
        // The rider deactivates their account on the security page (no balance to move).
        await this.openSecurity();
        await this.button("Deactivate account").click();
        await page.locator('input[type="password"]').fill(this.leaving?.password ?? "");
        return this.button("Deactivate my account").click();
      }
      case "session.deactivationAcknowledged":
        return this.button("OK", page.getByRole("alertdialog", { name: t("Account deactivated") })).click();
      case "session.expiryAcknowledged":
        return this.button("OK", page.getByRole("alertdialog", { name: t("Session expired") })).click();
      case "session.expired": {
        // The server ends the session (signed out elsewhere); the rider's next save finds out.
        const token = await page.evaluate(() => localStorage.getItem("auth_token"));
        const ended = await page.request.post("/accounts/users/logout", {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(ended.status()).toBe(204);
        return this.saveProfile({ expectSaved: false });
      }
      default:
        throw new Error(`no gesture sends ${event.type}`);
    }
  }

  private async openSecurity(): Promise<void> {
    await this.page
      .getByRole("navigation", { name: this.t("Account") })
      .getByRole("link", { name: this.t("Security") })
      .click();
    await this.portal.seeHeading(this.t("Security"));
  }

  /** The rider saves their profile as it is (the portal publishes the saved rider). */
  private async saveProfile({ expectSaved = true } = {}): Promise<void> {
    const { page } = this;
    await expect(page).toHaveURL(/\/account\/profile$/);
    await this.button("Edit profile").click();
    await this.button("Save changes").click();
    if (expectSaved) await expect(page.getByText(this.t("Your profile was updated.")).first()).toBeVisible();
  }

  /** What the rider sees in the state `step` reaches. */
  async see(step: Step): Promise<void> {
    const { page, t } = this;
    const key = stateKey(step.state.value);
    const context = step.state.context;
    const expired = page.getByText(t("Your session has ended. Please sign in again."));
    const signOut = page.getByRole("banner").getByRole("button", { name: t("Sign out"), exact: true });
    switch (key) {
      case "anonymous.fresh":
        // The sign-in page, or a provider's return page showing the sign-in form again.
        await expect(page).toHaveURL(/\/(login|redirect\/.*)$/, { timeout: 15_000 });
        await expect(page.getByRole("heading", { name: t("Sign in with your email") })).toBeVisible();
        await expect(expired).toHaveCount(0);
        await expect(page.getByRole("banner").getByRole("button", { name: t("Sign out") })).toHaveCount(0);
        return;
      case "anonymous.expired.told": {
        // The spec's popup, centred over the sign-in page the rider was sent to.
        await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
        const popup = page.getByRole("alertdialog", { name: t("Session expired") });
        await this.portal.seeCentred(popup);
        await expect(popup.getByText(t("Your session has ended. Please sign in again."))).toBeVisible();
        await expect(this.button("OK", popup)).toBeFocused();
        return;
      }
      case "anonymous.expired.acknowledged":
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
        await expect(page.getByRole("heading", { name: t("Sign in with your email") })).toBeVisible();
        await expect(expired).toBeVisible();
        return;
      case "twoFactor.waiting":
        await expect(page.getByRole("heading", { name: t("Two-factor verification") })).toBeVisible();
        await expect(this.button("Send a new code")).toBeEnabled();
        if (context.error !== null) await expect(page.getByRole("alert")).not.toHaveCount(0);
        return;
      case "twoFactor.resending":
        await this.held?.arrived;
        await expect(this.button("Sending…")).toBeDisabled();
        return;
      case "loadingProfile":
        await this.held?.arrived;
        await expect(page.getByRole("status").filter({ hasText: t("Signing you in…") })).toBeVisible();
        return;
      case "restoring":
        await this.held?.arrived;
        await expect(page.getByRole("status").filter({ hasText: t("Loading") })).toBeVisible();
        await expect(signOut).toHaveCount(0);
        return;
      case "authenticated.refreshing":
        await this.held?.arrived;
        await expect(signOut).toBeEnabled();
        return;
      case "authenticated.idle":
        await expect(signOut).toBeEnabled();
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
        await expect(page.getByRole("link", { name: t("My Account") })).toBeVisible();
        return;
      case "confirmingSignOut": {
        const question = page.getByRole("alertdialog", { name: t("Sign out?") });
        await this.portal.seeCentred(question);
        await expect(question.getByText(t("Your cart will be cleared when you sign out."))).toBeVisible();
        return;
      }
      case "deactivatedNotice": {
        const notice = page.getByRole("alertdialog", { name: t("Account deactivated") });
        await this.portal.seeCentred(notice);
        await expect(this.button("OK", notice)).toBeEnabled();
        return;
      }
      case "signingOut":
        await this.held?.arrived;
        await expect(page.getByRole("button", { name: t("Signing out…") })).toBeDisabled();
        return;
      default:
        throw new Error(`no expectation for the state ${key}`);
    }
  }
}
