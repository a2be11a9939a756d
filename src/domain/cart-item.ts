import type { CartItem } from "./cart.ts";
import type { AppliedFilter, Product } from "./catalog.ts";

/*
 * Apart from ./cart.ts, which the portal's first page carries for the cart machine: only the products
 * page makes cart items from products.
 */

/** The cart item for `quantity` of a product, bought for `faremediaId` (null: a physical card or a guest). */
export function cartItemOf(
  product: Product,
  quantity: number,
  context: { faremediaId: string | null; appliedFilters: AppliedFilter[]; filterName: string | null },
): CartItem {
  return {
    uuid: product.uuid,
    name: product.name,
    alert_message: product.alert_message,
    short_desc: product.short_description,
    long_description: product.long_description,
    list_price: product.list_price,
    quantity,
    productImage: product.product_image_path,
    type: product.sub_type,
    shipping_enabled: product.shipping_enabled,
    productFilterName: context.filterName,
    orgUuidProduct: product.organization.uuid,
    subscription_allowed: product.subscription.subscription_allowed,
    theme: product.theme,
    appliedFilters: context.appliedFilters,
    isSubscribed: false,
    faremediaId: product.sub_type === "PHYSICAL_PASS" ? null : context.faremediaId,
  };
}
