import { createHash } from "node:crypto";
import { kindsConflict } from "../../src/domain/cart.ts";
import {
  inPromoScope,
  type PricedLine,
  type PromoTerms,
  priceOrder,
} from "../../src/domain/checkout/pricing.ts";
import {
  maxPerProduct,
  normalizePromoCode,
  orderLimitMessage,
  promoCodeInvalidMessage,
  promoCodePattern,
  type QuoteLine,
  type QuoteLineRequest,
  type QuoteReply,
  type ShippingMethodOption,
  shippingUnavailableMessage,
} from "../../src/domain/checkout/quote.ts";
import type { ApiError } from "../../src/domain/envelope.ts";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { money } from "../../src/domain/money.ts";
import { isCountryCode } from "../../src/domain/payments/address.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { createAttemptBudgetRepository } from "../repositories/attempt-budgets.ts";
import {
  type CatalogRepository,
  type CatalogSnapshot,
  type ProductRow,
  scopeOf,
} from "../repositories/catalog.ts";
import { createPromoCodeRepository, type PromoCode, type Redeemer } from "../repositories/promo-codes.ts";
import {
  createShippingMethodRepository,
  type ShippingMethodRow,
  servesCountry,
  shippingOptionOf,
} from "../repositories/shipping-methods.ts";

/** Who asks: a signed-in rider, or a guest with (perhaps) the receipt email. */
export type Customer =
  | { kind: "rider"; userId: string; email: string }
  | { kind: "guest"; email: string | null };

export interface QuoteInput {
  customer: Customer;
  lines: readonly QuoteLineRequest[];
  promoCode: string | null;
  shippingMethod: string | null;
  country: string | null;
  /** Language of the names (shipping methods, products). */
  locale: string;
  /** The caller's network address: a guest's refused codes are counted by it. */
  address: string;
}

/**
 * Refused promo codes one rider (or, for guests, one address) may try per window; past it every code
 * is refused alike until the window ends, so codes cannot be found by guessing. A code that works
 * costs nothing, however often the checkout asks again.
 */
const promoGuessBudget = { attempts: 20, windowMs: 15 * 60 * 1000 } as const;

/** The budget key of a caller's refused codes (a SHA-256, so no address is stored). */
function promoBudgetKey(customer: Customer, address: string): string {
  const who = customer.kind === "rider" ? `rider:${customer.userId}` : `address:${address}`;
  return `promo/${createHash("sha256").update(who).digest("hex")}`;
}

/**
 * A priced quote, with the problems of the promo or shipping choice it was priced without (errors on
 * `promo_code`, `shipping_method`); or a cart the server refuses (400 or 422, errors on `lines/<i>`).
 */
/**
 * Why a cart cannot be priced: `invalid`, the request does not hold (a line twice, a quantity out of
 * range, a country that is none); `unsellable`, the catalogue will not sell it (a product gone, kinds
 * that do not mix, too many tickets). The routes say it (400 or 422), placing an order refuses it.
 */
export type PricingRefusal = { ok: false; refused: "invalid" | "unsellable"; errors: ApiError[] };

export type QuoteResult =
  | {
      ok: true;
      quote: QuoteReply;
      problems: ApiError[];
      /** The lines' catalogue rows, in the lines' order (what a line may go on: services/pass-destinations.ts). */
      products: Array<CatalogSnapshot["products"][number]["row"]>;
    }
  | PricingRefusal;

/** A quote as an order uses it: the applied code's id and the lines' catalogue rows besides. */
export type PricedResult =
  | {
      ok: true;
      quote: QuoteReply;
      problems: ApiError[];
      promoCodeId: string | null;
      products: Array<CatalogSnapshot["products"][number]["row"]>;
    }
  | PricingRefusal;

