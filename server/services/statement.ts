import { and, asc, eq, gte, inArray, isNotNull, lt, ne } from "drizzle-orm";
import type {
  Statement,
  StatementBenefit,
  StatementLoad,
  StatementPurchase,
  StatementTrip,
} from "../../src/domain/transit/statement.ts";
import {
  fareMedia,
  orderItems,
  orderPayments,
  orders,
  paymentMethods,
  taps,
  transitRoutes,
} from "../db/schema.ts";
import { agencyTimeZone, zonedInstant } from "../domain/agency-time.ts";
import type { Executor } from "../repositories/accounts.ts";
import { paymentMethodLabel } from "../repositories/fare-media.ts";
import { routeName } from "./taps.ts";

/** The last four digits of a printed card number. */
const last4 = (printed: string) => printed.replace(/\D/g, "").slice(-4);

/** The instant a `YYYY-MM-DD` day starts on the agency's wall clock, `days` later. */
function dayStart(day: string, days = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return zonedInstant(year, month, date + days, 0, 0, agencyTimeZone);
}

/**
 * A rider's statement (src/domain/transit/statement.ts) for a checked range of the agency's days: the
 * rider's orders (purchases and loads apart), the taps of the rider's cards, and the order legs a
 * commuter benefits card paid, each oldest first, with net totals.
 */
export function createStatementService(options: { db: Executor; currency: () => string }) {
  const { db } = options;
  return {
    async statement(userId: string, from: string, to: string, locale = "en"): Promise<Statement> {
      const starts = dayStart(from);
      const ends = dayStart(to, 1);
      const inRange = and(
        eq(orders.userId, userId),
        gte(orders.createdAt, starts),
        lt(orders.createdAt, ends),
      );

      const orderRows = await db
        .select({
          order: orders,
          card: { nickname: fareMedia.nickname, printed: fareMedia.printedCardNumber },
        })
        .from(orders)
        .leftJoin(fareMedia, eq(fareMedia.id, orders.fareMediumId))
        .where(inRange)
        .orderBy(asc(orders.createdAt), asc(orders.number));
      const purchaseIds = orderRows.filter((row) => row.order.kind !== "load").map((row) => row.order.id);
      const items =
        purchaseIds.length === 0
          ? []
          : await db
              .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
              .from(orderItems)
              .where(inArray(orderItems.orderId, purchaseIds))
              .orderBy(asc(orderItems.orderId), asc(orderItems.line));
      const describe = (orderId: string) =>
        items
          .filter((item) => item.orderId === orderId)
          .map((item) => (item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name))
          .join(", ");

      const purchases: StatementPurchase[] = [];
      const loads: StatementLoad[] = [];
      for (const { order, card } of orderRows) {
        const common = {
          at: order.createdAt.toISOString(),
          order_number: order.number,
          amount: Number(order.total),
          refunded: Number(order.refunded),
        };
        if (order.kind === "load") {
          loads.push({
            ...common,
            card: card ? { nickname: card.nickname, last4: last4(card.printed) } : null,
          });
        } else {
          purchases.push({ ...common, description: describe(order.id) });
        }
      }

      const tapRows = await db
        .select({ tap: taps, route: transitRoutes, card: fareMedia })
        .from(taps)
        .innerJoin(fareMedia, eq(fareMedia.id, taps.fareMediumId))
        .innerJoin(transitRoutes, eq(transitRoutes.code, taps.routeCode))
        .where(
          and(
            eq(taps.userId, userId),
            isNotNull(taps.fareMediumId),
            gte(taps.tappedAt, starts),
            lt(taps.tappedAt, ends),
          ),
        )
        .orderBy(asc(taps.tappedAt), asc(taps.id));
      const trips: StatementTrip[] = tapRows.map(({ tap, route, card }) => ({
        at: tap.tappedAt.toISOString(),
        card: { nickname: card.nickname, last4: last4(card.printedCardNumber) },
        route: `${route.code} ${routeName(route, locale)}`,
        stop: tap.stop,
        paid_by: tap.passId ? "pass" : tap.capped ? "cap" : "stored_value",
        charged: Number(tap.charged),
      }));

      const benefitRows = await db
        .select({ order: orders, leg: orderPayments, method: paymentMethods })
        .from(orderPayments)
        .innerJoin(orders, eq(orders.id, orderPayments.orderId))
        .innerJoin(paymentMethods, eq(paymentMethods.id, orderPayments.paymentMethodId))
        .where(and(inRange, eq(paymentMethods.commuterBenefits, true), ne(orderPayments.kind, "wallet")))
        .orderBy(asc(orders.createdAt), asc(orders.number), asc(orderPayments.leg));
      const commuterBenefits: StatementBenefit[] = benefitRows.map(({ order, leg, method }) => ({
        at: order.createdAt.toISOString(),
        order_number: order.number,
        payment: paymentMethodLabel(method),
        amount: Number(leg.amount),
        refunded: Number(leg.refunded),
      }));

      const net = (rows: Array<{ amount: number; refunded: number }>) =>
        rows.reduce((sum, row) => sum + row.amount - row.refunded, 0);
      return {
        from,
        to,
        time_zone: agencyTimeZone,
        currency: options.currency(),
        purchases,
        loads,
        trips,
        commuter_benefits: commuterBenefits,
        totals: {
          purchases: net(purchases),
          loads: net(loads),
          trips: trips.reduce((sum, trip) => sum + trip.charged, 0),
          commuter_benefits: net(commuterBenefits),
        },
      };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
