import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { Link, useParams } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { useChild } from "../../app/children.ts";
import { selectCartItems, selectCartSubtotal } from "../../machines/cart.machine.ts";
import { selectServiceLevels, type serviceLevelsMachine } from "../../machines/serviceLevels.machine.ts";
import { card, linkList, Screen } from "../shared/Screen.tsx";
import { useMoney } from "../shared/useMoney.ts";

function ProductModeLinks() {
  return (
    <nav className={linkList} aria-labelledby="product-modes">
      <h2 id="product-modes" className={css({ srOnly: true })}>
        <Trans>Product types</Trans>
      </h2>
      <Link href="/physical" className={button({ variant: "outline" })}>
        <Trans>Physical fare cards</Trans>
      </Link>
      <Link href="/digital" className={button({ variant: "outline" })}>
        <Trans>Passes for my fare card</Trans>
      </Link>
    </nav>
  );
}

/** The agency's services, as links that narrow the product list; loaded once per visit. */
export function ServiceLevelLinks({
  serviceLevels,
  current,
}: {
  serviceLevels: ActorRefFrom<typeof serviceLevelsMachine>;
  current: string | undefined;
}) {
  const levels = useSelector(serviceLevels, selectServiceLevels);
  const loading = useSelector(serviceLevels, (snapshot) => snapshot.hasTag("busy"));
  const failed = useSelector(serviceLevels, (snapshot) => snapshot.matches("failed"));
  useEffect(() => {
    serviceLevels.send({ type: "serviceLevels.load" });
  }, [serviceLevels]);

  if (failed) {
    return (
      <div role="alert" className={card}>
        <p>
          <Trans>The services could not be loaded.</Trans>
        </p>
        <p>
          <button
            type="button"
            className={button()}
            onClick={() => serviceLevels.send({ type: "serviceLevels.load" })}
          >
            <Trans>Try again</Trans>
          </button>
        </p>
      </div>
    );
  }
  return (
    <nav aria-labelledby="service-levels" aria-busy={loading}>
      <h2 id="service-levels" className={css({ fontSize: "lg", fontWeight: "semibold", mb: "3" })}>
        <Trans>Services</Trans>
      </h2>
      {loading ? (
        <p>
          <Trans>Loading services…</Trans>
        </p>
      ) : (
        <ul className={linkList}>
          {levels.map((level) => (
            <li key={level.type}>
              <Link
                href={`/products/${encodeURIComponent(level.type)}`}
                aria-current={level.type === current ? "page" : undefined}
                className={cx(
                  button({ variant: "outline" }),
                  css({ _current: { bg: "brand.button", color: "brand.buttonText" } }),
                )}
              >
                {level.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

export function ProductsScreen() {
  const { t } = useLingui();
  const { serviceType } = useParams<{ serviceType?: string }>();
  return (
    <Screen title={t`Products`}>
      <ServiceLevelLinks serviceLevels={useChild("serviceLevels")} current={serviceType} />
      <ProductModeLinks />
    </Screen>
  );
}

export function PhysicalScreen() {
  const { t } = useLingui();
  return (
    <Screen title={t`Physical fare cards`}>
      <ProductModeLinks />
    </Screen>
  );
}

export function CartScreen() {
  const { t } = useLingui();
  const cart = useChild("cart");
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartSubtotal);
  const money = useMoney();
  return (
    <Screen title={t`Shopping cart`}>
      {items.length === 0 ? (
        <div className={card}>
          <p>
            <Trans>Your shopping cart is empty.</Trans>
          </p>
          <p>
            <Link href="/products" className={button()}>
              <Trans>Browse products</Trans>
            </Link>
          </p>
        </div>
      ) : (
        <div className={card}>
          <table className={css({ width: "100%", "& th, & td": { textAlign: "start", py: "2" } })}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.uuid}>
                  <td>{item.name}</td>
                  <td>{item.quantity}</td>
                  <td>{money(item.list_price * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={css({ fontWeight: "bold" })}>
            <Trans>Subtotal: {money(total)}</Trans>
          </p>
          <p>
            <Link href="/checkout" className={button()}>
              <Trans>Checkout</Trans>
            </Link>
          </p>
        </div>
      )}
    </Screen>
  );
}

/** A checkout screen's frame: its heading and the way back to the cart. */
function CheckoutFrame({ title }: { title: string }) {
  return (
    <Screen title={title}>
      <p>
        <Link href="/cart" className={button({ variant: "outline" })}>
          <Trans>Back to cart</Trans>
        </Link>
      </p>
    </Screen>
  );
}

export function CheckoutScreen() {
  const { t } = useLingui();
  return <CheckoutFrame title={t`Checkout`} />;
}

export function GuestCheckoutScreen() {
  const { t } = useLingui();
  return <CheckoutFrame title={t`Guest checkout`} />;
}

export function OrderSummaryScreen() {
  const { t } = useLingui();
  const { orderId } = useParams<{ orderId: string }>();
  return (
    <Screen title={t`Order summary`}>
      <p>
        <Trans>Order number: {orderId}</Trans>
      </p>
      <p>
        <Link href="/products" className={button({ variant: "outline" })}>
          <Trans>Continue shopping</Trans>
        </Link>
      </p>
    </Screen>
  );
}
