import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { money } from "../../src/domain/money.ts";
import { autoloads, fareMedia, passes, subscriptions } from "../db/schema.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { Executor } from "../repositories/accounts.ts";
import { balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import { createFareMediaRepository, type FareMediumRow } from "../repositories/fare-media.ts";
import type { LedgerService } from "./ledger.ts";

/**
 * Why a card cannot be replaced now: INVALID or SUSPENDED (the agency's states) or blocked by the
 * agency, not the rider's to replace; or a load paid through the gateway has not settled, so its value
 * is not the card's to move yet.
 */
export type ReplacementProblem = "fareCardUnavailable" | "loadPending";

export interface ReplacementDeps {
  ledger: LedgerService;
  currency: string;
  now: Date;
  /** A card number no card has, spaced as printed ("6000 1234 5678 9012"). */
  freshNumber: (tx: Executor) => Promise<string>;
  /**
   * A security code's hash for the new card (a digital card's code is never shown), asked for only
   * when a card is issued: a repeated or refused report hashes nothing.
   */
  securityCodeHash: () => Promise<string>;
}

const lastFour = (number: string) => number.replace(/\D/g, "").slice(-4);

/**
 * Reports `card` lost or stolen and issues its digital replacement (issue 35), in the caller's
 * transaction with `card` locked: the card is blocked at once (taps are refused from then on), a new
 * digital card is issued to the rider, and the general funds and commuter benefits (kept apart), the
 * usable passes, the live autoload and the active auto-renewals move to it through one ledger group.
 * The old card stays blocked, `replaced_by` the new one. A card already replaced answers its
 * replacement again: one loss, one replacement, however many times it is reported.
 */
export async function replaceCard(
  tx: Executor,
  deps: ReplacementDeps,
  card: FareMediumRow,
): Promise<{ ok: true; replacement: FareMediumRow } | { ok: false; problem: ReplacementProblem }> {
  const cards = createFareMediaRepository(tx);
  if (card.replacedBy) {
    const [replacement] = await cards.byIds([card.replacedBy]);
    if (!replacement) throw new Error(`Card ${card.id} is replaced by a card that is gone`);
    return { ok: true, replacement };
  }
  const blockedByRider = card.status === "BLOCKED" && card.blockedAt !== null;
  if (card.status !== "ACTIVE" && !blockedByRider) return { ok: false, problem: "fareCardUnavailable" };
  if (!card.userId) return { ok: false, problem: "fareCardUnavailable" };
  const { currency, now } = deps;
  const balance = await balanceOf(tx, card.id, currency);
  if (balance.pending > 0) return { ok: false, problem: "loadPending" };

  const id = randomUUID();
  const number = await deps.freshNumber(tx);
  await cards.add({
    id,
    userId: card.userId,
    organizationId: card.organizationId,
    nickname: card.nickname,
    printedCardNumber: number,
    securityCodeHash: await deps.securityCodeHash(),
    expiresOn: `${now.getUTCFullYear() + 4}-12-31`,
    category: card.category,
    type: "VIRTUAL",
    status: "ACTIVE",
    riderType: card.riderType,
    linkedAt: now,
  });
  await tx
    .update(fareMedia)
    .set({ status: "BLOCKED", blockedAt: card.blockedAt ?? now, replacedBy: id })
    .where(eq(fareMedia.id, card.id));

  const moves = [
    { purse: "general" as const, amount: balance.general },
    { purse: "commuter" as const, amount: balance.commuter },
  ].filter((move) => move.amount > 0);
  const entryGroup =
    moves.length > 0
      ? await deps.ledger.post(tx, {
          reference: `replacement:${card.id}`,
          entries: moves.flatMap(({ purse, amount }) => [
            { account: ledgerAccounts.fareCard(card.id, purse), amount: money(-amount, currency) },
            { account: ledgerAccounts.fareCard(id, purse), amount: money(amount, currency) },
          ]),
        })
      : null;
  await tx
    .update(passes)
    .set({ fareMediumId: id })
    .where(and(eq(passes.fareMediumId, card.id), inArray(passes.status, ["available", "active"])));
  await tx
    .update(autoloads)
    .set({ fareMediumId: id, updatedAt: now })
    .where(and(eq(autoloads.fareMediumId, card.id), isNull(autoloads.removedAt)));
  await tx
    .update(subscriptions)
    .set({ fareMediumId: id })
    .where(and(eq(subscriptions.fareMediumId, card.id), eq(subscriptions.status, "active")));

  const moved = moves.reduce((sum, move) => sum + move.amount, 0);
  const activity = createCardActivityRepository(tx);
  await activity.record({
    fareMediumId: card.id,
    kind: "replaced",
    occurredAt: now,
    currency,
    detail: { card: lastFour(number) },
    ...(entryGroup ? { amount: -moved, entryGroup } : {}),
  });
  await activity.record({
    fareMediumId: id,
    kind: "replacement",
    occurredAt: now,
    currency,
    detail: { card: lastFour(card.printedCardNumber) },
    ...(entryGroup ? { amount: moved, entryGroup } : {}),
  });
  const [replacement] = await cards.byIds([id]);
  if (!replacement) throw new Error("the replacement card was not written");
  return { ok: true, replacement };
}
