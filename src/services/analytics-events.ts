import type { AnyEventObject, InspectionEvent, StateValue } from "xstate";
import {
  type AnalyticsEvent,
  type FilterChange,
  itemOf,
  majorUnits,
  type SignInMethod,
} from "../domain/analytics.ts";
import { type CartItem, itemCount } from "../domain/cart.ts";
import type { PaymentChoice } from "../domain/checkout/draft.ts";
import { errorCodeOf } from "../domain/envelope.ts";
import { isIdentityProvider } from "../domain/identity.ts";
import type { CartContext } from "../machines/cart.machine.ts";
import type { CheckoutContext } from "../machines/checkout.machine.ts";
import type { FormContext } from "../machines/form.machine.ts";
import type { ProductsContext } from "../machines/products.machine.ts";

/**
 * Analytics without a line in any machine: the portal's actors are created with `inspect` set to
 * `createAnalytics(...).inspect` (the root actor, whose system holds the session and the cart, and
 * the screens' products, checkout and form actors). Each snapshot an actor reaches is an
 * `Observation`; `analyticsEventsOf` folds it, with what it remembers of that actor's previous
 * snapshot, into the dataLayer entries it means (src/domain/analytics.ts lists them and what they
 * may carry). Only machines' snapshots are read, never what a view holds.
 */

/** One snapshot an actor reached, and the event that took it there. */
export interface Observation {
  /** The actor's session id: each actor's memory is its own. */
  actor: string;
  /** The machine's id ("products", "cart", "checkout", "session", "form"). */
  machine: string;
  event: AnyEventObject;
  value: StateValue;
  context: unknown;
  /** "active" until the actor finishes or stops; its memory is dropped then. */
  status: string;
}

/** What one actor's earlier snapshots leave for reading the next. */
export interface ActorMemory {
  value: StateValue;
  /** The cart's previous context (null for other machines). */
  context: unknown;
  /** Products: what the loads in progress were started for, reported once they settle. */
  cause: Cause | null;
  /** Products: the cause of the load that failed, taken up again by "Try again". */
  failed: Cause | null;
  /** Products: the page's first filters answer arrived (later ones are load_filter_data). */
  initialLoaded: boolean;
  /** Session: how the sign-in in progress was made. */
  method: SignInMethod | "unknown" | null;
  /** Checkout: begin_checkout was pushed for this checkout. */
  begun: boolean;
}

type Cause = { name: "filter_modified"; change: FilterChange } | { name: "clear_filters" };

export type AnalyticsMemory = Readonly<Record<string, ActorMemory>>;

export interface AnalyticsSettings {
  /** The deployment's currency (the cart's prices are in it). */
  currency: string;
}

/**
 * Only the cart's reading needs its previous context (what an add changed); other actors' contexts
 * (product lists, quotes) are not kept, so a page's memory stays small however long it is open.
 */
const contextKept = (observation: Observation): unknown =>
  observation.machine === "cart" ? observation.context : null;

const fresh = (observation: Observation): ActorMemory => ({
  value: observation.value,
  context: contextKept(observation),
  cause: null,
  failed: null,
  initialLoaded: false,
  method: null,
  begun: false,
});

/** A state value's top-level state names ("listing", or "details" for `{ details: "idle" }`). */
const topStates = (value: StateValue): string[] => (typeof value === "string" ? [value] : Object.keys(value));
const inState = (value: StateValue, state: string) => topStates(value).includes(state);
/** A parallel machine's region's state (the cart's `drawer`, `flow`). */
const region = (value: StateValue, name: string): StateValue | null =>
  typeof value === "string" ? null : (value[name] ?? null);

/**
 * The dataLayer entries one observation means, and what to remember for the next. Pure: the same
 * memory and observation always give the same entries.
 */
export function analyticsEventsOf(
  memory: AnalyticsMemory,
  observation: Observation,
  settings: AnalyticsSettings,
): { memory: AnalyticsMemory; events: AnalyticsEvent[] } {
  const previous = memory[observation.actor];
  const events: AnalyticsEvent[] = [];
  let next: ActorMemory;
  if (!previous) {
    next = fresh(observation);
  } else {
    const read = readers[observation.machine];
    const changed = read ? read(previous, observation, settings, events) : {};
    next = { ...previous, ...changed, value: observation.value, context: contextKept(observation) };
  }
  const rest = { ...memory };
  if (observation.status === "active") rest[observation.actor] = next;
  else delete rest[observation.actor];
  return { memory: rest, events };
}

type Reader = (
  previous: ActorMemory,
  observation: Observation,
  settings: AnalyticsSettings,
  events: AnalyticsEvent[],
) => Partial<ActorMemory>;

