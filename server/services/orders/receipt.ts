import { orderSummaryPath } from "../../../src/app/routes.ts";
import type { OrderDetail } from "../../../src/domain/checkout/order.ts";
import type { Outbox, StoredMessage } from "../../gateways/outbox.ts";
import { composeReceipt } from "../../mail/receipts.ts";
import type { Executor } from "../../repositories/accounts.ts";
import { publicLink } from "../links.ts";

/*
 * A placed order's receipt (issue 37): the email's subject and body (mail/receipts.ts words them) with
 * the link to the order's summary (a guest's carries its guest link), written to the outbox in the
 * order's transaction. The caller dispatches it once the transaction commits.
 */

/** Writes the order's receipt email to `recipient` in `tx`; the stored message to dispatch after commit. */
export async function writeReceipt(
  tx: Executor,
  outbox: Outbox,
  receipt: {
    order: OrderDetail;
    recipient: string;
    locale: string;
    /** A guest's link token (null for a rider's order). */
    guestLink: string | null;
    publicUrl: string | null;
    /** The deployment's `hideZeroDecimals`. */
    hideZeroDecimals: boolean;
  },
): Promise<StoredMessage> {
  const { order, guestLink } = receipt;
  const path = orderSummaryPath({ id: order.id, guest_link: guestLink });
  const { subject, body } = composeReceipt(
    order,
    receipt.locale,
    publicLink(receipt.publicUrl, path),
    guestLink !== null,
    receipt.hideZeroDecimals,
  );
  return outbox.write(tx, { channel: "email", recipient: receipt.recipient, subject, body });
}
