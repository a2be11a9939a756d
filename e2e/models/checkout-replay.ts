import { expect, type Locator, type Page, type Route } from "@playwright/test";
import type { AnyEventObject } from "xstate";
import type { CheckoutChoices } from "../../src/domain/checkout/draft.ts";
import { type CheckoutContext, placedElsewhereOf } from "../../src/machines/checkout.machine.ts";
import type { GeneratedPath } from "../../tests/model/harness.ts";
import { inputs, type recording } from "../../tests/model/specs/checkout.ts";
import { bank, visa } from "../../tests/model/specs/paymentMethods.ts";
import { CheckoutPage, giaGuestAddress } from "./checkout.ts";
import { choosePaths as choose, coverageOf, type Sampling } from "./replay-sampling.ts";

/**
 * The checkout model's generated paths as a rider (or a guest) walks them in Chromium against the real
 * server: each gesture event is what the rider does, each actor's answer is what the real server says
 * (made to say it by the setup, by ending the session, or by page.route changing or dropping one
 * request), and each step's state is asserted as the rider sees it.
 */

export type CheckoutPath = GeneratedPath<typeof recording>;
type Step = CheckoutPath["steps"][number];

/** What an actor's answer is, as the real server is made to give it. */
export type Answer =
  | "prepared"
  | "pricesChanged"
  | "quoted"
  | "promoRefused"
  | "shippingRefused"
  | "lost"
  | "unsold"
  | "sessionEnded"
  | "placed"
  | "declined"
  | "inFlight"
  | "priceMoved"
  | "legRefused"
  | "waited";

const codeOf = (event: AnyEventObject): number | null => {
  const error: unknown = event.error;
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
    ? error.code
    : null;
};

interface QuoteOutput {
  reply: { prices_changed: boolean };
  problems: Array<{ field?: string }>;
}
const quoteOf = (event: AnyEventObject): QuoteOutput | null => {
  const output: unknown = event.output;
  if (typeof output !== "object" || output === null) return null;
  const quote = "quote" in output ? output.quote : output;
  return typeof quote === "object" && quote !== null && "reply" in quote && "problems" in quote
    ? (quote as QuoteOutput)
    : null;
};

/** The answer an actor event stands for, or null for a rider's gesture. */
function answerOf(event: AnyEventObject): Answer | null {
  const type = event.type;
  if (!type.startsWith("xstate.") || type === "xstate.init") return null;
  if (type === "xstate.done.actor.waitBeforeRetry") return "waited";
  // The card form's token is the rider's doing: a card typed and "Use this card" (perform).
  if (type === "xstate.done.actor.cardEntry") return null;
  if (type === "xstate.done.actor.placeOrder") return "placed";
  if (type === "xstate.done.actor.prepareCheckout" || type === "xstate.done.actor.quote") {
    const quote = quoteOf(event);
    if (quote?.reply.prices_changed) return "pricesChanged";
    if (quote?.problems.some((problem) => problem.field === "promo_code")) return "promoRefused";
    if (quote?.problems.some((problem) => problem.field === "shipping_method")) return "shippingRefused";
    return type === "xstate.done.actor.quote" ? "quoted" : "prepared";
  }
  switch (codeOf(event)) {
    case 42208:
      return "unsold";
    case 50020:
      return "sessionEnded";
    case 42203:
      return "declined";
    case 40902:
      return "inFlight";
    case 42212:
      return "priceMoved";
    case 42213:
      return "legRefused";
    default:
      return "lost";
  }
}

const inputIndex = (path: CheckoutPath): number => (path.input ? inputs.indexOf(path.input) : -1);

const isGuest = (path: CheckoutPath): boolean => path.input?.guest === true;

