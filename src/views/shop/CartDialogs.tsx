import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { maxPerProduct } from "../../domain/cart.ts";
import type { cartMachine } from "../../machines/cart.machine.ts";
import { Sheet, SheetDescription, SheetTitle } from "../../ui/Sheet.tsx";

type CartRef = ActorRefFrom<typeof cartMachine>;

const actions = css({ display: "flex", gap: "3", justifyContent: "flex-end", flexWrap: "wrap" });

function Ask({
  open,
  onCancel,
  title,
  children,
}: {
  open: boolean;
  onCancel: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} role="alertdialog" placement="center" onDismiss={onCancel}>
      {(styles) => (
        <>
          <SheetTitle className={styles.title}>{title}</SheetTitle>
          {children}
        </>
      )}
    </Sheet>
  );
}

/**
 * The questions an add asks (the product's alert, one-time or auto-renew, clearing a conflicting
 * cart), the limit dialog, and "Please sign in before you checkout". Each is open exactly while the
 * cart machine is in its state; `signIn` renders the sign-in form inside the last one, and `resend`
 * the "Resend verification email" request inside "Action Blocked".
 */
export function CartDialogs({
  cart,
  signIn,
  resend,
}: {
  cart: CartRef;
  signIn: ReactNode;
  resend: ReactNode;
}) {
  const flow = useSelector(cart, (snapshot) => (snapshot.value as { flow: string }).flow);
  const pending = useSelector(cart, (snapshot) => snapshot.context.pending);
  const refusal = useSelector(cart, (snapshot) => snapshot.context.refusal);
  const max = useSelector(cart, (snapshot) => snapshot.context.maxQuantity);
  const cancel = () => cart.send({ type: "cart.cancel" });
  const dismiss = () => cart.send({ type: "cart.dismiss" });

  return (
    <>
      <Ask open={flow === "confirmingAlert"} onCancel={cancel} title={<Trans>Before you buy</Trans>}>
        <SheetDescription>{pending?.item.alert_message}</SheetDescription>
        <div className={actions}>
          <button type="button" className={button({ variant: "outline" })} onClick={cancel}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className={button()} onClick={() => cart.send({ type: "cart.confirm" })}>
            <Trans>I understand, add it</Trans>
          </button>
        </div>
      </Ask>

      <Ask open={flow === "choosingRenewal"} onCancel={cancel} title={<Trans>One-time or auto-renew?</Trans>}>
        <SheetDescription>
          <Trans>{pending?.item.name} can renew automatically on your fare card before it runs out.</Trans>
        </SheetDescription>
        <div className={actions}>
          <button type="button" className={button({ variant: "ghost" })} onClick={cancel}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className={button({ variant: "outline" })}
            onClick={() => cart.send({ type: "cart.subscribe", autoRenew: false })}
          >
            <Trans>One-time purchase</Trans>
          </button>
          <button
            type="button"
            className={button()}
            onClick={() => cart.send({ type: "cart.subscribe", autoRenew: true })}
          >
            <Trans>Auto-renew</Trans>
          </button>
        </div>
      </Ask>

      <Ask open={flow === "confirmingConflict"} onCancel={cancel} title={<Trans>Start a new cart?</Trans>}>
        <SheetDescription>
          <Trans>
            Your cart holds products that can't be bought together with this one (physical cards and digital
            passes, another agency, or another fare card go in separate orders). Clear the cart to add it?
          </Trans>
        </SheetDescription>
        <div className={actions}>
          <button type="button" className={button({ variant: "outline" })} onClick={cancel}>
            <Trans>Keep my cart</Trans>
          </button>
          <button type="button" className={button()} onClick={() => cart.send({ type: "cart.confirm" })}>
            <Trans>Yes, clear cart</Trans>
          </button>
        </div>
      </Ask>

      <Ask open={flow === "limitReached"} onCancel={dismiss} title={<Trans>Order limit</Trans>}>
        <SheetDescription>
          {refusal === "itemLimit" ? (
            <Trans>You can't add items more than {maxPerProduct} of one product.</Trans>
          ) : (
            <Trans>Sorry! We're unable to process more than {max} tickets in a single order.</Trans>
          )}
        </SheetDescription>
        <div className={actions}>
          <button type="button" className={button()} onClick={dismiss}>
            <Trans>OK</Trans>
          </button>
        </div>
      </Ask>

      <Ask open={flow === "actionBlocked"} onCancel={dismiss} title={<Trans>Action Blocked</Trans>}>
        <SheetDescription>
          <Trans>Unable to complete your request. Please verify your email and try again.</Trans>
        </SheetDescription>
        {resend}
        <div className={actions}>
          <button type="button" className={button({ variant: "outline" })} onClick={dismiss}>
            <Trans>Not now</Trans>
          </button>
        </div>
      </Ask>

      <Sheet open={flow === "signInRequired"} placement="center" onDismiss={dismiss}>
        {(styles) => (
          <>
            <SheetTitle className={styles.title}>
              <Trans>Please sign in before you checkout</Trans>
            </SheetTitle>
            <div className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
              <button
                type="button"
                className={button()}
                onClick={() => cart.send({ type: "cart.continueAsGuest" })}
              >
                <Trans>Continue as guest</Trans>
              </button>
              <Link href="/signup" className={button({ variant: "outline" })} onClick={dismiss}>
                <Trans>Create an account</Trans>
              </Link>
              <button type="button" className={button({ variant: "outline" })} onClick={dismiss}>
                <Trans>Not now</Trans>
              </button>
            </div>
            {signIn}
          </>
        )}
      </Sheet>
    </>
  );
}
