import type { DestinationCard, Destinations } from "../../src/domain/checkout/quote.ts";
import { canBuyFor } from "../../src/domain/fare-media.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { Database } from "../db/client.ts";
import { createFareMediaRepository, type FareMediumRow } from "../repositories/fare-media.ts";
import { maskedCardNumber } from "../repositories/orders.ts";

/** What decides where a line can go: its kind and the rider types it may be used by (empty: any). */
export interface DestinationLine {
  subType: string;
  riderTypes: readonly string[];
}

/** A digital pass or stored value: it goes on a fare card, or (passes only) in the account. */
const needsDestination = (line: Pick<DestinationLine, "subType">) =>
  line.subType === "DIGITAL_PASS" || line.subType === "STORED_VALUE";

/** Every line may go on `card`: the card can be bought for, and each line's rider types include its. */
function cardTakes(
  card: Pick<FareMediumRow, "status" | "type" | "riderType">,
  lines: readonly DestinationLine[],
) {
  return (
    canBuyFor(card) &&
    lines.every((line) => line.riderTypes.length === 0 || line.riderTypes.includes(card.riderType))
  );
}

/**
 * "Keep it in my account" for these lines: only passes (stored value needs a card; an auto-renewed
 * pass renews on a card), only for a rider, only where the deployment's `passesInAccount` allows.
 */
export function accountTakes(
  config: Pick<PortalConfig, "passesInAccount">,
  rider: boolean,
  lines: readonly DestinationLine[],
  autoRenew: boolean,
) {
  return (
    config.passesInAccount &&
    rider &&
    !autoRenew &&
    lines.some((line) => line.subType === "DIGITAL_PASS") &&
    lines.every((line) => line.subType !== "STORED_VALUE")
  );
}

/**
 * Where a quote's passes and stored value may go (issue 34; src/domain/checkout/quote.ts's
 * `Destinations`), from the quote's own catalogue rows: a rider's live cards that can be bought for,
 * each marked eligible when every line may go on it, or a guest's one card (from its card token); null
 * when no line needs a place.
 */
export function createPassDestinationService(options: { db: Database; config: () => PortalConfig }) {
  const cards = createFareMediaRepository(options.db);

  const shown = (row: FareMediumRow, lines: readonly DestinationLine[]): DestinationCard => ({
    id: row.id,
    nickname: row.nickname,
    card_number: maskedCardNumber(row.printedCardNumber),
    eligible: cardTakes(row, lines),
  });

  return {
    async forRider(userId: string, lines: readonly DestinationLine[]): Promise<Destinations | null> {
      if (!lines.some(needsDestination)) return null;
      const rows = (await cards.listForUser(userId)).filter((row) => canBuyFor(row));
      return {
        cards: rows.map((row) => shown(row, lines)),
        account: accountTakes(options.config(), true, lines, false),
      };
    },

    /** A guest's: the card of their token (none when it has expired). */
    async forGuest(cardId: string | null, lines: readonly DestinationLine[]): Promise<Destinations | null> {
      if (!lines.some(needsDestination)) return null;
      const row = cardId ? await cards.find(cardId) : null;
      return { cards: row && canBuyFor(row) ? [shown(row, lines)] : [], account: false };
    },
  };
}

export type PassDestinationService = ReturnType<typeof createPassDestinationService>;