const readers: Record<string, Reader> = {
  products: readProducts,
  cart: readCart,
  checkout: readCheckout,
  session: readSession,
  form: readForm,
};

const settledProducts = ["listing", "empty", "failed", "productsFailed"];
const failedProducts = ["failed", "productsFailed"];

function readProducts(
  previous: ActorMemory,
  { event, value, context }: Observation,
  _settings: AnalyticsSettings,
  events: AnalyticsEvent[],
): Partial<ActorMemory> {
  const products = context as ProductsContext;
  let { cause, failed, initialLoaded } = previous;
  const errorCode = products.error ?? 0;
  switch (event.type) {
    case "products.filter": {
      const known = products.filters.find((filter) => filter.uuid === event.filter);
      cause = {
        name: "filter_modified",
        change: {
          filter_id: known?.uuid ?? "unknown",
          filter_name: known?.display_name ?? "unknown",
          filter_action: event.value === null || event.value === "" ? "cleared" : "set",
        },
      };
      break;
    }
    case "products.clear":
      cause = { name: "clear_filters" };
      break;
    case "products.reload":
      cause = null;
      break;
    case "products.retry":
      cause = failed;
      break;
    case "xstate.done.actor.fetchFilters":
      events.push({
        event: initialLoaded ? "load_filter_data_success" : "load_initial_data_success",
        filter_count: products.filters.length,
      });
      initialLoaded = true;
      break;
    case "xstate.error.actor.fetchFilters":
      events.push({
        event: initialLoaded ? "load_filter_data_error" : "load_initial_data_error",
        error_code: errorCode,
      });
      break;
    case "xstate.done.actor.fetchProducts":
      events.push({ event: "load_product_data_success", product_count: products.total });
      break;
    case "xstate.error.actor.fetchProducts":
      events.push({ event: "load_product_data_error", error_code: errorCode });
      break;
  }
  const settled = settledProducts.some((state) => inState(value, state));
  if (settled && cause) {
    const error = failedProducts.some((state) => inState(value, state));
    if (cause.name === "filter_modified") {
      events.push(
        error
          ? { event: "filter_modified_error", ...cause.change, error_code: errorCode }
          : { event: "filter_modified_success", ...cause.change, product_count: products.total },
      );
    } else {
      events.push(
        error
          ? { event: "clear_filters_error", error_code: errorCode }
          : { event: "clear_filters_success", product_count: products.total },
      );
    }
    failed = error ? cause : null;
    cause = null;
  }
  return { cause, failed, initialLoaded };
}

const quantityOf = (items: readonly CartItem[], uuid: string) =>
  items.filter((item) => item.uuid === uuid).reduce((sum, item) => sum + item.quantity, 0);

function readCart(
  previous: ActorMemory,
  { event, value, context }: Observation,
  { currency }: AnalyticsSettings,
  events: AnalyticsEvent[],
): Partial<ActorMemory> {
  const before = previous.context as CartContext;
  const cart = context as CartContext;
  // What an add put into the cart: the pending item's quantity now, less what it had before (none
  // when "Yes, clear cart" emptied it first).
  const adding =
    event.type === "cart.add" || event.type === "cart.confirm" || event.type === "cart.subscribe"
      ? (before.pending?.item.uuid ?? (event.type === "cart.add" ? (event.item as CartItem).uuid : null))
      : null;
  if (adding !== null) {
    const cleared = region(previous.value, "flow") === "confirmingConflict" && event.type === "cart.confirm";
    const added = quantityOf(cart.items, adding) - (cleared ? 0 : quantityOf(before.items, adding));
    const item = cart.items.find((line) => line.uuid === adding);
    if (item && added > 0) {
      events.push({
        event: "add_to_cart",
        ecommerce: {
          currency,
          value: majorUnits(item.list_price * added, currency),
          items: [
            itemOf(
              {
                product: item.uuid,
                name: item.name,
                category: item.type,
                price: item.list_price,
                quantity: added,
              },
              currency,
            ),
          ],
        },
      });
    }
  }
  if (region(previous.value, "drawer") === "closed" && region(value, "drawer") === "open") {
    events.push({ event: "load_cart_popup_success", item_count: itemCount(cart.items) });
  }
  if (event.type === "xstate.done.actor.refreshProducts") {
    events.push({ event: "load_cart_popup_success", item_count: itemCount(cart.items) });
  } else if (event.type === "xstate.error.actor.refreshProducts") {
    events.push({ event: "load_cart_popup_error", error_code: errorCodeOf(event.error) });
  }
  return {};
}

