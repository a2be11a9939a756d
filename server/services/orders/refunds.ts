import { randomUUID } from "node:crypto";
import type { OrderDetail } from "../../../src/domain/checkout/order.ts";
import { type Money, money } from "../../../src/domain/money.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts } from "../../domain/ledger-accounts.ts";
import type { PaymentGateway } from "../../gateways/payments/gateway.ts";
import { createAccountRepository, type Executor } from "../../repositories/accounts.ts";
import { balanceOf, createCardActivityRepository } from "../../repositories/card-activity.ts";
import { createFareMediaRepository } from "../../repositories/fare-media.ts";
import {
  createOrderRepository,
  type OrderItemRow,
  type OrderRefundRow,
  type OrderRow,
  orderDetailOf,
} from "../../repositories/orders.ts";
import type { LedgerEntry, LedgerService } from "../ledger.ts";
import { inTransaction } from "../transaction.ts";
import { refundRequestHash } from "./idempotency.ts";
import { type CheckContext, walletBalanceOf } from "./validate.ts";

/** A refund's outcome: the order as it stands after it, or why nothing (or not all) was refunded. */
export type RefundResult =
  | { ok: true; order: OrderDetail }
  | {
      ok: false;
      problem:
        | "notFound"
        | "amountInvalid"
        | "storedValueSpent"
        | "storedValuePending"
        | "gatewayRefused"
        | "keyReused"
        | "inFlight";
    };

/**
 * Refunding an order (issue 33), a part of the orders service of its own (issue 37): the claim with
 * the order's row locked, the gateway's part under keys of the refund's own, and the settlement in the
 * books in one transaction; `recoverRefunds` finishes a claim a crash or a timeout left pending, with
 * the same keys. The money rule is the orders': each gateway call is claimed (order_refunds) before it
 * is made, and settled after.
 */
