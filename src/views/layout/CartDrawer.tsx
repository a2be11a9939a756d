import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { lineTotal } from "../../domain/cart.ts";
import {
  type cartMachine,
  selectCartItems,
  selectCartSubtotal,
  selectDrawerOpen,
} from "../../machines/cart.machine.ts";
import { Sheet, SheetClose, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";
import { useMoney } from "../shared/useMoney.ts";
import { CheckoutButton, RemoveButton } from "../shop/CartButtons.tsx";

/** The layout's cart drawer: amounts in the deployment's currency and the rider's language. */
export function LayoutCartDrawer(props: Omit<Parameters<typeof CartDrawer>[0], "money">) {
  return <CartDrawer {...props} money={useMoney()} />;
}

/** Slides in from the right, or from the top on screens under 960 px. */
export function CartDrawer({
  cart,
  money,
}: {
  cart: ActorRefFrom<typeof cartMachine>;
  /** Formats minor units for the rider (currency and language). */
  money: (minorUnits: number) => string;
}) {
  const { t } = useLingui();
  const open = useSelector(cart, selectDrawerOpen);
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartSubtotal);
  const close = () => cart.send({ type: "cart.close" });

  return (
    <Sheet open={open} onDismiss={close} placement="end">
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>
            <Trans>Shopping cart</Trans>
          </SheetTitle>
          <SheetClose styles={styles} label={t`Close cart`} />
          {items.length === 0 ? (
            <SheetDescription className={styles.description}>
              <Trans>Your shopping cart is empty.</Trans>
            </SheetDescription>
          ) : (
            <>
              <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                {items.map((item) => (
                  <li
                    key={item.uuid}
                    className={css({ display: "flex", justifyContent: "space-between", gap: "4" })}
                  >
                    <span>
                      {item.name}{" "}
                      <span className={css({ color: "muted" })}>
                        <Trans>× {item.quantity}</Trans>
                      </span>
                    </span>
                    <span className={css({ display: "flex", gap: "2", alignItems: "center" })}>
                      {money(lineTotal(item))}
                      <RemoveButton cart={cart} item={item} />
                    </span>
                  </li>
                ))}
              </ul>
              <p
                className={css({
                  display: "flex",
                  justifyContent: "space-between",
                  fontWeight: "bold",
                  borderTopWidth: "1px",
                  pt: "3",
                })}
              >
                <span>
                  <Trans>Subtotal</Trans>
                </span>
                <span>{money(total)}</span>
              </p>
              <div className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
                <Link href="/cart" className={button({ variant: "outline" })} onClick={close}>
                  <Trans>View Cart</Trans>
                </Link>
                <CheckoutButton cart={cart} />
              </div>
            </>
          )}
        </>
      )}
    </Sheet>
  );
}
