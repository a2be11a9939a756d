import type { AppliedFilter, Product } from "./catalog.ts";

/**
 * Cart items as kept in browser storage under `cart` (spec section 3); prices are minor units.
 * `faremediaId` is the fare card the item is bought for (null for physical cards and guests), so a
 * stored cart alone tells which card it belongs to.
 */
export interface CartItem {
  uuid: string;
  name: string;
  alert_message: string | null;
  short_desc: string;
  long_description: string;
  list_price: number;
  quantity: number;
  productImage: string | null;
  type: string;
  shipping_enabled: boolean;
  productFilterName: string | null;
  orgUuidProduct: string;
  subscription_allowed: boolean;
  theme: { background_color: string } | null;
  appliedFilters: AppliedFilter[];
  isSubscribed: boolean;
  faremediaId: string | null;
}

/** Most of one product in a cart (spec section 9). */
export const maxPerProduct = 20;

/** Sum of quantities, each parsed as an integer (spec section 5). */
export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + Math.trunc(Number(item.quantity) || 0), 0);
}

/** One line's price: list_price x quantity, each parsed as an integer (spec section 5). */
export function lineTotal(item: CartItem): number {
  return Math.trunc(Number(item.list_price) || 0) * Math.trunc(Number(item.quantity) || 0);
}

/** Sum of the lines' prices (spec section 5). */
export function subtotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + lineTotal(item), 0);
}

export function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.uuid === "string" &&
    typeof item.name === "string" &&
    typeof item.type === "string" &&
    typeof item.orgUuidProduct === "string" &&
    Number.isInteger(item.list_price) &&
    (item.list_price as number) >= 0 &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) > 0 &&
    (item.quantity as number) <= maxPerProduct
  );
}

/** A stored item from before `faremediaId` existed reads as one without a card. */
export const normalizeCartItem = (item: CartItem): CartItem => ({
  ...item,
  faremediaId: item.faremediaId ?? null,
});

const isPhysical = (item: Pick<CartItem, "type">) => item.type === "PHYSICAL_PASS";

/** What the cart rule knows of a product: whether it is shipped, and whose it is. */
export interface CartKind {
  physical: boolean;
  organisation: string;
}

/**
 * Spec section 4, the part a product alone decides: physical and digital, or two organisations, are
 * never in one cart. The portal's cart (conflicts) and the server's quote and order (server/services/
 * pricing.ts) apply this one rule.
 */
export const kindsConflict = (left: CartKind, right: CartKind): boolean =>
  left.physical !== right.physical || left.organisation !== right.organisation;

const kindOf = (item: CartItem): CartKind => ({
  physical: isPhysical(item),
  organisation: item.orgUuidProduct,
});

/**
 * Spec section 4: a cart never mixes physical and digital, two organisations, or two fare cards.
 * True when `candidate` cannot join `items` without clearing them.
 */
export function conflicts(items: readonly CartItem[], candidate: CartItem): boolean {
  return items.some(
    (item) => kindsConflict(kindOf(item), kindOf(candidate)) || item.faremediaId !== candidate.faremediaId,
  );
}

export type Refusal = "orderLimit" | "itemLimit";

/** Why adding `quantity` more of `candidate` is refused, or null when it fits. */
export function refusalOf(items: readonly CartItem[], candidate: CartItem, maxCart: number): Refusal | null {
  if (!Number.isInteger(candidate.quantity) || candidate.quantity < 1) return "itemLimit";
  if (itemCount(items) + candidate.quantity > maxCart) return "orderLimit";
  const line = items.find((item) => item.uuid === candidate.uuid);
  if ((line?.quantity ?? 0) + candidate.quantity > maxPerProduct) return "itemLimit";
  return null;
}

/** Adds a candidate that fits: the same product's line grows (taking the newest renewal choice). */
export function addItem(items: readonly CartItem[], candidate: CartItem): CartItem[] {
  const line = items.find((item) => item.uuid === candidate.uuid);
  if (!line) return [...items, candidate];
  return items.map((item) =>
    item === line
      ? { ...item, quantity: item.quantity + candidate.quantity, isSubscribed: candidate.isSubscribed }
      : item,
  );
}

