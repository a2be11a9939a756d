import { expect, type Locator, type Page, type Route } from "@playwright/test";
import type { AnyEventObject } from "xstate";
import type { CartItem } from "../../src/domain/cart.ts";
import type { cartMachine } from "../../src/machines/cart.machine.ts";
import type { GeneratedPath } from "../../tests/model/harness.ts";
import { cartModel } from "../../tests/model/specs/cart.ts";
import { Portal } from "./portal.ts";
import { choosePaths as choose, coverageOf, type Sampling } from "./replay-sampling.ts";
import { demoRider, signInAt, signUpRider } from "./riders.ts";
import { openProfile } from "./signed-in.ts";

/**
 * The cart model's generated paths as a rider walks them in Chromium against the real server: each
 * gesture event is what the rider does on the products pages, the drawer, /cart and the dialogs; each
 * answer of the cart refresh (a change of language) is what the real server says, held or dropped by
 * page.route; each step's state is asserted as the rider sees it.
 */

export type CartPath = GeneratedPath<typeof cartMachine>;
type Step = CartPath["steps"][number];
type Snapshot = Step["state"];

/** Who walks a path: nobody signed in, a guest (isGuestUser), the demo rider, or an unconfirmed rider. */
export type Who = "visitor" | "guest" | "rider" | "unconfirmed";

const inputs = cartModel.inputs ?? [];

/** Where each model product is sold in the demo catalogue (same uuids: server/db/seed-catalog.ts). */
const shelves: Record<string, { page: string; name: string; fareCard?: boolean }> = {
  "a2000000-0000-4000-8000-000000000001": { page: "/products/bus", name: "Day Pass" },
  "a4000000-0000-4000-8000-000000000003": {
    page: "/products/rail",
    name: "Rail One-Way: Union Station to Airport",
  },
  // The model's fare card is the demo rider's Commute card.
  "a2000000-0000-4000-8000-000000000002": {
    page: "/products/null/digital",
    name: "7-Day Pass",
    fareCard: true,
  },
  "a1000000-0000-4000-8000-000000000001": { page: "/physical", name: "Metro Fare Card" },
  "a2000000-0000-4000-8000-000000000004": { page: "/products/bus", name: "Stored Value $20" },
};

/** The walk of a path's rider: who starts it, or why one browser cannot walk it. */
export interface Plan {
  start: Who;
  reason: string | null;
}

const skipReasons = {
  synced:
    "cart.synced: another tab's write to the cart (the storage event), which e2e/two-tabs.spec.ts makes with a second tab of the same browser",
  repriced:
    "cart.repriced: new prices come only from the checkout's quote accepted on /checkout (e2e/checkout-replay.spec.ts walks it), not from the cart's own pages",
  clear:
    "cart.clear without a session: the cart is cleared by signing out, and a visitor or guest has none (an anonymous order clears it, walked by checkout-replay)",
  session:
    "one browser, two riders: the session the path's buy-now or checkout events meet is not the browser's (a sign-in outside the sign-in dialog, a sign-out not by Sign out, or a confirmed and an unconfirmed rider in one path)",
  fareCard:
    "a pass for a fare card needs the signed-in demo rider with a card, and the path's rider is a visitor, a guest or unconfirmed",
  dialog:
    "a change of language or a sign-out while a dialog of the add, the limit, Action Blocked or the sign-in question is open: the language menu and Sign out are behind the modal dialog",
  emptyCheckout:
    "checkout with an empty cart: the drawer and /cart show Checkout only next to the cart's lines (the machine takes the event; the rider has no button for it)",
  noLine:
    "a quantity change for a product not in the cart: /cart has a quantity box only for the cart's lines (the machine takes the event and changes nothing)",
  spanish:
    "a gesture after an odd number of language changes: the replay toggles English and Español, and its gestures are named in English",
} as const;

/** Whether the path starts with the demo rider signed in (its test opens with the stored session). */
export const startsAsDemoRider = (path: CartPath): boolean => planOf(path).start === "rider";

/** Who the cart machine believes is buying, from what the app machine told it (cart.session). */
function believed(state: Snapshot | undefined): Who {
  const context = state?.context;
  if (context?.blocked) return "unconfirmed";
  if (context?.signedIn) return "rider";
  return context?.guest ? "guest" : "visitor";
}

