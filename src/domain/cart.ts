/** Cart items as kept in browser storage under `cart` (spec section 3); prices are minor units. */
export interface AppliedFilter {
  filter_uuid: string;
  filter_value: string;
}

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
}

/** Sum of quantities, each parsed as an integer (spec section 5). */
export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + Math.trunc(Number(item.quantity) || 0), 0);
}

/** Sum of list_price x quantity, each parsed as an integer (spec section 5). */
export function subtotal(items: readonly CartItem[]): number {
  return items.reduce(
    (sum, item) => sum + Math.trunc(Number(item.list_price) || 0) * Math.trunc(Number(item.quantity) || 0),
    0,
  );
}

export function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.uuid === "string" &&
    typeof item.name === "string" &&
    Number.isInteger(item.list_price) &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) > 0
  );
}
