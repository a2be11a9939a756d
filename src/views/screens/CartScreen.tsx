import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild } from "../../app/children.ts";
import { lineTotal, maxPerProduct } from "../../domain/cart.ts";
import { selectCartItems, selectCartSubtotal, selectShoppingPath } from "../../machines/cart.machine.ts";
import { QuantityInput } from "../../ui/QuantityInput.tsx";
import { NothingHere } from "../shared/NothingHere.tsx";
import { card, Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { CheckoutButton, RemoveButton } from "../shop/CartButtons.tsx";

/** The cart as a page (/cart): its own chunk, so the products page does not download it (issue 16). */
export function CartScreen() {
  const { t } = useLingui();
  const cart = useChild("cart");
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartSubtotal);
  const shopping = useSelector(cart, selectShoppingPath);
  const money = useMoney();
  return (
    <Screen title={t`Shopping cart`}>
      {items.length === 0 ? (
        <NothingHere>
          <Trans>Your shopping cart is empty.</Trans>
        </NothingHere>
      ) : (
        <div className={card}>
          <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
            {items.map((item) => (
              <li
                key={item.uuid}
                className={css({
                  display: "grid",
                  gridTemplateColumns: { base: "1fr", sm: "1fr auto auto" },
                  gap: "3",
                  alignItems: "center",
                  borderBottomWidth: "1px",
                  borderColor: "border",
                  pb: "4",
                })}
              >
                <div>
                  <p className={css({ fontWeight: "semibold" })}>{item.name}</p>
                  {item.productFilterName ? (
                    <p className={css({ color: "muted", fontSize: "sm" })}>{item.productFilterName}</p>
                  ) : null}
                  {item.isSubscribed ? (
                    <p className={css({ color: "muted", fontSize: "sm" })}>
                      <Trans>Renews automatically</Trans>
                    </p>
                  ) : null}
                  <p className={css({ color: "muted", fontSize: "sm" })}>
                    <Trans>{money(item.list_price)} each</Trans>
                  </p>
                </div>
                <QuantityInput
                  label={<Trans>Quantity of {item.name}</Trans>}
                  hideLabel
                  min={1}
                  max={maxPerProduct}
                  value={item.quantity}
                  lessLabel={t`One less ${item.name}`}
                  moreLabel={t`One more ${item.name}`}
                  onChange={(quantity) => {
                    if (Number.isInteger(quantity) && quantity !== item.quantity) {
                      cart.send({ type: "cart.setQuantity", uuid: item.uuid, quantity });
                    }
                  }}
                />
                <div
                  className={css({
                    display: "flex",
                    alignItems: "center",
                    gap: "3",
                    justifyContent: "flex-end",
                  })}
                >
                  <span className={css({ fontWeight: "semibold" })}>{money(lineTotal(item))}</span>
                  <RemoveButton cart={cart} item={item} />
                </div>
              </li>
            ))}
          </ul>
          <p className={css({ fontWeight: "bold", fontSize: "lg", textAlign: "end" })}>
            <Trans>Subtotal: {money(total)}</Trans>
          </p>
          <div className={css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" })}>
            <Link href={shopping} className={button({ variant: "outline" })}>
              <Trans>Continue shopping</Trans>
            </Link>
            <CheckoutButton cart={cart} />
          </div>
        </div>
      )}
    </Screen>
  );
}
