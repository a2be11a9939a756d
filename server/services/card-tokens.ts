import { createHash, randomBytes } from "node:crypto";
import { normaliseCardNumber } from "../../src/domain/transit/cards.ts";
import { type CardTokenReply, cardTokenMinutes } from "../../src/domain/transit/guest-card.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { decoyHash, verifySecret } from "../domain/password.ts";
import { createAttemptBudgetRepository } from "../repositories/attempt-budgets.ts";
import { createCardTokenRepository } from "../repositories/card-tokens.ts";
import { createFareMediaRepository, type FareMediumRow } from "../repositories/fare-media.ts";
import type { FareMediaService } from "./fare-media.ts";

/**
 * Guest token attempts in one window: per card number from one IP address (one guesser stops after a
 * few, and only they do: the card's owner, elsewhere, still gets in), per card number from everywhere
 * (a guess spread over many addresses still stops, well before a code could be found), and per address.
 */
export interface CardTokenBudget {
  perNumberAndAddress: number;
  perNumber: number;
  perAddress: number;
  windowMs: number;
}
const defaultCardTokenBudget: CardTokenBudget = {
  perNumberAndAddress: 5,
  perNumber: 30,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** What the row keeps of a token: its SHA-256, never the token. */
export const cardTokenHash = (token: string) => sha256(`card-token:${token}`);

export type CardTokenProblem =
  | { problem: "throttled"; retryAfterSeconds: number }
  | { problem: "cardNoMatch" };

/**
 * Guests' card tokens (spec section 6; src/domain/transit/guest-card.ts): a card's number and security
 * code give a token that reads that card only. Attempts are counted before anything is checked
 * (`CardTokenBudget`); a wrong pair checks one hash whether the number exists or not (a decoy
 * when it does not), so a wrong pair costs what a right one costs. Tokens are stored hashed and live
 * `cardTokenMinutes` from their last use.
 */
export function createCardTokenService(options: {
  db: Database;
  clock: Clock;
  fareMedia: () => FareMediaService;
  budget?: CardTokenBudget;
}) {
  const { db, clock } = options;
  const budget = options.budget ?? defaultCardTokenBudget;
  const lifetimeMs = cardTokenMinutes * 60_000;
  const tokens = createCardTokenRepository(db);
  let attempts = 0;

  return {
    budget,

    async issue(
      request: { card_number: string; security_code: string },
      address: string,
      locale: string,
    ): Promise<({ ok: true } & CardTokenReply) | ({ ok: false } & CardTokenProblem)> {
      const now = clock.now();
      const digits = normaliseCardNumber(request.card_number);
      const budgets = createAttemptBudgetRepository(db);
      // Spent windows would start over anyway: drop them now and then so the table stays small.
      if (++attempts % 100 === 0)
        await budgets.prune("cardtoken/", new Date(now.getTime() - budget.windowMs));
      const number = sha256(digits ?? request.card_number);
      const perAddress = await budgets.take(`cardtoken/address/${sha256(address)}`, now, budget.windowMs);
      const perNumberHere = await budgets.take(
        `cardtoken/number-address/${sha256(`${number}/${address}`)}`,
        now,
        budget.windowMs,
      );
      const perNumber = await budgets.take(`cardtoken/number/${number}`, now, budget.windowMs);
      if (
        perAddress > budget.perAddress ||
        perNumberHere > budget.perNumberAndAddress ||
        perNumber > budget.perNumber
      ) {
        return { ok: false, problem: "throttled", retryAfterSeconds: Math.ceil(budget.windowMs / 1000) };
      }
      const candidates = digits ? await createFareMediaRepository(db).findByDigits(digits) : [];
      const code = request.security_code.slice(0, 100);
      const matches: FareMediumRow[] = [];
      if (candidates.length === 0) await verifySecret(code, await decoyHash());
      for (const candidate of candidates) {
        if (await verifySecret(code, candidate.securityCodeHash)) matches.push(candidate);
      }
      const card = matches.length === 1 ? matches[0] : undefined;
      if (!card) return { ok: false, problem: "cardNoMatch" };
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + lifetimeMs);
      // Expired tokens go as new ones come: the table holds only live ones (and the last minutes').
      await tokens.add({ fareMediumId: card.id, tokenHash: cardTokenHash(token), expiresAt }, now);
      const fareMedium = await options.fareMedia().guestDetail(card.id, locale);
      if (!fareMedium) return { ok: false, problem: "cardNoMatch" };
      return { ok: true, card_token: token, expires_at: expiresAt.toISOString(), fare_medium: fareMedium };
    },

    /** The card a live token reads, its life extended; null for an unknown or expired token, or a removed card. */
    async resolve(token: string): Promise<{ tokenId: string; cardId: string } | null> {
      const now = clock.now();
      const row = await tokens.extend(cardTokenHash(token), now, new Date(now.getTime() + lifetimeMs));
      if (!row) return null;
      const card = await createFareMediaRepository(db).find(row.fareMediumId);
      return card ? { tokenId: row.id, cardId: card.id } : null;
    },

    /** The guest is done: the token dies. */
    async revoke(tokenId: string): Promise<void> {
      await tokens.remove(tokenId);
    },
  };
}

export type CardTokenService = ReturnType<typeof createCardTokenService>;
