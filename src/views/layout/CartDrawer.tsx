import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link, useLocation } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { type cartMachine, selectCartItems, selectCartSubtotal } from "../../machines/cart.machine.ts";
import { Sheet, SheetClose, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";

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
  const open = useSelector(cart, (snapshot) => snapshot.matches("open"));
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartSubtotal);
  const [, navigate] = useLocation();
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
                    <span>{money(item.list_price * item.quantity)}</span>
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
                <button
                  type="button"
                  className={button()}
                  onClick={() => {
                    close();
                    navigate("/checkout");
                  }}
                >
                  <Trans>Checkout</Trans>
                </button>
              </div>
            </>
          )}
        </>
      )}
    </Sheet>
  );
}