/** The cart at the server's prices (uuid -> list_price); a price that is not whole minor units is ignored. */
export const repriceItems = (
  items: readonly CartItem[],
  prices: Readonly<Record<string, number>>,
): CartItem[] =>
  items.map((item) => {
    const price = prices[item.uuid];
    return price !== undefined && Number.isSafeInteger(price) && price >= 0
      ? { ...item, list_price: price }
      : item;
  });

export const removeItem = (items: readonly CartItem[], uuid: string): CartItem[] =>
  items.filter((item) => item.uuid !== uuid);

/** Why setting a line to `quantity` is refused, or null (0 removes the line). */
export function quantityRefusal(
  items: readonly CartItem[],
  uuid: string,
  quantity: number,
  maxCart: number,
): Refusal | null {
  const line = items.find((item) => item.uuid === uuid);
  if (!line) return null;
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > maxPerProduct) return "itemLimit";
  if (itemCount(items) - line.quantity + quantity > maxCart) return "orderLimit";
  return null;
}

export function setQuantity(items: readonly CartItem[], uuid: string, quantity: number): CartItem[] {
  if (quantity === 0) return removeItem(items, uuid);
  return items.map((item) => (item.uuid === uuid ? { ...item, quantity } : item));
}

/**
 * The cart after a product search refreshed it (a language change): texts and price from the
 * catalogue, quantity and choices kept; a product the catalogue no longer offers leaves the cart.
 */
export function refreshItems(items: readonly CartItem[], products: readonly Product[]): CartItem[] {
  return items.flatMap((item) => {
    const product = products.find((candidate) => candidate.uuid === item.uuid);
    return product ? [asSoldNow(item, product)] : [];
  });
}

/** What an item takes from its product as sold today. */
type SoldNow =
  | "name"
  | "alert_message"
  | "short_desc"
  | "long_description"
  | "list_price"
  | "productImage"
  | "subscription_allowed"
  | "theme";

/** An item with what its product says today: its words, price, picture and whether it may renew. */
const asSoldNow = (item: Omit<CartItem, SoldNow>, product: Product): CartItem => ({
  ...item,
  name: product.name,
  alert_message: product.alert_message,
  short_desc: product.short_description,
  long_description: product.long_description,
  list_price: product.list_price,
  productImage: product.product_image_path,
  subscription_allowed: product.subscription.subscription_allowed,
  isSubscribed: item.isSubscribed && product.subscription.subscription_allowed,
  theme: product.theme,
});

/**
 * The cart item for `quantity` of a product (the products page's Add to cart and Buy now, and a
 * receipt's Buy again), bought for `faremediaId` (null: a physical card or a guest).
 */
export function cartItemOf(
  product: Product,
  quantity: number,
  context: { faremediaId: string | null; appliedFilters: AppliedFilter[]; filterName: string | null },
): CartItem {
  return asSoldNow(
    {
      uuid: product.uuid,
      quantity,
      type: product.sub_type,
      shipping_enabled: product.shipping_enabled,
      productFilterName: context.filterName,
      orgUuidProduct: product.organization.uuid,
      appliedFilters: context.appliedFilters,
      isSubscribed: false,
      faremediaId: product.sub_type === "PHYSICAL_PASS" ? null : context.faremediaId,
    },
    product,
  );
}

/** What the rider is shopping for: physical cards (shipped) or digital products (spec section 3). */
export type ProductMode = "physical" | "digital";

/** The stored product mode once the rider leaves the products page (spec section 4). */
export const productModeOf = (items: readonly CartItem[]): ProductMode =>
  items.some(isPhysical) ? "physical" : "digital";

/**
 * Where "Continue shopping" takes the rider: back to the products the stored mode names, the physical
 * cards, or the digital products of the fare card the cart is for; otherwise every product.
 */
export function shoppingPath(mode: ProductMode | null, items: readonly CartItem[]): string {
  // Nothing stored yet (the rider came back by a reload, not through the page): the cart says.
  const kind = mode ?? productModeOf(items);
  if (kind === "physical") return "/physical";
  if (items.some((item) => item.faremediaId !== null)) return "/products/null/digital";
  return "/products";
}