/** Why the real server cannot give this path's answers, or null when it can. */
export function skipReason(path: CheckoutPath): string | null {
  if (inputIndex(path) >= 5) {
    return "passes bought for no card (issue 34): e2e/checkout-destination.spec.ts walks where they go, with a real card found by its number and security code";
  }
  const answers = path.steps.map((step) => answerOf(step.event));
  if (path.steps.some((step) => placedElsewhereOf(step.event.error) !== null)) {
    return "another tab's order for the same cart: e2e/two-tabs.spec.ts places it from two tabs";
  }
  if (answers.includes("inFlight") || answers.includes("waited")) {
    return "409 in flight: the server answers it only while the same key's first request is still running";
  }
  if (isGuest(path) && answers.includes("sessionEnded")) return "a guest has no session to end";
  const entryLost = path.steps.some(
    (step) => step.event.type === "xstate.done.actor.cardEntry" && step.event.output === null,
  );
  if (entryLost) {
    return "the card checks are the build's own chunk: one that cannot be downloaded opens No Internet Connection and waits (chunks.ts), it never fails";
  }
  const wallet = path.steps.some(
    (step) => step.event.type === "payment.choose" && step.event.choice?.kind === "wallet",
  );
  if (wallet) return "the demo rider's wallet is empty, and the portal offers no empty wallet";
  const noDefault = path.steps.some((step) => {
    const output = (step.event as { output?: { addresses?: Array<{ isDefault?: boolean }> } }).output;
    return (
      step.event.type === "xstate.done.actor.prepareCheckout" &&
      (output?.addresses?.length ?? 0) > 0 &&
      !output?.addresses?.some((address) => address.isDefault)
    );
  });
  if (noDefault) return "the demo rider has a default address, which checkout chooses at once";
  return null;
}

/** What a path covers: the states it reaches and the moves (state, event and answer, next state). */
export function checkoutCoverage(path: CheckoutPath): string[] {
  return coverageOf(path, (event) => {
    const answer = answerOf(event);
    return `${event.type}${answer ? ` ${answer}` : ""}`;
  });
}

/** The demo rider keeps two addresses and may keep ten; one run adds at most this many. */
const maxAddedAddresses = 6;
const addsAddress = (path: CheckoutPath) =>
  path.steps.some((step) => step.event.type === "shipping.addressSaved" && !step.state.context.guest);

/**
 * Paths to replay (e2e/models/replay-sampling.ts): the covering set of the replayable paths, every
 * input at least once, plus a seeded draw; never more than six that add an address.
 */
export function choosePaths(paths: CheckoutPath[], sampling: Sampling): CheckoutPath[] {
  return choose(
    paths.filter((path) => skipReason(path) === null),
    {
      sampling,
      coverage: checkoutCoverage,
      inputs,
      admits: (path, chosen) => !addsAddress(path) || chosen.filter(addsAddress).length < maxAddedAddresses,
    },
  );
}

/** A state's dotted name ("details.quoting"), as the expectations below know it. */
function stateKey(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return String(value);
  const [name, child] = Object.entries(value)[0] ?? ["", ""];
  return `${name}.${stateKey(child)}`;
}

/** A test name: the path's events, answers named by what the server said. */
export function pathName(path: CheckoutPath): string {
  const who = [
    "rider: day passes",
    "guest: fare card",
    "rider: restored split",
    "rider: renewing pass",
    "rider: shipped card",
    "rider: passes for no card",
    "guest: passes for no card",
  ][inputIndex(path)];
  const events = path.steps
    .filter((step) => step.event.type !== "xstate.init")
    .map((step) => {
      const answer = answerOf(step.event);
      if (answer) return `(${answer})`;
      const { type, ...rest } = step.event;
      if (type === "payment.choose") {
        const { leg, choice } = rest as { leg: number; choice: { kind: string; id?: string } };
        return `${type} ${leg}:${choice.kind === "saved" ? (choice.id === bank.id ? "bank" : "visa") : choice.kind}`;
      }
      if (type === "payment.split") return `${type} ${(rest as { on: boolean }).on ? "on" : "off"}`;
      if (type === "payment.amount") return `${type} ${(rest as { value: string }).value}`;
      return type;
    });
  return `${who}: ${events.join(" → ")}`;
}

/** The requests a replay holds, one at a time: the checkout's API calls. */
type Kind = "quote" | "order";

/** How the real server is made to give an answer: which request it is and what is done to it. */
const requestOf: Record<Answer, Kind | null> = {
  prepared: "quote",
  pricesChanged: "quote",
  quoted: "quote",
  promoRefused: "quote",
  shippingRefused: "quote",
  unsold: "quote",
  lost: null,
  sessionEnded: null,
  placed: "order",
  declined: "order",
  priceMoved: "order",
  legRefused: "order",
  inFlight: "order",
  waited: null,
};

