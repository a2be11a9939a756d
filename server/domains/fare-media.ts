import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { cardTokenGuard } from "../plugins/auth.ts";
import fareCardRoutes from "../routes/transit/fare-cards.ts";
import guestCardRoutes from "../routes/transit/guest-card.ts";
import statementRoutes from "../routes/transit/statement.ts";
import transactionRoutes from "../routes/transit/transactions.ts";
import { type CardTokenService, createCardTokenService } from "../services/card-tokens.ts";
import { type CardTransferService, createCardTransferService } from "../services/card-transfers.ts";
import { createFareCapService, type FareCapService } from "../services/fare-caps.ts";
import { createFareMediaService, type FareMediaService } from "../services/fare-media.ts";
import { createStatementService, type StatementService } from "../services/statement.ts";
import { createTapService, type TapService } from "../services/taps.ts";
import { createTripService, type TripService } from "../services/trips.ts";

type ValueOutListener = (cardId: string, at: Date) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    /** The rider's fare cards with their balances, summed from the ledger. */
    fareMedia: FareMediaService;
    /** Fare caps of a card's rider type and its progress in the current period (services/fare-caps.ts). */
    fareCaps: FareCapService;
    /** Guests' card tokens: issued from a card's number and code, resolved by requireCardToken (services/card-tokens.ts). */
    cardTokens: CardTokenService;
    /** Balance transfers between a rider's cards (services/card-transfers.ts). */
    cardTransfers: CardTransferService;
    /** Taps at readers: fare cards and bank cards, the simulator's routes, riders' transactions (services/taps.ts). */
    taps: TapService;
    /** A rider's fare card's trips, its taps read back (services/trips.ts). */
    trips: TripService;
    /** A rider's statement for a range of days: purchases, loads, trips, commuter benefits (services/statement.ts). */
    statements: StatementService;
    /**
     * preHandler for a guest's card routes (src/domain/transit/guest-card.ts): `Authorization: Card
     * <token>` of a live token (app.cardTokens); `cardOf(request)` is then the card's id.
     */
    requireCardToken: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /**
     * Told when a tap or a transfer took value off a card, which may leave it at its autoload's
     * threshold (the wallet domain listens); a listener's failure never fails the tap or transfer.
     */
    cardValueOut: { listen(listener: ValueOutListener): void };
  }
}

/**
 * The fare media domain: riders' fare cards and a guest's card, fare caps, taps (and riders' bank-card
 * transactions) and transfers between cards, under /transit.
 */
export default fp(
  async function fareMedia(app: FastifyInstance) {
    const { db, clock, ledger, portalConfig: config } = app;
    const currency = () => config.currency_code;
    const fareCaps = createFareCapService();
    const fareMedia = createFareMediaService({
      db,
      ledger,
      currency,
      clock,
      organizationId: () => config.organization.parentUuid,
      capProgress: (tx, card, now, locale) => fareCaps.progress(tx, card, now, locale),
    });
    const cardTokens = createCardTokenService({ db, clock, fareMedia: () => fareMedia });
    const listeners: ValueOutListener[] = [];
    const valueOut: ValueOutListener = async (cardId, at) => {
      for (const listener of listeners) await listener(cardId, at);
    };
    app.decorate("fareCaps", fareCaps);
    app.decorate("fareMedia", fareMedia);
    app.decorate("cardTokens", cardTokens);
    app.decorate("requireCardToken", cardTokenGuard(cardTokens));
    app.decorate("cardValueOut", {
      listen(listener: ValueOutListener) {
        listeners.push(listener);
      },
    });
    app.decorate(
      "cardTransfers",
      createCardTransferService({ db, clock, ledger, currency, afterValueOut: () => valueOut }),
    );
    app.decorate(
      "taps",
      createTapService({
        db,
        clock,
        ledger,
        gateway: app.payments,
        fareCaps,
        currency,
        afterValueOut: () => valueOut,
        onFare: (work, event) => app.alerts.valueOut(work, event, currency()),
      }),
    );

    app.decorate("trips", createTripService({ db }));
    app.decorate("statements", createStatementService({ db, currency }));

    await app.register(transactionRoutes, { prefix: "/transit" });
    await app.register(fareCardRoutes, { prefix: "/transit" });
    await app.register(guestCardRoutes, { prefix: "/transit" });
    await app.register(statementRoutes, { prefix: "/transit" });
  },
  { name: "fare-media", dependencies: ["db", "clock", "config", "ledger", "payments", "auth", "alerts"] },
);
