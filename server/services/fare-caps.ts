import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import type { FareCapProgress } from "../../src/domain/transit/cards.ts";
import { fareCapRules, taps } from "../db/schema.ts";
import { agencyTimeZone, periodAround } from "../domain/agency-time.ts";
import type { Executor } from "../repositories/accounts.ts";

/** What fare caps need of a card. */
export interface CappedCard {
  id: string;
  organizationId: string;
  riderType: string;
}

/** A saved bank card tapped at readers: its taps count toward the adult caps like a fare card's. */
export interface CappedBankCard {
  paymentMethodId: string;
  organizationId: string;
  riderType: string;
}

/**
 * Fare caps (issue 13): a rule of the card's organisation and rider type caps its paid trips per
 * period (the agency's local day, ISO week from Monday, or month). A trip counts when its tap charged
 * the card (charged > 0): rides on a pass or already capped do not. Once `trips_counted >= trips` the
 * card is capped: its taps ride free until `period_ends_at`.
 */
export function createFareCapService(options: { timeZone?: string } = {}) {
  const timeZone = options.timeZone ?? agencyTimeZone;
  return {
    /** Every rule of the card's rider type with its progress in the period holding `now`. */
    async progress(
      tx: Executor,
      card: CappedCard | CappedBankCard,
      now: Date,
      locale = "en",
    ): Promise<FareCapProgress[]> {
      const payer =
        "id" in card ? eq(taps.fareMediumId, card.id) : eq(taps.paymentMethodId, card.paymentMethodId);
      const rules = await tx
        .select()
        .from(fareCapRules)
        .where(
          and(
            eq(fareCapRules.organizationId, card.organizationId),
            eq(fareCapRules.riderType, card.riderType),
          ),
        )
        .orderBy(asc(fareCapRules.trips), asc(fareCapRules.id));
      const found: FareCapProgress[] = [];
      for (const rule of rules) {
        const { starts, ends } = periodAround(now, rule.period, timeZone);
        const [row] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(taps)
          .where(and(payer, gt(taps.charged, 0), gte(taps.tappedAt, starts), lt(taps.tappedAt, ends)));
        const counted = Number(row?.count ?? 0);
        found.push({
          id: rule.id,
          name: rule.translations[locale]?.name ?? rule.name,
          period: rule.period,
          trips: rule.trips,
          trips_counted: counted,
          capped: counted >= rule.trips,
          period_ends_at: ends.toISOString(),
        });
      }
      return found;
    },
  };
}

export type FareCapService = ReturnType<typeof createFareCapService>;