/** The checkout's e-commerce fields: the server's quote, never the cart's own sums. */
function quoted(checkout: CheckoutContext) {
  const quote = checkout.quote;
  if (!quote) return null;
  return {
    currency: quote.currency,
    value: majorUnits(quote.total, quote.currency),
    ...(quote.promo ? { coupon: quote.promo.code } : {}),
    items: quote.lines.map((line) =>
      itemOf(
        {
          product: line.product,
          name: line.name,
          category: line.sub_type,
          price: line.unit_price,
          quantity: line.quantity,
        },
        quote.currency,
      ),
    ),
  };
}

const paymentType = (legs: ReadonlyArray<PaymentChoice | null>) =>
  legs
    .filter((leg): leg is PaymentChoice => leg !== null)
    .map((leg) => leg.kind)
    .join("+");

function readCheckout(
  previous: ActorMemory,
  { event, value, context }: Observation,
  _settings: AnalyticsSettings,
  events: AnalyticsEvent[],
): Partial<ActorMemory> {
  const checkout = context as CheckoutContext;
  const ecommerce = quoted(checkout);
  let begun = previous.begun;
  if (!begun && ecommerce && inState(value, "details")) {
    events.push({ event: "begin_checkout", ecommerce });
    begun = true;
  }
  if (ecommerce && !inState(previous.value, "review") && inState(value, "review")) {
    const method = checkout.quote?.shipping_required ? checkout.quote.shipping_method : null;
    if (method)
      events.push({ event: "add_shipping_info", ecommerce: { ...ecommerce, shipping_tier: method.code } });
    const legs = checkout.split ? checkout.legs : [checkout.legs[0]];
    events.push({ event: "add_payment_info", ecommerce: { ...ecommerce, payment_type: paymentType(legs) } });
  }
  const order = checkout.order;
  if (event.type === "xstate.done.actor.placeOrder" && order) {
    events.push({
      event: "purchase",
      ecommerce: {
        transaction_id: order.number,
        currency: order.currency,
        value: majorUnits(order.total, order.currency),
        shipping: majorUnits(order.shipping, order.currency),
        discount: majorUnits(order.discount, order.currency),
        ...(order.promo_code ? { coupon: order.promo_code } : {}),
        items: order.items.map((item) =>
          itemOf(
            {
              product: item.product,
              name: item.name,
              category: item.sub_type,
              price: item.unit_price,
              quantity: item.quantity,
            },
            order.currency,
          ),
        ),
      },
    });
  }
  return { begun };
}

function readSession(
  previous: ActorMemory,
  { event, value }: Observation,
  _settings: AnalyticsSettings,
  events: AnalyticsEvent[],
): Partial<ActorMemory> {
  let method = previous.method;
  if (event.type === "xstate.done.actor.signInForm") method = "password";
  if (event.type === "session.handOver") {
    // A hand-over names its provider; one that names none is a wiring slip, not guessed at.
    const provider: unknown = event.provider;
    method = typeof provider === "string" && isIdentityProvider(provider) ? provider : "unknown";
  }
  if (inState(previous.value, "loadingProfile") && inState(value, "authenticated") && method) {
    events.push({ event: "sign_in", method });
    method = null;
  }
  // A sign-in that ended without a session (the code step cancelled, the profile not loaded) is over.
  if (inState(value, "anonymous") && !inState(previous.value, "anonymous")) method = null;
  return { method };
}

function readForm(
  previous: ActorMemory,
  { value, context }: Observation,
  _settings: AnalyticsSettings,
  events: AnalyticsEvent[],
): Partial<ActorMemory> {
  const form = context as FormContext;
  if (form.method === "SIGN_UP" && !inState(previous.value, "done") && inState(value, "done")) {
    events.push({ event: "sign_up", method: "password" });
  }
  return {};
}

interface MachineSnapshotLike {
  machine: { id: string };
  value: StateValue;
  context: unknown;
  status: string;
}

const isMachineSnapshot = (snapshot: unknown): snapshot is MachineSnapshotLike =>
  typeof snapshot === "object" &&
  snapshot !== null &&
  "machine" in snapshot &&
  typeof snapshot.machine === "object" &&
  snapshot.machine !== null &&
  "id" in snapshot.machine &&
  typeof snapshot.machine.id === "string" &&
  "value" in snapshot &&
  "status" in snapshot &&
  typeof snapshot.status === "string";

/** A machine's new snapshot, from XState's inspection; null for every other inspection event. */
export function observationOf(inspection: InspectionEvent): Observation | null {
  if (inspection.type !== "@xstate.snapshot") return null;
  const snapshot: unknown = inspection.snapshot;
  if (!isMachineSnapshot(snapshot)) return null;
  return {
    actor: inspection.actorRef.sessionId,
    machine: snapshot.machine.id,
    event: inspection.event,
    value: snapshot.value,
    context: snapshot.context,
    status: snapshot.status,
  };
}