/** The request each busy state waits on, for a path that ends in it. */
const endKinds: Record<string, Kind | undefined> = {
  revalidating: "quote",
  "details.quoting": "quote",
  placing: "order",
};

const patterns = {
  quote: /\/checkout\/quote$/,
  order: /\/orders$/,
} as const;

/** A request held until the walk has seen the busy state it keeps the checkout in. */
interface Held {
  arrived: Promise<void>;
  release(): void;
  /** Settles once the released request was sent on (or dropped): nothing of it is left in flight. */
  handled: Promise<void>;
}

/** A request's hold: `arrive` when it is asked, `gate` opens when `held.release()` lets it go. */
function heldRequest(): { arrive: () => void; gate: Promise<void>; done: () => void; held: Held } {
  let arrive: () => void = () => {};
  let release: () => void = () => {};
  let done: () => void = () => {};
  const handled = new Promise<void>((resolve) => {
    done = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrive, gate, done, held: { arrived, release, handled } };
}

type Json = Record<string, unknown>;
const lines = (body: Json) => (Array.isArray(body.lines) ? (body.lines as Json[]) : []);

/** The one change to a request that makes the real server give `answer` (null: sent as it is). */
function tamper(answer: Answer, body: Json): Json | null {
  switch (answer) {
    case "pricesChanged":
      // The portal's request carries an older price than the catalogue's: the server reprices it.
      return {
        ...body,
        lines: lines(body).map((line) => ({ ...line, list_price: Number(line.list_price) - 50 })),
      };
    case "unsold":
      // A product the catalogue does not sell (any more).
      return {
        ...body,
        lines: lines(body).map((line, n) =>
          n === 0 ? { ...line, product: "a9999999-0000-4000-8000-000000000999" } : line,
        ),
      };
    case "shippingRefused":
      // A method the server does not offer (any more).
      return { ...body, shipping_method: "teleport" };
    case "priceMoved":
      // The total the rider was shown is not the server's any more.
      return { ...body, expected_total: Number(body.expected_total) + 1 };
    case "legRefused": {
      // The first leg names a method the rider no longer has.
      const payments = Array.isArray(body.payments) ? (body.payments as Json[]) : [];
      return {
        ...body,
        payments: payments.map((leg, n) =>
          n === 0
            ? { kind: "saved", payment_method: "7a1c0000-0000-4000-8000-0000000000ee", amount: leg.amount }
            : leg,
        ),
      };
    }
    default:
      return null;
  }
}

/** The words of each problem that keeps the rider from reviewing (src/views/checkout/parts.tsx). */
const problemTexts: Record<NonNullable<CheckoutContext["problem"]>, string> = {
  destination: "Choose where your pass goes.",
  destinationIneligible: "This fare card cannot hold the passes in your cart.",
  shippingAddress: "Please choose a shipping address.",
  shippingMethod: "Please choose a shipping method.",
  selectPayment: "Please select a payment method.",
  sameMethod: "Please choose two different payment methods.",
  amountInvalid: "Amount is not valid.",
  purseShort: "A wallet or fare card does not hold enough for its part of the payment.",
  walletAutoRenew: "A wallet cannot pay for auto-renewed passes",
  autoRenewSavedMethod: "Auto-renewed passes need a saved payment method that pays the whole order.",
  email: "Invalid Email Address",
  emailMismatch: "The email addresses do not match.",
};

/** The page a path starts on, and the request (if any) whose answer the next step is. */
export class CheckoutReplay {
  readonly page: Page;
  readonly checkout: CheckoutPage;
  readonly path: CheckoutPath;
  private held: Held | null = null;
  /** The kind of request of each answer step still to come (a lost reply is a lost request). */
  private kinds: Array<Kind | null>;

  constructor(page: Page, path: CheckoutPath) {
    this.page = page;
    this.path = path;
    this.checkout = new CheckoutPage(page);
    this.kinds = path.steps.map((step) => this.requestKind(step));
  }

  /** Which request answers step `index`: lost and ended answers take the kind of what was asked. */
  private requestKind(step: Step): Kind | null {
    const answer = answerOf(step.event);
    if (!answer) return null;
    const known = requestOf[answer];
    if (known) return known;
    if (answer === "waited") return null;
    const type = step.event.type;
    if (type.endsWith("prepareCheckout") || type.endsWith(".quote")) return "quote";
    if (type.endsWith("placeOrder")) return "order";
    return null;
  }

  /** Holds the next request of the kind step `index` answers, and does to it what the answer needs. */
  private async arm(index: number): Promise<void> {
    const step = this.path.steps[index];
    const last = index === this.path.steps.length ? this.path.state.value : null;
    // A path that ends busy holds the request its state waits on, so that state stays to be seen.
    const kind = step
      ? this.kinds[index]
      : typeof last === "string"
        ? endKinds[last]
        : endKinds[stateKey(last)];
    const answer: Answer | null = step ? answerOf(step.event) : "prepared";
    if (!kind || !answer) return;
    const { arrive, gate, done, held } = heldRequest();
    this.held = held;
    const pass = async (route: Route): Promise<void> => {
      await gate;
      if (answer === "lost") return route.abort("internetdisconnected");
      if (answer === "sessionEnded") {
        // The session is deleted through the API: the held request still carries its token.
        const authorization = route.request().headers().authorization ?? "";
        const ended = await this.page.request.post("/accounts/users/logout", {
          headers: { Authorization: authorization },
        });
        expect(ended.status()).toBe(204);
        return route.continue();
      }
      const body = tamper(answer, route.request().postDataJSON() as Json);
      return body ? route.continue({ postData: JSON.stringify(body) }) : route.continue();
    };
    // Not `times: 1`: a page whose last route is removed stops intercepting, and Playwright then sends
    // on the request it holds by itself. The route stays, and lets every later request through.
    let taken = false;
    await this.page.route(
      (url) => patterns[kind].test(url.pathname),
      async (route: Route) => {
        if (route.request().method() !== "POST" || taken) return route.fallback();
        taken = true;
        arrive();
        await pass(route).finally(done);
      },
    );
  }

  /** Lets the held request go (the answer step), once it has been asked. */
  private async letGo(): Promise<void> {
    const held = this.held;
    this.held = null;
    if (!held) return;
    await held.arrived;
    held.release();
    // The walk ends once the request is on its way, not while the page closes under it.
    await held.handled;
  }

  /** A dropped request of the portal's own API says so first; the rider closes the dialog. */
  private async dismissOffline(): Promise<void> {
    const offline = this.page.getByRole("alertdialog", { name: "No Internet Connection" });
    await expect(offline).toBeVisible();
    await offline.getByRole("button", { name: "OK" }).click();
    await expect(offline).toBeHidden();
  }

  /**
   * Opens the checkout the path's input names, with the first answer armed. A rider's path starts
   * with the demo rider's stored session (the test's storage state, e2e/models/signed-in.ts): the
   * checkout is where it begins, not the sign-in. The stored cart, choices and guest flag are written by
   * an init script before the portal's first load, once per tab (a reload keeps what the portal then
   * stored), so the portal's first load is the checkout's.
   */
  async start(): Promise<void> {
    const { page, path } = this;
    const input = path.input;
    if (!input) throw new Error("a checkout path always has an input");
    const items = input.items.map((item) => ({ ...item }));
    // Restored choices name the rider's saved methods, asked of the API with the stored token, which
    // the page reads on the origin: only those paths open a page (the health page, no portal) first.
    let restored: CheckoutChoices | null = null;
    if (!input.guest && input.restored) {
      await page.goto("/healthz");
      restored = await this.restoredChoices(input.restored);
    }
    await page.addInitScript(
      ({ cart, choices, guest }) => {
        if (sessionStorage.getItem("checkoutReplaySeeded")) return;
        sessionStorage.setItem("checkoutReplaySeeded", "true");
        if (!guest && !localStorage.getItem("auth_token"))
          sessionStorage.setItem("checkoutReplayNoSession", "true");
        localStorage.setItem("cart", JSON.stringify(cart));
        if (guest) {
          localStorage.setItem("tourDone", "true");
          localStorage.setItem("isGuestUser", "true");
        }
        if (choices) sessionStorage.setItem("checkoutChoices", JSON.stringify(choices));
      },
      { cart: items, choices: restored, guest: input.guest === true },
    );
    await this.arm(1);
    await page.goto(input.guest ? "/anonymous/checkout" : "/checkout");
    if (await page.evaluate(() => sessionStorage.getItem("checkoutReplayNoSession"))) {
      throw new Error("a rider's checkout path starts from the demo rider's stored session (asDemoRider)");
    }
  }

  /** The model's restored choices with the demo rider's own methods (a declining card for a decline). */
  private async restoredChoices(model: CheckoutChoices): Promise<CheckoutChoices> {
    const declines = this.path.steps.some((step) => answerOf(step.event) === "declined");
    const second = declines ? await this.decliningCard() : await this.methodId(/Sandbox Bank/);
    const first = await this.methodId(/4242/);
    return {
      ...model,
      legs: [
        { kind: "saved", id: first },
        { kind: "saved", id: second },
      ],
      idempotencyKey: crypto.randomUUID(),
    };
  }

  private async token(): Promise<string> {
    const token = await this.page.evaluate(() => localStorage.getItem("auth_token"));
    if (!token) throw new Error("not signed in");
    return token;
  }

  private async methods(): Promise<Array<{ id: string; last4?: string | null; bank_name?: string | null }>> {
    const reply = await this.page.request.get("/transit/payment_methods", {
      headers: { Authorization: `Bearer ${await this.token()}` },
    });
    expect(reply.ok()).toBe(true);
    const body = await reply.json();
    return Array.isArray(body.data) ? body.data : (body.data?.payment_methods ?? []);
  }

  private async methodId(name: RegExp): Promise<string> {
    const found = (await this.methods()).find((method) =>
      name.test(`${method.bank_name ?? ""} ${method.last4 ?? ""}`),
    );
    if (!found) throw new Error(`the demo rider has no method ${name}`);
    return found.id;
  }

  /** A saved Visa that the sandbox declines whenever it is charged (4000 0000 0000 9995). */
  private async decliningCard(): Promise<string> {
    const known = (await this.methods()).find((method) => method.last4 === "9995");
    if (known) return known.id;
    const tokenReply = await this.page.request.post("/sandbox-gateway/v1/tokens", {
      data: {
        number: "4000000000009995",
        exp_month: 12,
        exp_year: 2034,
        cvc: "123",
        postal_code: "94105",
        name: "Rider",
      },
    });
    expect(tokenReply.ok()).toBe(true);
    const token: string = (await tokenReply.json()).data.token;
    const saved = await this.page.request.post("/transit/payment_methods", {
      headers: { Authorization: `Bearer ${await this.token()}` },
      data: { token, billing: { last_name: "Rider", address_1: "1 Market St", zip_code: "94105" } },
    });
    expect(saved.ok()).toBe(true);
    return this.methodId(/9995/);
  }

  /** Replays every step: the gesture or the answer, then what the rider sees in the state it reaches. */
  async replay(): Promise<void> {
    const { steps } = this.path;
    for (const [index, step] of steps.entries()) {
      if (index === 0) {
        await this.see(step);
        continue;
      }
      if (answerOf(step.event)) {
        const held = this.held;
        this.held = null;
        if (held) await held.arrived;
        await this.arm(index + 1);
        held?.release();
        if (answerOf(step.event) === "lost") await this.dismissOffline();
      } else {
        await this.arm(index + 1);
        await this.perform(step.event, index);
      }
      await this.see(step);
    }
    const last = this.path.state.value;
    if (last !== "placed" && last !== "sessionEnded") await this.checkout.portal.checkAccessibility();
    await this.letGo();
  }

  /** The answer of the first quote after step `index`. */
  private nextQuoteAnswer(index: number): Answer | null {
    const later = this.path.steps
      .slice(index + 1)
      .find((step) => step.event.type === "xstate.done.actor.quote");
    return later ? answerOf(later.event) : null;
  }

  private button(name: string | RegExp): Locator {
    return this.page.getByRole("button", { name, exact: typeof name === "string" });
  }

  private cardForm(): Locator {
    return this.page.getByRole("form", { name: "Card for this order" });
  }

  /** The rider's gesture that sends `event` in the state before step `index`. */
  private async perform(event: AnyEventObject, index: number): Promise<void> {
    const { page, checkout } = this;
    const before = this.path.steps[index - 1]?.state;
    const split = before?.context.split ?? false;
    const legGroup = (leg: number) =>
      leg === 1 ? "Second payment method" : split ? "First payment method" : "Pay with";
    switch (event.type) {
      case "promo.change": {
        const refused = this.nextQuoteAnswer(index) === "promoRefused";
        await page
          .getByRole("textbox", { name: "Promo code" })
          .fill(refused ? "NOSUCHCODE" : String(event.value));
        return;
      }
      case "promo.apply":
        return this.button("Apply").click();
      case "promo.remove":
        return this.button("Remove").click();
      case "payment.split":
        return page.getByText("Split the payment between two methods").click();
      case "payment.amount":
        return page.getByRole("textbox", { name: "Amount on the first method" }).fill(String(event.value));
      case "payment.choose": {
        const leg = Number(event.leg);
        const choice: { kind: string; id?: string } = event.choice;
        const option =
          choice.kind === "wallet"
            ? "Wallet"
            : choice.kind === "stored_value"
              ? "Fare card stored value"
              : choice.id === bank.id
                ? /Sandbox Bank checking •••• 6789/
                : choice.id === visa.id
                  ? /Visa •••• 4242/
                  : null;
        if (option === null) throw new Error(`no gesture chooses ${JSON.stringify(choice)}`);
        return checkout.choose(legGroup(leg), option);
      }
      case "payment.newCard": {
        if (this.path.input?.guest) {
          return this.button(before?.context.legs[0] ? "Use another card" : "Enter a card").click();
        }
        const group = checkout.group(legGroup(Number(event.leg)));
        return group
          .locator('[data-part="item"]')
          .filter({ hasText: "A new card for this order only" })
          .click();
      }
      case "xstate.done.actor.cardEntry": {
        // The card form's own steps: a good card is typed and the gateway tokenizes it.
        const card: Array<[string, string]> = [
          ["First name on card", "Gia"],
          ["Last name on card", "Guest"],
          ["Card Number", "4242 4242 4242 4242"],
          ["Expiration (MM/YY)", "12/30"],
          ["CVV", "123"],
          ["Billing Street Address", "1 Market St"],
          ["Zip or Postal Code", "94105"],
        ];
        for (const [label, value] of card) {
          await this.cardForm().getByLabel(label, { exact: true }).fill(value);
        }
        await this.cardForm().getByRole("button", { name: "Use this card" }).click();
        return expect(this.cardForm()).toBeHidden();
      }
      case "card.cancel":
        return this.cardForm().getByRole("button", { name: "Cancel" }).click();
      case "receipt.email":
        return page.getByLabel("Email", { exact: true }).fill(String(event.value));
      case "receipt.confirm":
        return page.getByLabel("Confirm Email", { exact: true }).fill(String(event.value));
      case "shipping.chooseAddress": {
        // The default is chosen already: the rider picks the other of the demo rider's addresses.
        const radios = checkout.group("Shipping address");
        const other = radios.locator('[data-part="item"]:not([data-state="checked"])').first();
        await other.click();
        await expect(other).toHaveAttribute("data-state", "checked");
        return;
      }
      // The address book the checkout runs saves one: a guest's typed in its open form, a rider's added.
      case "shipping.addressSaved":
        if (before?.context.guest) return checkout.fillAddress(giaGuestAddress);
        await this.button("Add address").click();
        return checkout.fillAddress({
          firstName: "Ana",
          lastName: "Lima",
          line1: "1 Main St",
          state: "Illinois",
          city: "Springfield",
          zip: "62701",
        });
      case "shipping.chooseMethod":
        return checkout.choose("Shipping method", /Priority mail/);
      case "checkout.review":
        return this.button("Review order").click();
      case "checkout.edit":
        return this.button("Edit").click();
      case "checkout.place":
        return this.button("Place order").click();
      case "checkout.retry":
        return this.button(before?.value === "unavailable" ? "Try again" : "Retry").click();
      case "checkout.acceptPrices":
        return this.button("Accept new prices").click();
      default:
        throw new Error(`no gesture sends ${event.type}`);
    }
  }

  /** What the rider sees in the state step reaches. */
  async see(step: Step): Promise<void> {
    const { page } = this;
    const value = step.state.value;
    const context: CheckoutContext = step.state.context;
    const key = stateKey(value);
    switch (key) {
      case "revalidating":
        await expect(
          page.getByRole("status").filter({ hasText: "Checking the prices in your cart…" }),
        ).toBeVisible();
        return;
      case "unavailable":
        await this.checkout.seeAlert("The checkout could not be loaded.");
        await expect(this.button("Try again")).toBeEnabled();
        return;
      case "refused":
        await this.checkout.seeAlert("This product is not available.");
        await expect(page.getByRole("link", { name: "Back to cart" })).toBeVisible();
        return;
      // The question stays up, with Accept, also while its names come in a new language.
      case "priceChanged.shown":
      case "priceChanged.relabelling":
        await expect(page.getByRole("heading", { name: "Some prices have changed" })).toBeVisible();
        await expect(
          page.getByRole("list", { name: "Changed prices" }).getByRole("listitem"),
        ).not.toHaveCount(0);
        await expect(this.button("Accept new prices")).toBeEnabled();
        return;
      case "details.idle":
        await expect(this.button("Review order")).toBeEnabled();
        await expect(
          page.getByRole("list", { name: "Checkout steps" }).locator('[aria-current="step"]'),
        ).toHaveText("1. Details");
        return this.seeDetails(context);
      case "details.quoting":
        await expect(this.button("Review order")).toBeDisabled();
        return;
      case "details.card":
        // Its own states (checks loading, ready, tokenizing) are its model's: specs/cardEntry.ts.
        await expect(page.getByRole("heading", { name: "Card for this order" })).toBeVisible();
        await expect(this.cardForm().getByRole("button", { name: "Cancel" })).toBeEnabled();
        return;
      case "review.shown":
        await expect(page.getByRole("heading", { name: "Review your order" })).toBeVisible();
        await expect(this.button("Place order")).toBeEnabled();
        await expect(page.getByRole("list", { name: "Payment" }).getByRole("listitem")).toHaveCount(
          context.split ? 2 : 1,
        );
        return;
      case "placing":
        await expect(this.button("Placing your order…")).toBeDisabled();
        return;
      case "retrying":
        await this.checkout.seeAlert(/The connection was lost before the order was confirmed/);
        await expect(this.button("Retry")).toBeEnabled();
        return;
      case "placed":
        await expect(page).toHaveURL(
          context.guest
            ? /\/anonymous\/ordersummary\/[0-9a-f-]{36}\?link=/
            : /\/ordersummary\/[0-9a-f-]{36}$/,
          { timeout: 20_000 },
        );
        return;
      case "sessionEnded":
        await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
        await this.checkout.portal.closeSessionExpired();
        await this.checkout.portal.seeHeading("Sign in");
        return;
      default:
        throw new Error(`no expectation for the state ${key}`);
    }
  }

  /** The choices and refusals the details show. */
  private async seeDetails(context: CheckoutContext): Promise<void> {
    const { page, checkout } = this;
    if (context.problem) await checkout.seeAlert(problemTexts[context.problem]);
    if (context.failure?.code === 42203) {
      await checkout.seeAlert(
        "Visa •••• 9995 was declined for insufficient funds. Visa •••• 4242 was not charged. Please choose another method.",
      );
    } else if (context.failure) {
      await expect(page.getByRole("alert").first()).toBeVisible();
    }
    if (context.promoRefused) {
      await expect(page.getByRole("textbox", { name: "Promo code" })).toHaveAccessibleDescription(
        "The promotional code you entered is not valid.",
      );
    } else if (context.promo) {
      await expect(page.getByText(`${context.promo} applied`)).toBeVisible();
    }
    if (context.shippingRefused) await checkout.seeAlert("Shipping method not available");
  }
}
