import type { FareMedium } from "../../src/domain/fare-media.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { GuestLoadRequest } from "../../src/domain/transit/guest-card.ts";
import { type LoadRequest, loadLimitsOf, type Wallet } from "../../src/domain/transit/wallet.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import type { User } from "../repositories/accounts.ts";
import { balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import { createFareMediaRepository, fareMediumOf } from "../repositories/fare-media.ts";
import { type OrderReply, type PlaceResult, replyOf } from "./orders/replies.ts";
import { loadSettleMs, type OrderService } from "./orders.ts";

/**
 * Loads and the wallet (issue 13; src/domain/transit/wallet.ts): a load is an order placed through
 * `orders.placeLoad`; this words its reply for each route and settles pending load rows.
 */
export function createWalletService(options: {
  db: Database;
  clock: Clock;
  orders: OrderService;
  config: () => PortalConfig;
}) {
  const { db, clock, orders } = options;
  const currency = () => options.config().currency_code;

  async function cardShown(cardId: string): Promise<FareMedium | null> {
    const [row] = await createFareMediaRepository(db).byIds([cardId]);
    return row ? fareMediumOf(row, await balanceOf(db, cardId, currency())) : null;
  }

  async function walletOf(userId: string): Promise<Wallet> {
    const { balance, pending } = await orders.wallet(userId);
    return { balance, pending, currency: currency(), limits: loadLimitsOf(options.config()) };
  }

  /** A placed order's reply with `extra` beside the order (a refusal goes as replies.ts words it). */
  async function wrapped(
    result: PlaceResult,
    extra: () => Promise<Record<string, unknown>>,
  ): Promise<OrderReply> {
    if (!result.ok) return replyOf(result);
    const data = { order: result.order, ...(await extra()) };
    return { status: 201, body: JSON.stringify({ data, errors: [] }) };
  }

  return {
    limits: () => loadLimitsOf(options.config()),
    wallet: walletOf,

    /** POST /transit/faremedia/:id/loads: `{ order, fare_medium }`. */
    async loadCard(input: {
      user: User;
      cardId: string;
      idempotencyKey: string;
      request: LoadRequest;
      locale: string;
      address: string;
    }): Promise<OrderReply> {
      const placed = await orders.placeLoad({
        customer: { kind: "rider", user: input.user },
        idempotencyKey: input.idempotencyKey,
        request: input.request,
        target: { kind: "card", cardId: input.cardId },
        locale: input.locale,
        address: input.address,
      });
      return wrapped(placed, async () => ({ fare_medium: await cardShown(input.cardId) }));
    },

    /** POST /transit/wallet/loads: `{ order, wallet }`. */
    async loadWallet(input: {
      user: User;
      idempotencyKey: string;
      request: LoadRequest;
      locale: string;
      address: string;
    }): Promise<OrderReply> {
      const placed = await orders.placeLoad({
        customer: { kind: "rider", user: input.user },
        idempotencyKey: input.idempotencyKey,
        request: input.request,
        target: { kind: "wallet" },
        locale: input.locale,
        address: input.address,
      });
      return wrapped(placed, async () => ({ wallet: await walletOf(input.user.id) }));
    },

    /** POST /transit/anonymous/card/loads: `{ order, fare_medium }`, the receipt to `email`. */
    async loadGuestCard(input: {
      cardId: string;
      idempotencyKey: string;
      request: GuestLoadRequest;
      locale: string;
      address: string;
    }): Promise<OrderReply> {
      const placed = await orders.placeLoad({
        customer: { kind: "guest", email: input.request.email.trim() },
        idempotencyKey: `card:${input.cardId}:${input.idempotencyKey}`,
        request: input.request,
        target: { kind: "card", cardId: input.cardId },
        locale: input.locale,
        address: input.address,
      });
      return wrapped(placed, async () => ({ fare_medium: await cardShown(input.cardId) }));
    },

    /** Marks pending load rows older than `loadSettleMs` settled; how many. */
    async settle(now: Date = clock.now()): Promise<number> {
      return createCardActivityRepository(db).settleOlder(new Date(now.getTime() - loadSettleMs), now);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