/** Who walks the path, following its sign-ins and sign-outs, or why it cannot be walked. */
function planOf(path: CartPath): Plan {
  let who: Who | null = path.input?.guest
    ? "guest"
    : path.input?.signedIn
      ? path.input.blocked
        ? "unconfirmed"
        : "rider"
      : null;
  let start: Who | null = who;
  const fix = (wanted: Who): boolean => {
    if (who === null) {
      who = wanted;
      start ??= wanted;
      return true;
    }
    return who === wanted;
  };
  // Buy now and checkout go where the machine's session says: the browser's must be the same.
  const session = (state: Snapshot | undefined): boolean => {
    const wanted = believed(state);
    if (wanted === "guest") return who === null ? fix("visitor") : who === "visitor" || who === "guest";
    if (wanted === "visitor") return fix("visitor") || who === "guest";
    return fix(wanted);
  };
  const done = (reason: string | null): Plan => ({ start: start ?? "visitor", reason });
  let languages = 0;
  for (const [index, step] of path.steps.entries()) {
    const event = step.event;
    if (index === 0) continue;
    const flow = (path.steps[index - 1]?.state.value as { flow?: string } | undefined)?.flow;
    if ((event.type === "cart.refresh" || event.type === "cart.clear") && flow !== "idle") {
      return done(skipReasons.dialog);
    }
    if (event.type === "cart.refresh") {
      languages++;
      continue;
    }
    if (event.type.startsWith("xstate.")) continue;
    if (languages % 2 === 1) return done(skipReasons.spanish);
    switch (event.type) {
      case "cart.synced":
        return done(skipReasons.synced);
      case "cart.repriced":
        return done(skipReasons.repriced);
      case "cart.add": {
        const item = event.item as CartItem;
        if (item.faremediaId && !fix("rider")) return done(skipReasons.fareCard);
        if (event.buyNow && !session(path.steps[index - 1]?.state)) return done(skipReasons.session);
        break;
      }
      case "cart.setQuantity":
        if (!path.steps[index - 1]?.state.context.items.some((item) => item.uuid === event.uuid)) {
          return done(skipReasons.noLine);
        }
        break;
      case "cart.checkout":
        if ((path.steps[index - 1]?.state.context.items.length ?? 0) === 0)
          return done(skipReasons.emptyCheckout);
        if (!session(path.steps[index - 1]?.state)) return done(skipReasons.session);
        break;
      case "cart.session": {
        // Signing in from "Please sign in before you checkout" is a gesture; anywhere else the browser
        // must already be where the session goes (the path starts so), and nothing is done.
        if (flow === "signInRequired" && event.signedIn && !event.blocked && fix("visitor")) {
          who = "rider";
          break;
        }
        const told = believed(step.state);
        if (who !== null && who !== told && !(who === "guest" && told === "visitor")) {
          return done(skipReasons.session);
        }
        break;
      }
      case "cart.continueAsGuest":
        if (!fix("visitor")) return done(skipReasons.session);
        who = "guest";
        break;
      case "cart.clear":
        if (who === null) start = "rider";
        else if (who === "visitor" || who === "guest") return done(skipReasons.clear);
        who = "visitor";
        break;
    }
  }
  return done(null);
}

export const skipReason = (path: CartPath): string | null => planOf(path).reason;

/** What an answer of the refresh is, or null for a gesture. */
const answerOf = (event: AnyEventObject): "refreshed" | "lost" | null =>
  event.type === "xstate.done.actor.refreshProducts"
    ? "refreshed"
    : event.type === "xstate.error.actor.refreshProducts"
      ? "lost"
      : null;

/**
 * A step's event as the replay tells events apart: adds by product and kind, answers by name; buy now
 * and checkout by who the cart believes is buying (`before`), since that decides where they go.
 */
