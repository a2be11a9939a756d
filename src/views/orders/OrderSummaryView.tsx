import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ComponentType, ReactNode } from "react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { type orderSummaryMachine, selectOrder } from "../../machines/orderSummary.machine.ts";
import { Email } from "../shared/Email.tsx";
import { errorLine } from "../shared/fieldStyles.ts";
import type { RepurchaseRef } from "./BuyAgain.tsx";
import { OrderReceipt } from "./OrderReceipt.tsx";
import type { MoneyFormat } from "./orderText.ts";

type OrderSummaryRef = ActorRefFrom<typeof orderSummaryMachine>;

/** The screen around the summary: its one h1 (src/views/shared/Screen.tsx in the portal). */
type Frame = ComponentType<{ title: string; children?: ReactNode }>;

export const actionRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });
const statusLine = css({ fontSize: "lg" });

export interface OrderSummaryViewProps {
  summary: OrderSummaryRef;
  money: MoneyFormat;
  locale: string;
  organisation: string;
  Frame: Frame;
  /** "Buy again" on the receipt's lines: a rider's order, where the deployment allows it. */
  repurchase?: RepurchaseRef | null;
}

/**
 * The order summary after a purchase: thanks, the receipt, printing it, and the ways on. A guest is
 * told that the emailed link brings them back; an unknown order and a wrong link read the same and
 * never repeat the id from the address.
 */
export function OrderSummaryView({
  summary,
  money,
  locale,
  organisation,
  Frame,
  repurchase = null,
}: OrderSummaryViewProps) {
  const { t } = useLingui();
  const phase = useSelector(summary, (snapshot) =>
    snapshot.matches("ready")
      ? "ready"
      : snapshot.matches("notFound")
        ? "notFound"
        : snapshot.matches("failed")
          ? "failed"
          : "loading",
  );
  const order = useSelector(summary, selectOrder);
  const guest = useSelector(summary, (snapshot) => snapshot.context.guest);

  if (phase === "notFound") {
    return (
      <Frame title={t`Order not found`}>
        <p role="status">
          <Trans>We could not find this order.</Trans>
        </p>
        <p className={actionRow}>
          <Link href="/products" className={button({ variant: "outline" })}>
            <Trans>Continue shopping</Trans>
          </Link>
        </p>
      </Frame>
    );
  }
  if (phase === "failed") {
    return (
      <Frame title={t`Your order`}>
        <div role="alert" className={css({ display: "grid", gap: "3", justifyItems: "start" })}>
          <p className={errorLine}>
            <Trans>Your order could not be loaded. Check your connection and try again.</Trans>
          </p>
          <button type="button" className={button()} onClick={() => summary.send({ type: "order.retry" })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </Frame>
    );
  }
  if (phase === "loading" || !order) {
    return (
      <Frame title={t`Your order`}>
        <p role="status">
          <Trans>Loading your order…</Trans>
        </p>
      </Frame>
    );
  }
  return (
    <Frame title={t`Thank you for your order`}>
      <div className={css({ display: "grid", gap: "2" })} data-print="hide">
        <p className={statusLine}>
          <Trans>
            Your order number is <strong>{order.number}</strong>. A receipt was sent to{" "}
            <strong>
              <Email address={order.email} />
            </strong>
            .
          </Trans>
        </p>
        {guest ? (
          <p>
            <Trans>The link in your receipt email brings you back to this page at any time.</Trans>
          </p>
        ) : null}
      </div>
      <OrderReceipt
        order={order}
        money={money}
        locale={locale}
        organisation={organisation}
        repurchase={repurchase}
      />
      <p className={actionRow} data-print="hide">
        <button type="button" className={button()} onClick={() => summary.send({ type: "receipt.print" })}>
          <Trans>Print receipt</Trans>
        </button>
        <Link href="/products" className={button({ variant: "outline" })}>
          <Trans>Continue shopping</Trans>
        </Link>
        {guest ? null : (
          <Link href="/account/orders/1" className={button({ variant: "outline" })}>
            <Trans>View order history</Trans>
          </Link>
        )}
      </p>
    </Frame>
  );
}
