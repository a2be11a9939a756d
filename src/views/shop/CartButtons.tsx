import { Trans, useLingui } from "@lingui/react/macro";
import type { ActorRefFrom } from "xstate";
import { button } from "../../../styled-system/recipes";
import type { CartItem } from "../../domain/cart.ts";
import type { cartMachine } from "../../machines/cart.machine.ts";

type CartRef = ActorRefFrom<typeof cartMachine>;

/** A line's Remove button, named for its product (the drawer and /cart). */
export function RemoveButton({ cart, item }: { cart: CartRef; item: CartItem }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={button({ variant: "outline", size: "sm" })}
      aria-label={t`Remove ${item.name}`}
      onClick={() => cart.send({ type: "cart.remove", uuid: item.uuid })}
    >
      <Trans>Remove</Trans>
    </button>
  );
}

/**
 * Checkout: the cart machine routes a signed-in rider, a guest, a visitor, or a rider whose email must
 * be confirmed first ("Action Blocked"), from the session it was told of (the drawer and /cart).
 */
export function CheckoutButton({ cart }: { cart: CartRef }) {
  return (
    <button type="button" className={button()} onClick={() => cart.send({ type: "cart.checkout" })}>
      <Trans>Checkout</Trans>
    </button>
  );
}