function eventKey(event: AnyEventObject, before?: Snapshot): string {
  switch (event.type) {
    case "cart.add": {
      const item = event.item as CartItem;
      const how = event.buyNow ? ` buy ${believed(before)}` : "";
      return `cart.add ${shelves[item.uuid]?.name ?? item.name}${item.quantity > 1 ? ` ×${item.quantity}` : ""}${how}`;
    }
    case "cart.session":
      return `cart.session ${event.blocked && event.signedIn ? "unconfirmed" : event.signedIn ? "signed in" : "signed out"}`;
    case "cart.setQuantity":
      return `cart.setQuantity ${event.quantity}`;
    case "cart.subscribe":
      return `cart.subscribe ${event.autoRenew ? "auto-renew" : "one-time"}`;
    case "cart.checkout":
      return `cart.checkout ${believed(before)}`;
    default: {
      const answer = answerOf(event);
      return answer ? `(${answer})` : event.type;
    }
  }
}

/** What a path covers: the states it reaches and the moves (state, event, next state). */
export function cartCoverage(path: CartPath): string[] {
  return coverageOf(path, eventKey);
}

/** Sign-ups are slow: a default run signs up at most this many unconfirmed riders. */
const maxUnconfirmed = 3;
const unconfirmed = (path: CartPath) => planOf(path).start === "unconfirmed";

export function choosePaths(paths: CartPath[], sampling: Sampling): CartPath[] {
  return choose(
    paths.filter((path) => skipReason(path) === null),
    {
      sampling,
      coverage: cartCoverage,
      inputs,
      admits: (path, chosen) =>
        sampling.all || !unconfirmed(path) || chosen.filter(unconfirmed).length < maxUnconfirmed,
    },
  );
}

/** A test name: who walks it, then its events. */
export function pathName(path: CartPath): string {
  const index = path.input ? inputs.indexOf(path.input) : -1;
  const cart = ["empty cart", "day passes", "day passes", "day passes"][index] ?? "cart";
  const events = path.steps.slice(1).map((step, index) => eventKey(step.event, path.steps[index]?.state));
  return `${planOf(path).start}, ${cart}: ${events.join(" → ")}`;
}

const refreshRequest = /\/v3\.0\/product\/search$/;

/** A held refresh request: let go (answered by the server) or dropped. */
interface Held {
  arrived: Promise<void>;
  answer(how: "refreshed" | "lost"): void;
}

export class CartReplay {
  readonly page: Page;
  readonly portal: Portal;
  readonly path: CartPath;
  private who: Who;
  private spanish = false;
  private held: Held[] = [];
  /** The fare card mode's product page was reached by choosing the Commute card. */
  private fareCardChosen = false;
  /** The last gesture signed in from "Please sign in before you checkout": checkout comes next. */
  private signedInFromDialog = false;

  constructor(page: Page, path: CartPath) {
    this.page = page;
    this.path = path;
    this.portal = new Portal(page);
    this.who = planOf(path).start;
  }

  private drawer(): Locator {
    return this.page.getByRole("dialog", { name: "Shopping cart" });
  }

  private ask(name: string): Locator {
    return this.page.getByRole("alertdialog", { name });
  }

