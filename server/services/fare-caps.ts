import type { FareCapProgress } from "../../src/domain/transit/cards.ts";
import { agencyTimeZone, periodAround } from "../domain/agency-time.ts";
import type { Executor } from "../repositories/accounts.ts";
import { createFareCapRepository } from "../repositories/fare-caps.ts";
import { createTapRepository } from "../repositories/taps.ts";

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
      const payer = "id" in card ? { fareMediumId: card.id } : { paymentMethodId: card.paymentMethodId };
      const tapRepository = createTapRepository(tx);
      const rules = await createFareCapRepository(tx).rules(card.organizationId, card.riderType);
      const found: FareCapProgress[] = [];
      for (const rule of rules) {
        const { starts, ends } = periodAround(now, rule.period, timeZone);
        const counted = await tapRepository.chargedCount(payer, starts, ends);
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