export function createRefunds(options: {
  db: Database;
  clock: Clock;
  gateway: PaymentGateway;
  ledger: LedgerService;
  /** What reading a wallet's settled balance needs (the orders' checks). */
  checks: Pick<CheckContext, "clock" | "config" | "ledger">;
}) {
  const { db, clock, gateway, ledger, checks } = options;
  const repository = createOrderRepository(db);

  type RefundClaim =
    | { ok: true; refund: OrderRefundRow }
    | {
        ok: false;
        problem:
          | "notFound"
          | "amountInvalid"
          | "storedValueSpent"
          | "storedValuePending"
          | "keyReused"
          | "inFlight";
      };

  /**
   * Where the stored value an order bought went, locked: its fare card's general funds (and what of
   * them is pending), or the wallet a load filled. Null when the order bought none into a purse.
   */
  async function storedValuePurse(
    tx: Executor,
    order: OrderRow,
  ): Promise<{ account: LedgerAccount; general: number; pending: number } | null> {
    if (order.fareMediumId) {
      await createFareMediaRepository(tx).lockRow(order.fareMediumId);
      const balance = await balanceOf(tx, order.fareMediumId, order.currency);
      return {
        account: ledgerAccounts.fareCard(order.fareMediumId, "general"),
        general: balance.general,
        pending: balance.pending,
      };
    }
    if (order.kind !== "load" || !order.userId) return null;
    await createAccountRepository(tx).lock(order.userId);
    const wallet = await walletBalanceOf(checks, tx, order.userId);
    return { account: ledgerAccounts.wallet(order.userId), general: wallet.balance, pending: wallet.pending };
  }

  async function claimRefund(
    orderId: string,
    amount: number | null,
    reason: string,
    refundId: string,
  ): Promise<RefundClaim> {
    return inTransaction(db, async ({ tx }): Promise<RefundClaim> => {
      const orders = repository.with(tx);
      const order = await orders.lock(orderId);
      if (!order) return { ok: false, problem: "notFound" };
      const requestHash = refundRequestHash(amount, reason);
      const earlier = await orders.findRefund(refundId);
      if (earlier) {
        if (earlier.orderId !== orderId) return { ok: false, problem: "notFound" };
        // The same key asks the same again, or it is refused (a claim from before keys were kept
        // has no hash: the same id is the same refund).
        if (earlier.requestHash !== null && earlier.requestHash !== requestHash)
          return { ok: false, problem: "keyReused" };
        // Still at the gateway: a second call would race the first for the same keys. The caller
        // asks again in a moment; a claim left by a crash is finished by the recovery run.
        if (earlier.status === "pending") return { ok: false, problem: "inFlight" };
        return { ok: true, refund: earlier };
      }
      // Every refund of the order, read once: the pending ones hold their amounts, and what the
      // unrefused ones hold or took of its stored value is taken.
      const refunds = await orders.refundsOf(orderId);
      const pending = refunds.filter((claim) => claim.status === "pending");
      const held = new Map<number, number>();
      for (const claim of pending)
        for (const share of claim.shares) held.set(share.leg, (held.get(share.leg) ?? 0) + share.amount);
      const left = order.total - order.refunded - pending.reduce((sum, claim) => sum + claim.amount, 0);
      const asked = amount ?? left;
      // A refund of nothing is refused (issue 48, item 2): refunds of 0 claimed while another is
      // pending each reversed the sale again at settlement. Only a free order's first refund (all of
      // its nothing) may be 0: it spoils the passes and cancels the subscriptions.
      const freeOrderFirst = order.total === 0 && refunds.length === 0;
      const invalid = order.status === "refunded" || !Number.isSafeInteger(asked) || asked < 0;
      if (invalid || asked > left || (asked === 0 && !freeOrderFirst))
        return { ok: false, problem: "amountInvalid" };
      // What of this refund takes back stored value the order bought: the last part of the order's
      // refunds (what paid for passes and shipping goes back first), all the rest at a full refund.
      const storedValue = storedValueOf(await orders.itemsOf(orderId));
      const taken = refunds
        .filter((claim) => claim.status !== "refused")
        .reduce((sum, claim) => sum + claim.storedValue, 0);
      const claimed = order.refunded + pending.reduce((sum, claim) => sum + claim.amount, 0);
      const storedPart = (refunded: number) =>
        refunded >= order.total
          ? storedValue
          : Math.min(storedValue, Math.max(0, refunded - (order.total - Math.min(storedValue, order.total))));
      const hold = Math.min(asked, Math.max(0, storedPart(claimed + asked) - taken));
      if (hold > 0) {
        // The purse must still hold it, settled: a load still pending is refunded once it settles.
        const purse = await storedValuePurse(tx, order);
        if (!purse) return { ok: false, problem: "storedValueSpent" };
        if (purse.general < hold) return { ok: false, problem: "storedValueSpent" };
        if (purse.general - purse.pending < hold) return { ok: false, problem: "storedValuePending" };
        await ledger.post(tx, {
          reference: `${order.number}:refund:${refundId}:hold`,
          entries: [
            { account: purse.account, amount: money(-hold, order.currency) },
            { account: ledgerAccounts.refundHold, amount: money(hold, order.currency) },
          ],
        });
      }
      const shares: Array<{ leg: number; amount: number }> = [];
      let remaining = asked;
      for (const leg of [...(await orders.paymentsOf(orderId))].reverse()) {
        const share = Math.min(leg.amount - leg.refunded - (held.get(leg.leg) ?? 0), remaining);
        if (share > 0) shares.push({ leg: leg.leg, amount: share });
        remaining -= share;
      }
      const refund = await orders.insertRefund({
        refundId,
        orderId,
        amount: asked,
        storedValue: hold,
        shares,
        reason,
        requestHash,
        createdAt: clock.now(),
      });
      return { ok: true, refund };
    });
  }

  /** The gateway's part of a claimed refund, then its settlement in the books (see `refund`). */
  async function finishRefund(refund: OrderRefundRow): Promise<RefundResult> {
    const { orderId, refundId } = refund;
    if (refund.status === "pending") {
      const legs = await repository.paymentsOf(orderId);
      const record = await repository.find(orderId);
      if (!record) return { ok: false, problem: "notFound" };
      const refunded: Array<{ leg: number; amount: number }> = [];
      for (const share of refund.shares) {
        const leg = legs.find((candidate) => candidate.leg === share.leg);
        if (!leg) continue;
        if (leg.captureId) {
          // A whole leg, nothing of it refunded yet, is voided while its capture has not settled;
          // the same keys again (a retry after a crash) get the same answers.
          const whole = share.amount === leg.amount && leg.refunded === 0 && leg.authorizationId !== null;
          const voided =
            whole &&
            (
              await gateway.void({
                idempotencyKey: `order:${orderId}:leg:${leg.leg}:void:${refundId}`,
                authorizationId: leg.authorizationId ?? "",
              })
            ).outcome === "approved";
          if (!voided) {
            const result = await gateway.refund({
              idempotencyKey: `order:${orderId}:leg:${leg.leg}:refund:${refundId}`,
              captureId: leg.captureId,
              amount: { amount: share.amount, currency: record.order.currency },
            });
            if (result.outcome !== "approved") continue;
          }
        }
        refunded.push(share);
      }
      await settleRefund(refund, refunded);
    }
    const [claim, after] = await Promise.all([repository.findRefund(refundId), repository.find(orderId)]);
    if (!after) return { ok: false, problem: "notFound" };
    if (claim?.status === "settled" && claim.amount === refund.amount)
      return { ok: true, order: orderDetailOf(after) };
    return { ok: false, problem: "gatewayRefused" };
  }

  /**
   * Writes what the gateway refunded of a claim (all of it, part of it when a leg was refused, or none)
   * in one transaction, once: a claim another run settled meanwhile is left as it is.
   */
  async function settleRefund(refund: OrderRefundRow, refunded: Array<{ leg: number; amount: number }>) {
    const now = clock.now();
    await inTransaction(db, async ({ tx }) => {
      const orders = repository.with(tx);
      const order = await orders.lock(refund.orderId);
      const claim = await orders.findRefund(refund.refundId, true);
      if (!order || claim?.status !== "pending") return;
      const asked = refunded.reduce((sum, share) => sum + share.amount, 0);
      const cur = order.currency;
      const totals = new Map<LedgerAccount, number>();
      const add = (account: LedgerAccount, value: number) =>
        totals.set(account, (totals.get(account) ?? 0) + value);
      // The stored value held for the refund that the gateway's refund pays for; the rest (a leg the
      // gateway refused) goes back to the purse.
      const heldUsed = Math.max(0, claim.storedValue - (claim.amount - asked));
      const heldBack = claim.storedValue - heldUsed;
      if (heldBack > 0) {
        const purse = await storedValuePurse(tx, order);
        if (!purse) throw new Error(`Order ${order.id} held stored value for a refund and has no purse`);
        add(ledgerAccounts.refundHold, -heldBack);
        add(purse.account, heldBack);
      }
      if (asked === 0 && refund.amount > 0) {
        const entries = [...totals].map(([account, value]) => ({ account, amount: money(value, cur) }));
        if (entries.length >= 2) {
          await ledger.post(tx, { reference: `${order.number}:refund:${refund.refundId}:released`, entries });
        }
        await orders.closeRefund(refund.refundId, {
          status: "refused",
          amount: 0,
          storedValue: 0,
          settledAt: now,
        });
        return;
      }
      const legs = await orders.paymentsOf(order.id);
      const storedValue = storedValueOf(await orders.itemsOf(order.id));
      const full = order.refunded + asked === order.total;
      for (const share of refunded) {
        const leg = legs.find((candidate) => candidate.leg === share.leg);
        if (!leg) continue;
        if (leg.kind === "saved" || leg.kind === "card") add(ledgerAccounts.gatewayClearing, share.amount);
        else if (leg.kind === "stored_value" && order.fareMediumId)
          add(ledgerAccounts.fareCard(order.fareMediumId, "general"), share.amount);
        else if (leg.kind === "wallet" && order.userId)
          add(ledgerAccounts.wallet(order.userId), share.amount);
      }
      add(ledgerAccounts.refundHold, -heldUsed);
      if (full) {
        // The sale's other side, reversed for what is left of it: revenue less what earlier refunds
        // took from it, the promo, and any stored value no refund has taken back yet.
        const storedBefore = (await orders.refundsOf(order.id))
          .filter((other) => other.status === "settled")
          .reduce((sum, other) => sum + other.storedValue, 0);
        const revenue = order.subtotal - storedValue + order.shipping - (order.refunded - storedBefore);
        add(ledgerAccounts.revenue, -revenue);
        if (order.discount > 0) add(ledgerAccounts.promo, order.discount);
        const left = storedValue - storedBefore - heldUsed;
        if (left > 0) {
          const purse = await storedValuePurse(tx, order);
          if (purse) add(purse.account, -left);
        }
      } else {
        add(ledgerAccounts.revenue, -(asked - heldUsed));
      }
      const entries: LedgerEntry[] = [...totals]
        .filter(([, value]) => value !== 0)
        .map(([account, value]): LedgerEntry => ({ account, amount: money(value, cur) satisfies Money }));
      const group =
        entries.length >= 2
          ? await ledger.post(tx, { reference: `${order.number}:refund:${refund.refundId}`, entries })
          : null;
      for (const share of refunded) {
        const leg = legs.find((candidate) => candidate.leg === share.leg);
        if (leg) await orders.setLegRefunded(order.id, leg.leg, leg.refunded + share.amount);
      }
      if (order.fareMediumId) {
        // The card's Activity says the refund, with what its stored value gained or gave back.
        const card = ledgerAccounts.fareCard(order.fareMediumId, "general");
        // What the claim held came off the card then; what went back of it is in `totals`.
        const moved = (totals.get(card) ?? 0) - claim.storedValue;
        await createCardActivityRepository(tx).record({
          fareMediumId: order.fareMediumId,
          kind: "refund",
          occurredAt: now,
          currency: cur,
          detail: { order: order.number },
          amount: moved !== 0 || heldUsed > 0 ? moved : null,
          entryGroup: group,
          orderId: order.id,
        });
      }
      await orders.insertEntry({
        orderId: order.id,
        type: "refund",
        amount: asked,
        entryGroup: group,
        refundId: refund.refundId,
        reason: refund.reason,
        createdAt: now,
      });
      await orders.setRefunded(order.id, order.refunded + asked, full ? "refunded" : "partially_refunded");
      if (full) await orders.undoFulfilment(order.id);
      await orders.closeRefund(refund.refundId, {
        status: "settled",
        amount: asked,
        storedValue: heldUsed,
        settledAt: now,
      });
    });
  }

  return {
    /**
     * Refunds `amount` (what is left when absent) of an order, in three steps (issue 33). First the
     * refund is claimed with the order's row locked: what is left is what was paid less what settled
     * and pending refunds hold, and each leg from the last gives back what it can. Then card legs are
     * refunded at the gateway (`order:<id>:leg:<n>:refund:<refund id>`). Last, one transaction settles
     * what was refunded: the reversing ledger group, the legs, the refund entry and the new status; a
     * full refund spoils the passes and cancels the subscriptions. A claim left pending by a crash or a
     * timeout is finished by `recoverRefunds` with the same keys; a retry with the same `refundId` is
     * the same refund.
     */
    async refund(
      orderId: string,
      amount: number | null,
      reason: string,
      refundId: string = randomUUID(),
    ): Promise<RefundResult> {
      const claimed = await claimRefund(orderId, amount, reason, refundId);
      if (!claimed.ok) return claimed;
      return finishRefund(claimed.refund);
    },

    /**
     * Finishes the refunds claimed before `now - refundRecoveryMs` and still pending (the server died
     * between the claim and the settlement, or the gateway did not answer): asks the gateway again with
     * the same keys, so nothing is refunded twice, and settles what it refunded. Returns how many.
     */
    async recoverRefunds(now: Date = clock.now()): Promise<number> {
      const stale = await repository.stalePendingRefunds(new Date(now.getTime() - refundRecoveryMs), 50);
      let finished = 0;
      const failures: unknown[] = [];
      for (const refund of stale) {
        // One refund failing (the gateway still unreachable) does not hold the others back; the next
        // run tries it again, and the run's caller hears why (npm start logs it).
        try {
          await finishRefund(refund);
          finished += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `${failures.length} pending refunds not finished`);
      return finished;
    },
  };
}

/** How long a claimed refund may stay pending before the recovery run finishes it. */
const refundRecoveryMs = 60_000;

/** The stored value an order's items bought. */
const storedValueOf = (items: readonly OrderItemRow[]) =>
  items.filter((item) => item.subType === "STORED_VALUE").reduce((sum, item) => sum + item.lineTotal, 0);
