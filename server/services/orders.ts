import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { OrderDetail, OrderPage } from "../../src/domain/checkout/order.ts";
import type { Purses } from "../../src/domain/checkout/quote.ts";
import { ErrorCode } from "../../src/domain/envelope.ts";
import { isTakenBrand, unsupportedCardTypeMessage } from "../../src/domain/payments/names.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { type LedgerAccount, ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { Outbox } from "../gateways/outbox.ts";
import type { DeclineReason, PaymentGateway } from "../gateways/payments/gateway.ts";
import { createAccountRepository } from "../repositories/accounts.ts";
import { balanceOf } from "../repositories/card-activity.ts";
import { encodeKeysetCursor, type KeysetCursor } from "../repositories/keyset-cursor.ts";
import {
  createOrderRepository,
  type OrderAttemptLegRow,
  type OrderRequestRow,
  orderDetailOf,
} from "../repositories/orders.ts";
import type { LedgerService } from "./ledger.ts";
import { fulfil } from "./orders/fulfil.ts";
import {
  type Claimed,
  ClaimLost,
  guestScopeOf,
  idempotencyKeyHash,
  orderRequestHash,
  staleClaimMs,
  withoutTokens,
} from "./orders/idempotency.ts";
import { type HeldLeg, isCardLeg, shownMethod } from "./orders/legs.ts";
import { writeReceipt } from "./orders/receipt.ts";
import { createRefunds } from "./orders/refunds.ts";
import {
  notPlaced,
  OrderRefusal,
  type PlaceRefusal,
  type PlaceResult,
  refusal,
  replyOf,
  storedResult,
} from "./orders/replies.ts";
import {
  type CheckContext,
  checkLocked,
  type LoadInput,
  type OrderCustomer,
  type PlaceInput,
  type Plan,
  type Prepared,
  paymentUnavailableMessage,
  prepareLoad,
  prepareOrder,
  tokenInvalidMessage,
  usableCard,
  walletBalanceOf,
} from "./orders/validate.ts";
import type { PricingService } from "./pricing.ts";
import { inTransaction } from "./transaction.ts";

export {
  cardNotFoundMessage,
  type LoadInput,
  loadSettleMs,
  type OrderCustomer,
  type PlaceInput,
} from "./orders/validate.ts";

/** An attempt's request as the recovery run replays it (order_requests.replay). */
type OrderReplay = NonNullable<OrderRequestRow["replay"]>;

export const orderNotFoundMessage = "Order not found.";
const declinedMessage = "Your payment method was declined.";

