import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Trip, TripPage } from "../../src/domain/transit/trips.ts";
import { cardActivity, fareCapRules, passes, taps, transitRoutes } from "../db/schema.ts";
import { agencyTimeZone } from "../domain/agency-time.ts";
import type { Executor } from "../repositories/accounts.ts";
import { createFareMediaRepository } from "../repositories/fare-media.ts";
import { encodeKeysetCursor, type KeysetCursor } from "../repositories/keyset-cursor.ts";
import { routeName } from "./taps.ts";

const tripColumns = {
  tap: taps,
  route: transitRoutes,
  pass: { id: passes.id, name: passes.name },
  cap: fareCapRules,
  balanceAfter: cardActivity.balanceAfter,
};

type TripRecord = {
  tap: typeof taps.$inferSelect;
  route: typeof transitRoutes.$inferSelect;
  pass: { id: string; name: string } | null;
  cap: typeof fareCapRules.$inferSelect | null;
  balanceAfter: number | null;
};

/** A tap row as the rider reads it, in the request's language. */
function tripOf(row: TripRecord, locale: string): Trip {
  const { tap, route, pass, cap } = row;
  const language = locale.split("-")[0] ?? "en";
  return {
    id: tap.id,
    tapped_at: tap.tappedAt.toISOString(),
    time_zone: agencyTimeZone,
    route: { code: route.code, name: routeName(route, locale), mode: route.mode },
    stop: tap.stop,
    fare: Number(tap.fare),
    charged: Number(tap.charged),
    currency: tap.currency,
    paid_by: tap.passId ? "pass" : tap.capped ? "cap" : "stored_value",
    pass: tap.passId && pass ? { id: pass.id, name: pass.name } : null,
    cap:
      tap.capped && cap
        ? {
            name: cap.translations[language]?.name ?? cap.name,
            period: cap.period,
            trips: cap.trips,
          }
        : null,
    balance_after: row.balanceAfter === null ? null : Number(row.balanceAfter),
  };
}

/**
 * A fare card's trips (src/domain/transit/trips.ts): its taps with their route, the pass or cap that
 * paid them and the stored value after, newest first by time and id. Only the rider's own cards.
 */
export function createTripService(options: { db: Executor }) {
  const { db } = options;
  const select = () =>
    db
      .select(tripColumns)
      .from(taps)
      .innerJoin(transitRoutes, eq(transitRoutes.code, taps.routeCode))
      .leftJoin(passes, eq(passes.id, taps.passId))
      .leftJoin(fareCapRules, eq(fareCapRules.id, taps.capRuleId))
      .leftJoin(
        cardActivity,
        and(eq(cardActivity.tapId, taps.id), eq(cardActivity.fareMediumId, taps.fareMediumId)),
      );
  const owned = async (userId: string, cardId: string) =>
    (await createFareMediaRepository(db).findForUser(userId, cardId)) !== null;

  return {
    /** A page of the card's trips; null when the card is not the rider's. */
    async page(
      userId: string,
      cardId: string,
      limit: number,
      after: KeysetCursor | null,
      locale = "en",
    ): Promise<TripPage | null> {
      if (!(await owned(userId, cardId))) return null;
      const position = after
        ? or(lt(taps.tappedAt, after.at), and(eq(taps.tappedAt, after.at), lt(taps.id, after.id)))
        : undefined;
      const rows = await select()
        .where(and(eq(taps.fareMediumId, cardId), position))
        .orderBy(desc(taps.tappedAt), desc(taps.id))
        .limit(limit + 1);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        trips: shown.map((row) => tripOf(row, locale)),
        next:
          rows.length > limit && last ? encodeKeysetCursor({ at: last.tap.tappedAt, id: last.tap.id }) : null,
      };
    },

    /** One trip of the card; null when the card is not the rider's or the trip not the card's. */
    async detail(userId: string, cardId: string, tripId: string, locale = "en"): Promise<Trip | null> {
      if (!(await owned(userId, cardId))) return null;
      const [row] = await select().where(and(eq(taps.fareMediumId, cardId), eq(taps.id, tripId)));
      return row ? tripOf(row, locale) : null;
    },
  };
}

export type TripService = ReturnType<typeof createTripService>;
