import type { IdentityProvider } from "./identity.ts";
import { minorUnitDigits } from "./money.ts";

/**
 * The analytics events the portal pushes to the tag manager's `window.dataLayer` (spec section 7), one
 * object each, in Google Analytics 4's shapes so a GTM container maps them without custom variables.
 *
 * What they may carry is decided here and nowhere else: catalogue facts (product ids, names and
 * categories, filter codes the catalogue defined), amounts, counts, error codes, the order number, and
 * which kind of method was used. Never personal data: no email, name, phone, address, card or fare
 * card number, user id, token, and no text the rider typed (a promo code goes only once the server
 * applied it, as the agency's own code; nothing typed in a form goes at all).
 */

/** How a rider signed in or up: the password form, or an identity provider's return. */
export type SignInMethod = "password" | IdentityProvider;

/** A product line, as GA4's `items[]`: prices in major units of the event's currency. */
export interface AnalyticsItem {
  /** The product's uuid in the catalogue. */
  item_id: string;
  /** The product's name in the catalogue (in the rider's language). */
  item_name: string;
  /** PHYSICAL_PASS, DIGITAL_PASS or STORED_VALUE. */
  item_category: string;
  /** One unit's price, major units. */
  price: number;
  quantity: number;
}

/** What a GA4 e-commerce event carries: the money in major units and its ISO 4217 currency. */
interface Ecommerce {
  currency: string;
  value: number;
  items: AnalyticsItem[];
}

/**
 * The filter a rider changed, as the catalogue names it: its uuid and display name (in the rider's
 * language), and whether a value was chosen or the filter emptied. Never the value itself: only that
 * one was chosen. A filter the page does not know reads as `unknown`.
 */
export interface FilterChange {
  filter_id: string;
  filter_name: string;
  filter_action: "set" | "cleared";
}

/**
 * The loads of the products page and the cart popup, each pushed as `<name>_success` or
 * `<name>_error` (an error carries the error code the portal shows for it, `0` without one).
 * - `load_initial_data`: the products page's first filters answer (or its retry).
 * - `load_filter_data`: a later filters answer (after a filter change, "Clear filters", a preset the
 *   route named, or a change of language).
 * - `load_product_data`: a products answer (`product_count`: how many products match).
 * - `filter_modified`: everything a filter change started has settled: the products (or the ask to
 *   choose an option) are shown, or a load failed (`FilterChange` says which filter).
 * - `clear_filters`: the same for "Clear filters".
 * - `load_cart_popup`: the cart drawer opened (success, with `item_count`), or the cart's products
 *   were read again from the catalogue after a change of language (success or error).
 */
type LoadEvent =
  | { event: "load_initial_data_success"; filter_count: number }
  | { event: "load_initial_data_error"; error_code: number }
  | { event: "load_filter_data_success"; filter_count: number }
  | { event: "load_filter_data_error"; error_code: number }
  | { event: "load_product_data_success"; product_count: number }
  | { event: "load_product_data_error"; error_code: number }
  | ({ event: "filter_modified_success"; product_count: number } & FilterChange)
  | ({ event: "filter_modified_error"; error_code: number } & FilterChange)
  | { event: "clear_filters_success"; product_count: number }
  | { event: "clear_filters_error"; error_code: number }
  | { event: "load_cart_popup_success"; item_count: number }
  | { event: "load_cart_popup_error"; error_code: number };

/**
 * - `sign_in`: a rider's session started (after the texted code, when asked), by `method`.
 * - `sign_up`: the sign-up form was accepted (the account waits for its email to be confirmed).
 * - `add_to_cart`: an add to cart or Buy now went into the cart (after its alert, renewal and
 *   conflict questions), with the quantity added.
 * - `begin_checkout`: the checkout priced the cart with the server and shows the choices.
 * - `add_shipping_info`: "Review order" with a shipping method chosen (orders that ship only).
 * - `add_payment_info`: "Review order": `payment_type` is the kinds of the legs (saved, card,
 *   stored_value, wallet), joined by `+` for a split.
 * - `purchase`: the order was placed: `transaction_id` is its number (TP-…), never its id.
 */
export type AnalyticsEvent =
  | LoadEvent
  /** `unknown` only for a provider's hand-over that did not name the provider (a wiring slip). */
  | { event: "sign_in"; method: SignInMethod | "unknown" }
  | { event: "sign_up"; method: SignInMethod }
  | { event: "add_to_cart"; ecommerce: Ecommerce }
  | { event: "begin_checkout"; ecommerce: Ecommerce & { coupon?: string } }
  | { event: "add_shipping_info"; ecommerce: Ecommerce & { shipping_tier: string; coupon?: string } }
  | { event: "add_payment_info"; ecommerce: Ecommerce & { payment_type: string; coupon?: string } }
  | {
      event: "purchase";
      ecommerce: Ecommerce & { transaction_id: string; shipping: number; discount: number; coupon?: string };
    };

/** Minor units as GA4's major-unit number (1250 USD -> 12.5, 500 JPY -> 500), without float noise. */
export function majorUnits(amount: number, currency: string): number {
  const digits = minorUnitDigits(currency);
  return Number((amount / 10 ** digits).toFixed(digits));
}

/** One GA4 item from a product line (`price` in minor units of `currency`). */
export function itemOf(
  line: { product: string; name: string; category: string; price: number; quantity: number },
  currency: string,
): AnalyticsItem {
  return {
    item_id: line.product,
    item_name: line.name,
    item_category: line.category,
    price: majorUnits(line.price, currency),
    quantity: line.quantity,
  };
}