/** A guest link's token: 32 random bytes, base64url (43 characters). */
const guestLinkPattern = /^[A-Za-z0-9_-]{43}$/;
const linkHashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Draws of a random order number before giving up (a collision is 1 in 10^8 per existing order). */
const maxNumberDraws = 8;
const newOrderNumber = () => `TP-${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;

/**
 * Placing and reading orders (issue 12; the contract is src/domain/checkout/order.ts). Placing, in
 * this order: the Idempotency-Key is claimed (its own short transaction) with the request's SHA-256 and
 * the order id and number the attempt will use; the cart is priced by the quote's own rules
 * (pricing.priceForOrder) and every choice that does not hold refuses the order; the legs are checked;
 * every card leg is authorized (a decline voids the approved ones), then captured; then one transaction
 * writes the order, its items and legs, the promo redemption, the balanced ledger posting, the sale
 * entry, the fulfilment (passes, stored value, a shipment, subscriptions), the receipt and the stored
 * reply. A refusal is a stored reply too (the same key answers the same refusal); a thrown error (a
 * bug, a gateway outage) voids or refunds what the gateway holds and frees the key for a retry.
 *
 * The phases are orders/*.ts (issue 37): the checks (validate.ts), what is written once paid
 * (fulfil.ts), the receipt (receipt.ts), the key's claim (idempotency.ts) and the result's wording
 * (replies.ts: placing answers a PlaceResult, which the route sends as replyOf words it). This
 * service orchestrates them, and keeps the money rule: each gateway call is recorded
 * (order_attempt_legs) before it is made, and the order settles after, so crash repair can finish or
 * give back any attempt.
 */
export function createOrderService(options: {
  db: Database;
  clock: Clock;
  config: () => PortalConfig;
  pricing: PricingService;
  gateway: PaymentGateway;
  ledger: LedgerService;
  outbox: Outbox;
  publicUrl: string | null;
  /** Draws an order number ("TP-" and 8 digits); random unless a test picks them. */
  orderNumbers?: () => string;
}) {
  const { db, clock, pricing, gateway, ledger, outbox } = options;
  const drawNumber = options.orderNumbers ?? newOrderNumber;
  const repository = createOrderRepository(db);
  const currency = () => options.config().currency_code;

  /**
   * Gives back what the gateway holds for an attempt that will not become an order, from its recorded
   * legs (order_attempt_legs), then forgets them. Every call is the attempt's own request again under
   * its own key, so the gateway answers it once however often this runs: a leg whose authorization was
   * never answered is asked again (the first ask, or a hold made now) and voided; a leg already
   * captured is voided before its capture settles and refunded after. Throws when the gateway does not answer: the legs stay for the recovery run.
   */
  async function giveBack(orderId: string): Promise<void> {
    const legs = await repository.attemptLegs(orderId);
    for (const leg of legs) await giveBackLeg(leg);
    if (legs.length > 0) {
      await repository.deleteAttemptLegs(
        orderId,
        legs.map((leg) => leg.leg),
      );
    }
  }

  async function giveBackLeg(leg: OrderAttemptLegRow): Promise<void> {
    const key = (step: string) => `order:${leg.orderId}:leg:${leg.leg}:${step}`;
    const amount = { amount: leg.amount, currency: leg.currency };
    let captureId = leg.captureId;
    if (captureId === null) {
      let authorizationId = leg.authorizationId;
      // Only attached (a one-time card recorded before any leg was held): nothing to give back.
      if (authorizationId === null && leg.authorizeAskedAt === null) return;
      if (authorizationId === null) {
        const asked = await gateway.authorize({
          idempotencyKey: key("authorize"),
          customer: { id: leg.customerId },
          methodId: leg.methodId,
          amount,
          reference: leg.reference,
        });
        // Declined or refused: the gateway holds nothing for this leg.
        if (asked.outcome !== "approved") return;
        authorizationId = asked.authorizationId;
      }
      const voided = await gateway.void({ idempotencyKey: key("void"), authorizationId });
      if (voided.outcome === "approved") return;
      if (voided.reason !== "already_settled") {
        throw new Error(
          `The gateway did not void leg ${leg.leg} of attempt ${leg.orderId}: ${voided.reason}`,
        );
      }
      // Settled by a capture under the attempt's key: asking it again answers that capture.
      const captured = await gateway.capture({ idempotencyKey: key("capture"), authorizationId });
      if (captured.outcome !== "approved") {
        throw new Error(`Leg ${leg.leg} of attempt ${leg.orderId} is neither voidable nor captured`);
      }
      captureId = captured.captureId;
    } else if (leg.authorizationId !== null) {
      // Captured: voided whole while the capture has not settled (nothing then shows on the rider's
      // statement); once settled (`already_settled`), refunded.
      const voided = await gateway.void({
        idempotencyKey: key("void"),
        authorizationId: leg.authorizationId,
      });
      if (voided.outcome === "approved") return;
    }
    const refunded = await gateway.refund({ idempotencyKey: key("refund:rollback"), captureId, amount });
    if (refunded.outcome !== "approved") {
      throw new Error(
        `The gateway did not refund leg ${leg.leg} of attempt ${leg.orderId}: ${refunded.reason}`,
      );
    }
  }

  const checks: CheckContext = { db, clock, config: options.config, pricing, ledger };
  const refunds = createRefunds({ db, clock, gateway, ledger, checks });

  /**
   * Authorizes every card leg (attaching one-time cards first), voiding the approved ones when one is
   * refused, then captures them all. The held legs, or the refusal.
   */
  async function charge(plan: Plan, orderNumber: string, held: HeldLeg[]): Promise<PlaceRefusal | null> {
    const { orderId } = plan;
    const customerId = plan.userId ?? `order:${orderId}`;
    const cur = currency();
    /** A leg refused: the legs approved so far are voided, and the rider hears which leg failed. */
    const decline = async (refused: PlaceRefusal) => {
      await giveBack(orderId);
      held.length = 0;
      return refused;
    };
    /**
     * The gateway method of each card leg. One-time cards are attached, and recorded, before any leg
     * is held: a stop from here on leaves legs the recovery run can finish without the token (which
     * the claim does not keep), and a stop before leaves nothing held, so the key answers "not placed".
     */
    const methods = new Map<number, { methodId: string; brand: string | null; last4: string | null }>();
    const record = (
      leg: { n: number; amount: number },
      method: { methodId: string; brand: string | null; last4: string | null },
      asked: Date | null,
    ) =>
      repository.recordAttemptLeg({
        orderId,
        leg: leg.n,
        customerId,
        ...method,
        amount: leg.amount,
        currency: cur,
        reference: orderNumber,
        authorizeAskedAt: asked,
        recordedAt: clock.now(),
      });
    for (const leg of plan.legs) {
      if (leg.kind !== "card") continue;
      const field = `payments/${leg.n}`;
      const recorded = await repository.attemptLeg(orderId, leg.n);
      if (recorded) {
        // Attached by an earlier run of this attempt (its server stopped): the same method, not the
        // token again (a token may not outlive its server, and the recovery run has none).
        methods.set(leg.n, recorded);
        continue;
      }
      // A recovered attempt that stopped before this card was attached: nothing is held yet.
      if (leg.recorded) return await decline(notPlaced);
      const attached = await gateway.attach({
        idempotencyKey: `order:${orderId}:leg:${leg.n}:attach`,
        customer: { id: customerId },
        token: leg.token,
      });
      if (attached.outcome === "declined") {
        return await decline(
          refusal(ErrorCode.paymentMethodDeclined, declinedMessage, field, attached.reason),
        );
      }
      if (attached.outcome === "rejected" || attached.method.kind !== "card") {
        return await decline(refusal(ErrorCode.paymentTokenInvalid, tokenInvalidMessage, field));
      }
      // A brand the portal does not take is refused here too, not only by its card form (issue 47).
      if (!isTakenBrand(attached.method.brand)) {
        return await decline(refusal(ErrorCode.cardTypeUnsupported, unsupportedCardTypeMessage, field));
      }
      const method = {
        methodId: attached.method.methodId,
        brand: attached.method.brand,
        last4: attached.method.last4,
      };
      await record(leg, method, null);
      methods.set(leg.n, method);
    }
    for (const leg of plan.legs) {
      if (!isCardLeg(leg)) continue;
      const field = `payments/${leg.n}`;
      const method =
        leg.kind === "saved"
          ? { methodId: leg.method.gatewayMethodId, ...shownMethod(leg.method) }
          : methods.get(leg.n);
      if (!method) throw new Error(`Leg ${leg.n} of order ${orderId} has no method`);
      const { methodId, brand, last4 } = method;
      // Written before the gateway is asked: a stop from here on leaves a leg the recovery run finishes
      // or gives back (asking the authorization again under its key).
      const asked = clock.now();
      if (leg.kind === "saved") await record(leg, method, asked);
      else await repository.setAttemptLeg(orderId, leg.n, { authorizeAskedAt: asked });
      const authorized = await gateway.authorize({
        idempotencyKey: `order:${orderId}:leg:${leg.n}:authorize`,
        customer: { id: customerId },
        methodId,
        amount: { amount: leg.amount, currency: cur },
        reference: orderNumber,
      });
      if (authorized.outcome === "declined") {
        return await decline(
          refusal(
            ErrorCode.paymentMethodDeclined,
            declinedMessage,
            field,
            authorized.reason satisfies DeclineReason,
          ),
        );
      }
      if (authorized.outcome === "rejected") {
        const code = leg.kind === "card" ? ErrorCode.paymentTokenInvalid : ErrorCode.paymentRefused;
        const message = leg.kind === "card" ? tokenInvalidMessage : paymentUnavailableMessage;
        return await decline(refusal(code, message, field));
      }
      await repository.setAttemptLeg(orderId, leg.n, { authorizationId: authorized.authorizationId });
      held.push({
        n: leg.n,
        methodId,
        authorizationId: authorized.authorizationId,
        captureId: null,
        brand,
        last4,
      });
    }
    for (const leg of held) {
      const captured = await gateway.capture({
        idempotencyKey: `order:${orderId}:leg:${leg.n}:capture`,
        authorizationId: leg.authorizationId,
      });
      if (captured.outcome !== "approved") {
        throw new Error(`The gateway did not capture leg ${leg.n} of order ${orderId}: ${captured.reason}`);
      }
      leg.captureId = captured.captureId;
      await repository.setAttemptLeg(orderId, leg.n, { captureId: captured.captureId });
    }
    return null;
  }

  /** The one transaction that makes the order: everything, or nothing. */
  async function write(
    input: Pick<PlaceInput, "customer" | "locale" | "receipt">,
    plan: Plan,
    claim: Claimed,
    held: readonly HeldLeg[],
  ): Promise<PlaceResult> {
    const cur = currency();
    const now = clock.now();
    const { orderId } = plan;
    const guestLink = input.customer.kind === "guest" ? randomBytes(32).toString("base64url") : null;
    const result = await inTransaction(db, async ({ tx, afterCommit }) => {
      const orders = repository.with(tx);
      // Only while the claim is this attempt's: the recovery run (or a retry) that took it over owns
      // the legs now, and may be giving them back.
      if (!(await orders.holdsClaim(claim.scope, claim.key, claim.claimedAt))) throw new ClaimLost();
      await orders.deleteAttemptLegs(orderId);
      const refusedNow = await checkLocked(checks, tx, plan);
      if (refusedNow) throw new OrderRefusal(refusedNow);
      const detail = await fulfil(
        ledger,
        tx,
        plan,
        {
          number: claim.orderNumber,
          locale: input.locale,
          currency: cur,
          now,
          guestLinkHash: guestLink ? linkHashOf(guestLink) : null,
        },
        held,
      );
      if (input.receipt ?? true) {
        const stored = await writeReceipt(tx, outbox, {
          order: detail,
          recipient: plan.email,
          locale: input.locale,
          guestLink,
          publicUrl: options.publicUrl,
          hideZeroDecimals: options.config().hideZeroDecimals,
        });
        afterCommit(() => outbox.dispatch(stored));
      }
      const placed: PlaceResult = { ok: true, order: { ...detail, guest_link: guestLink } };
      // The key's answer from now on: the same text the route sends.
      const answer = replyOf(placed);
      await orders.storeReply(claim.scope, claim.key, answer.status, answer.body, claim.claimedAt);
      return placed;
    });
    return result;
  }

  /** The attempt behind a claimed key: a result to store, or a thrown error (the key is then freed). */
  async function attempt(
    input: Pick<PlaceInput, "customer" | "locale" | "receipt">,
    claim: Claimed,
    preparer: (orderId: string) => Promise<Prepared>,
  ): Promise<PlaceResult> {
    const prepared = await preparer(claim.orderId);
    if (prepared.refused) {
      // A takeover (a retry, or the recovery run) of an attempt that already holds legs: they go
      // back with the refusal, and its one-time tokens are free again.
      if ((await repository.attemptLegs(claim.orderId)).length > 0) {
        await giveBack(claim.orderId);
        await repository.freeTokens(claim.orderId);
      }
      return { ok: false, refusal: prepared.refused };
    }
    const { plan } = prepared;
    const held: HeldLeg[] = [];
    // One-time card tokens are this attempt's before the gateway sees them: another attempt paying
    // with one of them at this moment is refused here, with nothing authorized.
    const tokens = plan.legs.flatMap((leg) => (leg.kind === "card" ? [leg.tokenHash] : []));
    if (!(await repository.claimTokens(tokens, claim.orderId, clock.now()))) {
      return {
        ok: false,
        refusal: refusal(
          ErrorCode.paymentTokenInvalid,
          tokenInvalidMessage,
          `payments/${plan.legs.find((leg) => leg.kind === "card")?.n ?? 0}`,
        ),
      };
    }
    const freeTokens = () => (tokens.length > 0 ? repository.freeTokens(claim.orderId) : Promise.resolve());
    try {
      const declined = await charge(plan, claim.orderNumber, held);
      if (declined) {
        await freeTokens();
        return { ok: false, refusal: declined };
      }
      return await write(input, plan, claim, held);
    } catch (error) {
      // The claim was taken over (this attempt outlived staleClaimMs): its new holder owns the legs,
      // and its reply (the order, or the recovery run's refusal) is the key's.
      const stored = await repository.findRequest(claim.scope, claim.key);
      if (
        error instanceof ClaimLost ||
        (stored && stored.createdAt.getTime() !== claim.claimedAt.getTime())
      ) {
        if (stored?.replyStatus && stored.replyBody !== null) {
          return storedResult({ status: stored.replyStatus, body: stored.replyBody });
        }
        return { ok: false, refusal: { kind: "inFlight" } };
      }
      // Whatever the gateway holds for this attempt goes back, refused or broken alike; when the
      // gateway does not answer, the recorded legs (and their tokens) stay for the recovery run.
      const givenBack = await giveBack(claim.orderId).then(
        () => true,
        () => false,
      );
      if (givenBack) await freeTokens().catch(() => undefined);
      if (error instanceof OrderRefusal) return { ok: false, refusal: error.refusal };
      throw error;
    }
  }

  /** Claims the key, runs the attempt once, stores its reply: what `place` and `placeLoad` share. */
  async function placeOnce(
    input: Pick<PlaceInput, "customer" | "locale" | "receipt" | "idempotencyKey" | "scope">,
    body: unknown,
    preparer: (orderId: string) => Promise<Prepared>,
    replay: OrderReplay,
  ): Promise<PlaceResult> {
    {
      const scope =
        input.scope ??
        (input.customer.kind === "rider" ? input.customer.user.id : guestScopeOf(input.customer.email));
      // Only a digest of the key is kept: a client may put anything in it, even a card number.
      const key = idempotencyKeyHash(input.idempotencyKey);
      const requestHash = orderRequestHash(body);
      const now = clock.now();
      let claim: OrderRequestRow | null = null;
      let held: OrderRequestRow | null = null;
      // A claim that inserts nothing is this key's earlier claim, or (rarely) a random order number
      // another claim drew: then no claim holds this key, and another number is drawn.
      for (let draw = 0; draw < maxNumberDraws && !claim && !held; draw++) {
        claim = await repository.claimRequest({
          scope,
          key,
          requestHash,
          orderId: randomUUID(),
          orderNumber: drawNumber(),
          at: now,
          replay,
          userId: input.customer.kind === "rider" ? input.customer.user.id : null,
        });
        if (!claim) held = await repository.findRequest(scope, key);
      }
      if (!claim) {
        if (!held) throw new Error(`No free order number after ${maxNumberDraws} draws`);
        if (held.requestHash !== requestHash) {
          return { ok: false, refusal: { kind: "keyReused" } };
        }
        if (held.replyStatus !== null && held.replyBody !== null) {
          return storedResult({ status: held.replyStatus, body: held.replyBody });
        }
        const stale = now.getTime() - held.createdAt.getTime() >= staleClaimMs;
        if (!stale || !(await repository.takeOverRequest(scope, key, held.createdAt, now))) {
          return { ok: false, refusal: { kind: "inFlight" } };
        }
        claim = held;
      }
      // A new claim was made at `now`, and a takeover moved the claim's time to `now`.
      const claimed: Claimed = {
        scope,
        key,
        orderId: claim.orderId,
        orderNumber: claim.orderNumber,
        claimedAt: now,
      };
      let result: PlaceResult;
      try {
        result = await attempt(input, claimed, preparer);
      } catch (error) {
        await repository.releaseRequest(scope, key);
        throw error;
      }
      // A refusal is the key's answer too (a placed order stored its own with the order).
      if (!result.ok) {
        const { status, body } = replyOf(result);
        await repository.storeReply(scope, key, status, body, now);
      }
      return result;
    }
  }

  return {
    /**
     * Places an order once per Idempotency-Key: the order, or why not (replies.ts `replyOf` words it;
     * the same text is stored for the key's repeats).
     */
    async place(input: PlaceInput): Promise<PlaceResult> {
      return placeOnce(input, input.request, (orderId) => prepareOrder(checks, input, orderId), {
        kind: "order",
        request: withoutTokens(input.request),
        locale: input.locale,
        receipt: input.receipt !== false,
      });
    },

    /**
     * Places a load (an order of kind "load") once per Idempotency-Key: the same claim, legs, ledger
     * posting, receipt and stored reply as `place`; the value lands in the card's general funds
     * (a pending `load` or `autoload` activity row) or the rider's wallet.
     */
    async placeLoad(input: LoadInput): Promise<PlaceResult> {
      const target = input.target.kind === "card" ? { card: input.target.cardId } : { wallet: true };
      return placeOnce(
        input,
        { load: target, request: input.request },
        (orderId) => prepareLoad(checks, input, orderId),
        {
          kind: "load",
          request: withoutTokens(input.request),
          target: input.target,
          activity: input.activity ?? "load",
          locale: input.locale,
          receipt: input.receipt !== false,
        },
      );
    },

    /** A page of the rider's orders, newest first; `next` is the cursor of the following page. */
    /** A rider's wallet: what it holds, and what of it is pending (loads not settled yet). */
    wallet: (userId: string) => walletBalanceOf(checks, db, userId),

    /**
     * What a rider's purses hold for checkout to show: the general funds of the fare card (when it is
     * theirs and can be bought for) and their wallet, in minor units; null where there is no purse.
     */
    async purses(userId: string, fareMediumId: string | null): Promise<Purses> {
      // fareMediumId is a uuid (the route's schema checks it).
      const card = fareMediumId ? await usableCard(db, userId, fareMediumId, false) : null;
      const accounts: LedgerAccount[] = [ledgerAccounts.wallet(userId)];
      if (card) accounts.push(ledgerAccounts.fareCard(card.id, "general"));
      const balances = await ledger.balances(db, accounts, currency());
      const pending = card ? (await balanceOf(db, card.id, currency())).pending : 0;
      const wallet = await walletBalanceOf(checks, db, userId);
      return {
        stored_value: card
          ? (balances.get(ledgerAccounts.fareCard(card.id, "general"))?.amount ?? 0) - pending
          : null,
        wallet: wallet.balance - wallet.pending,
      };
    },

    async page(userId: string, limit: number, after: KeysetCursor | null): Promise<OrderPage> {
      const rows = await repository.page(userId, limit + 1, after);
      const orders = rows.slice(0, limit);
      const last = orders.at(-1);
      return {
        orders,
        next:
          rows.length > limit && last
            ? encodeKeysetCursor({ at: new Date(last.created_at), id: last.id })
            : null,
      };
    },

    /** One of the rider's orders; null for another rider's or an unknown id. */
    async forRider(userId: string, id: string): Promise<OrderDetail | null> {
      const record = await repository.findForUser(userId, id);
      return record ? orderDetailOf(record) : null;
    },

    /** A guest's order by its link; null for a wrong link or an unknown id alike. */
    async forGuest(id: string, link: string): Promise<OrderDetail | null> {
      if (!guestLinkPattern.test(link)) return null;
      const record = await repository.findByGuestLink(id, linkHashOf(link));
      return record ? orderDetailOf(record) : null;
    },

    /** Refunds of an order and their recovery run (./orders/refunds.ts). */
    refund: refunds.refund,
    recoverRefunds: refunds.recoverRefunds,

    /**
     * Repairs the order attempts that stopped between the gateway and the order's commit (issue 33,
     * item 2): a claim unanswered since before `now - staleClaimMs` (its server died), or legs an
     * attempt recorded and could not give back (the gateway did not answer). Each claim is taken over
     * first (one instance, or one retry, wins it), then finished from its recorded request as its
     * server would have (`finish`: the same order id, number and gateway keys, so the rider's retry with
     * the key gets that order); when it cannot be finished (the rider is gone, or a check refuses it
     * now), every recorded leg is given back (voided, or refunded once the capture settled) under the
     * attempt's own keys, its one-time tokens are freed, and the key answers "not placed" (or the
     * refusal) from then on.
     * Returns how many attempts it repaired; throws what failed after trying them all.
     */
    async recoverAttempts(now: Date = clock.now()): Promise<number> {
      const before = new Date(now.getTime() - staleClaimMs);
      const claims = await repository.staleRequests(before, 50);
      const orphans = await repository.attemptsWithLegs(before, 50);
      const work = new Map<string, OrderRequestRow | null>(claims.map((claim) => [claim.orderId, claim]));
      for (const orderId of orphans) {
        if (work.has(orderId)) continue;
        const claim = await repository.requestOfOrder(orderId);
        // An unanswered claim made since `before` is an attempt still running: it owns its legs.
        if (claim && claim.replyStatus === null && claim.createdAt >= before) continue;
        work.set(orderId, claim && claim.replyStatus === null ? claim : null);
      }
      let repaired = 0;
      const failures: unknown[] = [];
      for (const [orderId, claim] of work) {
        try {
          if (claim && !(await repository.takeOverRequest(claim.scope, claim.key, claim.createdAt, now))) {
            continue;
          }
          // An order written after all (legs left by a bug): the legs are its payments, not to give back.
          if (await repository.find(orderId)) {
            await repository.deleteAttemptLegs(orderId);
            continue;
          }
          const replay = claim?.replay ?? null;
          if (claim && replay) {
            const finished = await finish({ ...claim, replay }, now).catch(async (error: unknown) => {
              // Nothing left at the gateway (the attempt gave it back): the key says so; else the next
              // run tries again.
              if ((await repository.attemptLegs(orderId)).length > 0) throw error;
              return false;
            });
            if (finished) {
              repaired += 1;
              continue;
            }
          }
          await giveBack(orderId);
          await repository.freeTokens(orderId);
          if (claim) {
            const { status, body } = replyOf({ ok: false, refusal: notPlaced });
            await repository.storeReply(claim.scope, claim.key, status, body, now);
          }
          repaired += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) {
        throw new AggregateError(failures, `${failures.length} stopped order attempts not repaired`);
      }
      return repaired;
    },
  };

  /**
   * Finishes a stopped attempt from its claim's replay, as its server would have: the same order id,
   * number and legs (the gateway answers each recorded call again; a one-time card's attach is
   * reused), priced and checked again, then written with its receipt. A refusal now (the card blocked
   * since, the price changed) gives back what the gateway holds and is the key's reply. False when the
   * rider is gone: the caller gives everything back. Throws when the gateway does not answer.
   */
  async function finish(claim: OrderRequestRow & { replay: OrderReplay }, now: Date): Promise<boolean> {
    const { replay } = claim;
    let customer: OrderCustomer;
    if (claim.userId) {
      const user = await createAccountRepository(db).findById(claim.userId);
      if (!user || user.deactivatedAt) return false;
      customer = { kind: "rider", user };
    } else {
      const email = (replay.request as { email?: unknown }).email;
      if (typeof email !== "string") return false;
      customer = { kind: "guest", email };
    }
    const claimed: Claimed = {
      scope: claim.scope,
      key: claim.key,
      orderId: claim.orderId,
      orderNumber: claim.orderNumber,
      claimedAt: now,
    };
    const common = { customer, locale: replay.locale, receipt: replay.receipt, address: "recovery" };
    const result =
      replay.kind === "order"
        ? await attempt(common, claimed, (orderId) =>
            prepareOrder(
              checks,
              { ...common, idempotencyKey: claim.key, request: replay.request as PlaceInput["request"] },
              orderId,
              true,
            ),
          )
        : await attempt(common, claimed, (orderId) =>
            prepareLoad(
              checks,
              {
                ...common,
                idempotencyKey: claim.key,
                request: replay.request as LoadInput["request"],
                target: replay.target,
                activity: replay.activity,
              },
              orderId,
              true,
            ),
          );
    if (!result.ok) {
      const { status, body } = replyOf(result);
      await repository.storeReply(claim.scope, claim.key, status, body, now);
    }
    return true;
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