const productUnavailableMessage = "This product is not available.";
/** A catalogue product as the cart rule sees it (kindsConflict, shared with the portal's cart). */
const cartKindOf = (product: Pick<ProductRow, "subType" | "organizationId">) => ({
  physical: product.subType === "PHYSICAL_PASS",
  organisation: product.organizationId,
});

const cartConflictMessage =
  "Physical and digital items, or items of different organizations, go in separate orders.";
const duplicateLineMessage = "A product can be listed only once.";
const countryInvalidMessage = "Country is not valid.";

interface CatalogLine {
  request: QuoteLineRequest;
  product: CatalogSnapshot["products"][number]["row"];
  name: string;
}

/**
 * The checkout's prices (issue 12), always from the server's catalogue snapshot, its promo codes and
 * shipping methods, never from the client. A cart that cannot be an order (unknown or unpurchasable
 * product, a quantity out of bounds, physical with digital, two organisations, past max_cart_quantity)
 * is refused; a promo code that cannot be used is priced without, with the one message of spec
 * section 5 whatever rule it failed; a shipping method not serving the country likewise.
 */
export function createPricingService(options: {
  db: Database;
  catalog: CatalogRepository;
  clock: Clock;
  config: () => PortalConfig;
}) {
  const { db, catalog, clock, config } = options;
  const promoCodes = createPromoCodeRepository(db);
  const shippingMethods = createShippingMethodRepository(db);
  const budgets = createAttemptBudgetRepository(db);
  /** Codes looked at since the start; every hundredth drops the budgets whose window ended. */
  let guesses = 0;

  /**
   * The code's terms, unless the caller ran out of refused codes. The attempt is taken before the code
   * is looked at (one atomic upsert, so parallel guesses cannot outrun the budget) and given back when
   * the code works.
   */
  async function guardedPromo(
    typed: string,
    lines: readonly PricedLine[],
    input: QuoteInput,
    snapshot: CatalogSnapshot,
  ): Promise<{ promo: PromoCode; terms: PromoTerms } | null> {
    const now = clock.now();
    if (++guesses % 100 === 0)
      await budgets.prune("promo/", new Date(now.getTime() - promoGuessBudget.windowMs));
    const key = promoBudgetKey(input.customer, input.address);
    const taken = await budgets.take(key, now, promoGuessBudget.windowMs);
    if (taken > promoGuessBudget.attempts) return null;
    const promo = await usablePromo(typed, lines, input.customer, snapshot);
    if (promo) await budgets.giveBack(key);
    return promo;
  }

  /** The deployment's active methods in its currency, for `country` when given. */
  async function methodsFor(country: string | null): Promise<ShippingMethodRow[]> {
    const currency = config().currency_code;
    return (await shippingMethods.listActive()).filter(
      (row) => row.currency === currency && (country === null || servesCountry(row, country)),
    );
  }

  /** The code's terms when `customer` may use it on these lines now; null for any reason it may not. */
  async function usablePromo(
    typed: string,
    lines: readonly PricedLine[],
    customer: Customer,
    snapshot: CatalogSnapshot,
  ): Promise<{ promo: PromoCode; terms: PromoTerms } | null> {
    const code = normalizePromoCode(typed);
    if (!promoCodePattern.test(code)) return null;
    const promo = await promoCodes.findByCode(code);
    if (!promo) return null;
    const { row } = promo;
    const now = clock.now().getTime();
    if (!row.active || now < row.validFrom.getTime()) return null;
    if (row.validUntil && now >= row.validUntil.getTime()) return null;
    const currency = config().currency_code;
    let terms: PromoTerms;
    const scope = {
      productIds: promo.productIds.length > 0 ? promo.productIds : null,
      // An organisation's code covers its child organisations' products too.
      organizationIds: row.organizationId
        ? [...snapshot.organizations.values()]
            .filter((org) => org.id === row.organizationId || org.parentId === row.organizationId)
            .map((org) => org.id)
        : null,
    };
    if (row.kind === "percent" && row.percentOff !== null) {
      terms = { value: { kind: "percent", basisPoints: row.percentOff }, scope };
    } else if (row.kind === "amount" && row.amountOff !== null && row.currency === currency) {
      terms = { value: { kind: "amount", amount: money(row.amountOff, currency) }, scope };
    } else {
      return null;
    }
    if (!lines.some((line) => inPromoScope(line, scope))) return null;
    if (row.maxRedemptions !== null && (await promoCodes.countRedemptions(row.id)) >= row.maxRedemptions) {
      return null;
    }
    if (row.maxRedemptionsPerRider !== null) {
      const redeemer: Redeemer =
        customer.kind === "rider"
          ? { userId: customer.userId, email: customer.email }
          : { userId: null, email: customer.email };
      // A guest without an email yet is counted when the order gives it.
      if (redeemer.userId || redeemer.email) {
        const used = await promoCodes.countRedemptionsBy(row.id, redeemer);
        if (used >= row.maxRedemptionsPerRider) return null;
      }
    }
    return { promo, terms };
  }

  /** The cart's lines from the catalogue, or why the cart cannot be an order. */
  function catalogLines(
    snapshot: CatalogSnapshot,
    requested: readonly QuoteLineRequest[],
    locale: string,
  ): { ok: true; lines: CatalogLine[] } | PricingRefusal {
    const settings = config();
    const scope = scopeOf(snapshot, settings.organization.parentUuid, null);
    const organizations = new Set(scope?.products ?? []);
    const byUuid = new Map(snapshot.products.map((entry) => [entry.row.uuid, entry.row]));
    const seen = new Set<string>();
    const lines: CatalogLine[] = [];
    for (const [index, request] of requested.entries()) {
      const field = `lines/${index}`;
      const key = request.product.toLowerCase();
      if (seen.has(key)) {
        return {
          ok: false,
          refused: "invalid",
          errors: [{ code: ErrorCode.validation, message: duplicateLineMessage, field }],
        };
      }
      seen.add(key);
      if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > maxPerProduct) {
        return {
          ok: false,
          refused: "invalid",
          errors: [
            { code: ErrorCode.validation, message: `You can't add items more than ${maxPerProduct}`, field },
          ],
        };
      }
      const product = byUuid.get(key);
      if (!product?.active || !organizations.has(product.organizationId)) {
        return {
          ok: false,
          refused: "unsellable",
          errors: [{ code: ErrorCode.productUnavailable, message: productUnavailableMessage, field }],
        };
      }
      const first = lines[0]?.product;
      if (first && kindsConflict(cartKindOf(first), cartKindOf(product))) {
        return {
          ok: false,
          refused: "unsellable",
          errors: [{ code: ErrorCode.cartConflict, message: cartConflictMessage, field }],
        };
      }
      const name = product.translations[locale]?.name;
      lines.push({
        request,
        product,
        name: typeof name === "string" && name.length > 0 ? name : product.name,
      });
    }
    const tickets = lines.reduce((total, line) => total + line.request.quantity, 0);
    if (tickets > settings.max_cart_quantity) {
      return {
        ok: false,
        refused: "unsellable",
        errors: [
          {
            code: ErrorCode.orderLimit,
            message: orderLimitMessage(settings.max_cart_quantity),
            field: "lines",
          },
        ],
      };
    }
    return { ok: true, lines };
  }

  return {
    /** GET /transit/shipping_methods: what serves `country` (every active method without it). */
    async shippingOptions(
      country: string | null,
      locale: string,
    ): Promise<{ ok: true; options: ShippingMethodOption[] } | { ok: false; error: ApiError }> {
      const code = country ? country.trim().toUpperCase() : null;
      if (code !== null && !isCountryCode(code)) {
        return {
          ok: false,
          error: { code: ErrorCode.validation, message: countryInvalidMessage, field: "country" },
        };
      }
      return { ok: true, options: (await methodsFor(code)).map((row) => shippingOptionOf(row, locale)) };
    },

    async quote(input: QuoteInput): Promise<QuoteResult> {
      const result = await price(input);
      return result.ok
        ? { ok: true, quote: result.quote, problems: result.problems, products: result.products }
        : result;
    },

    /**
     * The quote with what an order needs beside it (the applied code's id, the catalogue rows of the
     * lines, in the lines' order): an order is priced by exactly the quote's rules.
     */
    priceForOrder: price,
  };

  async function price(input: QuoteInput): Promise<PricedResult> {
    const country = input.country ? input.country.trim().toUpperCase() : null;
    if (country !== null && !isCountryCode(country)) {
      return {
        ok: false,
        refused: "invalid",
        errors: [{ code: ErrorCode.validation, message: countryInvalidMessage, field: "country" }],
      };
    }
    const snapshot = await catalog.snapshot();
    const found = catalogLines(snapshot, input.lines, input.locale);
    if (!found.ok) return found;
    const currency = config().currency_code;
    const priced: PricedLine[] = found.lines.map(({ product, request }) => ({
      productId: product.uuid,
      organizationId: product.organizationId,
      unitPrice: money(product.listPrice, currency),
      quantity: request.quantity,
    }));
    const problems: ApiError[] = [];

    const typed = input.promoCode?.trim() ? input.promoCode : null;
    const promo = typed ? await guardedPromo(typed, priced, input, snapshot) : null;
    if (typed && !promo) {
      problems.push({
        code: ErrorCode.promoCodeInvalid,
        message: promoCodeInvalidMessage,
        field: "promo_code",
      });
    }

    const shippingRequired = found.lines.some((line) => line.product.shippingEnabled);
    const available = shippingRequired ? await methodsFor(country) : [];
    const chosenCode = input.shippingMethod?.trim() ? input.shippingMethod.trim() : null;
    const chosen =
      chosenCode && shippingRequired && country
        ? (available.find((row) => row.code === chosenCode) ?? null)
        : null;
    if (chosenCode && !chosen) {
      problems.push({
        code: ErrorCode.shippingMethodUnavailable,
        message: shippingUnavailableMessage,
        field: "shipping_method",
      });
    }

    const totals = priceOrder({
      currency,
      lines: priced,
      shipping: chosen ? money(chosen.price, currency) : null,
      promo: promo?.terms ?? null,
    });
    const lines: QuoteLine[] = found.lines.map(({ product, request, name }, index) => {
      const line = priced[index] as PricedLine;
      return {
        product: product.uuid,
        name,
        sub_type: product.subType,
        shipping_enabled: product.shippingEnabled,
        organization: product.organizationId,
        quantity: request.quantity,
        unit_price: product.listPrice,
        line_total: product.listPrice * request.quantity,
        price_changed: request.list_price !== undefined && request.list_price !== product.listPrice,
        promo_eligible: promo ? inPromoScope(line, promo.terms.scope) : false,
        discount: totals.lineDiscounts[index]?.amount ?? 0,
      };
    });
    return {
      ok: true,
      problems,
      promoCodeId: promo ? promo.promo.row.id : null,
      products: found.lines.map((line) => line.product),
      quote: {
        currency,
        lines,
        subtotal: totals.subtotal.amount,
        shipping: totals.shipping.amount,
        discount: totals.discount.amount,
        total: totals.total.amount,
        prices_changed: lines.some((line) => line.price_changed),
        promo: promo ? { code: promo.promo.row.code, discount: totals.discount.amount } : null,
        shipping_required: shippingRequired,
        shipping_method: chosen ? shippingOptionOf(chosen, input.locale) : null,
        shipping_methods: available.map((row) => shippingOptionOf(row, input.locale)),
        purses: null,
        destinations: null,
      },
    };
  }
}

export type PricingService = ReturnType<typeof createPricingService>;