  private signInDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Please sign in before you checkout" });
  }

  /** The stored cart and session the input names (written before the portal's first load), then sign-in. */
  async start(): Promise<void> {
    const { page, portal } = this;
    const input = this.path.input;
    const rider =
      this.who === "unconfirmed"
        ? await signUpRider(portal, { confirmed: false, prefix: "cart-replay" })
        : null;
    // Once per test: the stored cart is the input's on the first load, then the portal's own.
    await page.addInitScript(
      ({ cart, guest }) => {
        if (sessionStorage.getItem("cartReplaySeeded")) return;
        sessionStorage.setItem("cartReplaySeeded", "true");
        if (cart.length > 0) localStorage.setItem("cart", JSON.stringify(cart));
        if (guest) localStorage.setItem("isGuestUser", "true");
      },
      { cart: input?.items ?? [], guest: input?.guest === true },
    );
    if (this.who === "rider") {
      // The demo rider's stored session (the test's storage state): where a sign-in leaves them.
      await openProfile(portal);
      return;
    }
    if (rider) {
      await signInAt(portal, rider);
      return;
    }
    await portal.open("/login");
    await portal.seeHeading("Sign in");
  }

  /** Every step: the gesture or the answer, then what the rider sees; axe where the path ends. */
  async replay(): Promise<void> {
    const { steps } = this.path;
    try {
      for (const [index, step] of steps.entries()) {
        if (index > 0) await this.perform(step.event, steps[index - 1]?.state);
        await this.see(step);
      }
      // The page the path ends on has drawn its heading (behind an open dialog it is hidden).
      const end = this.path.state.value as { drawer: string; flow: string };
      if (end.drawer === "closed" && end.flow === "idle") {
        await expect(this.page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      }
      await this.portal.checkAccessibility();
      for (const held of this.held.splice(0)) {
        await held.arrived;
        held.answer("refreshed");
      }
    } finally {
      await this.restoreLanguage();
    }
  }

  /** The demo rider keeps English: a path that ends in Español switches back (the profile follows). */
  private async restoreLanguage(): Promise<void> {
    if (!this.spanish) return;
    for (const held of this.held.splice(0)) held.answer("refreshed");
    await this.page.unrouteAll({ behavior: "ignoreErrors" });
    await this.portal.chooseLanguage("Idioma", "English");
    await expect(this.page.getByRole("combobox", { name: "Language" })).toBeVisible();
    this.spanish = false;
  }

  private async goTo(path: string): Promise<void> {
    if (new URL(this.page.url()).pathname !== path) await this.page.goto(path);
  }

  /** The product's page, with its card on it (the fare card mode through /digital). */
  private async productCard(item: CartItem): Promise<Locator> {
    const shelf = shelves[item.uuid];
    if (!shelf) throw new Error(`no demo product stands for ${item.name}`);
    const { page } = this;
    if (shelf.fareCard) {
      if (!this.fareCardChosen || new URL(page.url()).pathname !== shelf.page) {
        await page.goto("/digital");
        await page.getByRole("button", { name: /^Commute card/ }).click();
        await expect(page).toHaveURL(/\/products\/null\/digital$/);
        this.fareCardChosen = true;
      }
    } else {
      await this.goTo(shelf.page);
    }
    const card = page.getByRole("article", { name: shelf.name, exact: true });
    await expect(card).toBeVisible();
    return card;
  }

  /** Holds the next cart refresh (a product search by uuids) until its answer step. */
  private async holdRefresh(): Promise<void> {
    let arrive: () => void = () => {};
    let answer: (how: "refreshed" | "lost") => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const answered = new Promise<"refreshed" | "lost">((resolve) => {
      answer = resolve;
    });
    this.held.push({ arrived, answer });
    let taken = false;
    await this.page.route(refreshRequest, async (route: Route) => {
      const body: unknown = route.request().postDataJSON();
      const byUuid = typeof body === "object" && body !== null && "keyword_search" in body && !taken;
      if (!byUuid) return route.fallback();
      taken = true;
      arrive();
      return (await answered) === "lost" ? route.abort("internetdisconnected") : route.fallback();
    });
  }

  /** The rider's gesture (or the server's answer) that sends `event` in the state `before`. */
  private async perform(event: AnyEventObject, before: Snapshot | undefined): Promise<void> {
    const { page, portal } = this;
    const flow = before ? (before.value as { flow: string }).flow : "idle";
    switch (event.type) {
      case "cart.open":
        await portal.openCart();
        return;
      case "cart.close":
        return portal.closeCart();
      case "cart.add": {
        const item = event.item as CartItem;
        const card = await this.productCard(item);
        const quantity = card.getByRole("spinbutton", { name: "Quantity" });
        if ((await quantity.inputValue()) !== String(item.quantity)) {
          await quantity.fill(String(item.quantity));
          await quantity.blur();
          await expect(quantity).toHaveValue(String(item.quantity));
        }
        return card.getByRole("button", { name: event.buyNow ? "Buy now" : "Add to cart" }).click();
      }
      case "cart.confirm":
        return flow === "confirmingAlert"
          ? this.ask("Before you buy").getByRole("button", { name: "I understand, add it" }).click()
          : this.ask("Start a new cart?").getByRole("button", { name: "Yes, clear cart" }).click();
      case "cart.cancel": {
        const dialog =
          flow === "confirmingAlert"
            ? this.ask("Before you buy")
            : flow === "choosingRenewal"
              ? this.ask("One-time or auto-renew?")
              : this.ask("Start a new cart?");
        return dialog
          .getByRole("button", { name: flow === "confirmingConflict" ? "Keep my cart" : "Cancel" })
          .click();
      }
      case "cart.subscribe":
        return this.ask("One-time or auto-renew?")
          .getByRole("button", { name: event.autoRenew ? "Auto-renew" : "One-time purchase" })
          .click();
      case "cart.dismiss":
        if (flow === "limitReached")
          return this.ask("Order limit").getByRole("button", { name: "OK" }).click();
        if (flow === "actionBlocked") {
          return this.ask("Action Blocked").getByRole("button", { name: "Not now" }).click();
        }
        return this.signInDialog().getByRole("button", { name: "Not now" }).click();
      case "cart.remove": {
        const item = before?.context.items.find((line) => line.uuid === event.uuid);
        return this.drawer()
          .getByRole("button", { name: `Remove ${item?.name ?? "Day Pass"}` })
          .click();
      }
      case "cart.setQuantity": {
        await this.goTo("/cart");
        await portal.seeHeading("Shopping cart");
        const item = before?.context.items.find((line) => line.uuid === event.uuid);
        const input = page.getByRole("spinbutton", { name: `Quantity of ${item?.name ?? "Day Pass"}` });
        await input.fill(String(event.quantity));
        return;
      }
      case "cart.checkout": {
        // From the open drawer, else from /cart (both offer Checkout).
        const drawerOpen = (before?.value as { drawer?: string } | undefined)?.drawer === "open";
        if (!drawerOpen) {
          await this.goTo("/cart");
          await portal.seeHeading("Shopping cart");
        }
        const where = drawerOpen ? this.drawer() : page.getByRole("main");
        return where.getByRole("button", { name: "Checkout", exact: true }).click();
      }
      case "cart.continueAsGuest":
        this.who = "guest";
        return this.signInDialog().getByRole("button", { name: "Continue as guest" }).click();
      case "cart.session": {
        // Only a sign-in from the dialog is a gesture; elsewhere the browser's session already is it.
        if (flow !== "signInRequired") return;
        const dialog = this.signInDialog();
        await dialog.getByLabel("Email", { exact: true }).fill(demoRider.email);
        await dialog.getByLabel("Password", { exact: true }).fill(demoRider.password);
        await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
        this.who = "rider";
        this.signedInFromDialog = true;
        return;
      }
      case "cart.leftProducts": {
        // The products page unmounts when the rider follows a link away from it.
        if (!/^\/(products|physical)/.test(new URL(page.url()).pathname)) await page.goto("/products/bus");
        await expect(page.getByRole("complementary", { name: "Find your fare" })).toBeVisible();
        await page.getByRole("banner").getByRole("link").first().click();
        await expect(page).not.toHaveURL(/\/(products|physical)/);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        return;
      }
      case "cart.clear": {
        await page.getByRole("button", { name: "Sign out", exact: true }).click();
        if ((before?.context.items.length ?? 0) > 0) {
          await page
            .getByRole("alertdialog", { name: "Sign out?" })
            .getByRole("button", { name: "Sign out and clear cart" })
            .click();
        }
        await expect(page).toHaveURL(/\/login$/);
        this.who = "visitor";
        this.fareCardChosen = false;
        return;
      }
      case "cart.refresh": {
        // A change of language; a refresh already asked is let go (its answer comes too late).
        for (const held of this.held.splice(0)) {
          await held.arrived;
          held.answer("refreshed");
        }
        await page.unrouteAll({ behavior: "wait" });
        await this.holdRefresh();
        if (this.spanish) await portal.chooseLanguage("Idioma", "English");
        else await portal.chooseLanguage("Language", "Español");
        this.spanish = !this.spanish;
        return;
      }
      case "xstate.done.actor.refreshProducts":
      case "xstate.error.actor.refreshProducts": {
        const held = this.held.shift();
        if (!held) throw new Error("no refresh was asked");
        await held.arrived;
        held.answer(answerOf(event) ?? "refreshed");
        if (answerOf(event) === "lost") {
          // A dropped request of the portal's own API says so first; the rider closes the dialog.
          const offline = page.getByRole("alertdialog", {
            name: this.spanish ? "Sin conexión a Internet" : "No Internet Connection",
          });
          await expect(offline).toBeVisible();
          await offline.getByRole("button").first().click();
          await expect(offline).toBeHidden();
        }
        return;
      }
      default:
        throw new Error(`no gesture sends ${event.type}`);
    }
  }

  /** What the rider sees in the state a step reaches. */
  async see(step: Step): Promise<void> {
    const { page, portal } = this;
    const state = step.state;
    const value = state.value as { drawer: string; flow: string; sync: string };
    const items = state.context.items;
    const event = step.event;

    switch (value.flow) {
      case "confirmingAlert":
        await expect(this.ask("Before you buy")).toBeVisible();
        await expect(this.ask("Before you buy")).toContainText(
          String(state.context.pending?.item.alert_message ?? ""),
        );
        break;
      case "choosingRenewal":
        await expect(this.ask("One-time or auto-renew?")).toContainText(
          `${state.context.pending?.item.name ?? ""} can renew automatically`,
        );
        break;
      case "confirmingConflict":
        await expect(this.ask("Start a new cart?")).toBeVisible();
        break;
      case "limitReached":
        await expect(this.ask("Order limit")).toContainText(
          state.context.refusal === "itemLimit"
            ? "You can't add items more than 20 of one product."
            : "Sorry! We're unable to process more than 20 tickets in a single order.",
        );
        break;
      case "actionBlocked":
        await expect(this.ask("Action Blocked")).toBeVisible();
        break;
      case "signInRequired":
        await expect(this.signInDialog()).toBeVisible();
        await expect(this.signInDialog().getByRole("button", { name: "Continue as guest" })).toBeVisible();
        break;
      default:
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
    }

    // Where buy now, checkout and the sign-in dialog take the rider.
    const signedInNow = this.signedInFromDialog;
    this.signedInFromDialog = false;
    const wentToCheckout =
      value.flow === "idle" &&
      ((event.type === "cart.add" && event.buyNow) ||
        event.type === "cart.checkout" ||
        event.type === "cart.continueAsGuest" ||
        signedInNow);
    if (wentToCheckout) {
      const guest = event.type === "cart.continueAsGuest" || (this.who === "guest" && !signedInNow);
      await expect(page).toHaveURL(guest ? /\/anonymous\/checkout$/ : /\/checkout$/);
    }

    if (value.drawer === "open") {
      const drawer = this.drawer();
      await expect(drawer).toBeVisible();
      if (items.length === 0) await expect(drawer.getByText("Your shopping cart is empty.")).toBeVisible();
      else {
        await expect(drawer.getByRole("listitem")).toHaveCount(items.length);
        for (const item of items) {
          await expect(drawer.getByRole("listitem").filter({ hasText: item.name })).toContainText(
            `× ${item.quantity}`,
          );
        }
      }
    } else if (!this.spanish) {
      await expect(this.drawer()).toBeHidden();
    }

    if (value.sync === "refreshing") {
      const held = this.held[this.held.length - 1];
      if (!held) throw new Error("the refresh request was not held");
      await held.arrived;
    }

    // With no dialog open, the cart button counts what the machine holds (and storage keeps it).
    if (value.drawer === "closed" && value.flow === "idle" && !this.spanish && !wentToCheckout) {
      const count = items.reduce((sum, item) => sum + item.quantity, 0);
      await expect(portal.cartButton()).toHaveAccessibleName(
        `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`,
      );
    }
    await expect
      .poll(async () => {
        const stored = await portal.storedValue("cart");
        const lines: Array<{ uuid: string; quantity: number }> = stored ? JSON.parse(stored) : [];
        return lines.map((line) => `${line.uuid}×${line.quantity}`);
      })
      .toEqual(items.map((item) => `${item.uuid}×${item.quantity}`));

    if (answerOf(event) === "refreshed" && items.length > 0) {
      // The texts come in the language now shown: Spanish names, or the English ones again.
      await expect
        .poll(async () => {
          const stored = await portal.storedValue("cart");
          const lines: Array<{ uuid: string; name: string }> = stored ? JSON.parse(stored) : [];
          return lines.every((line) => {
            const english = shelves[line.uuid]?.name ?? line.name;
            return this.spanish ? line.name !== english : line.name === english;
          });
        })
        .toBe(true);
    }
    if (event.type === "cart.leftProducts") {
      await portal.seeStored(
        "purchaseFlowType",
        items.some((item) => item.type === "PHYSICAL_PASS") ? "physical" : "digital",
      );
    }
  }
}
