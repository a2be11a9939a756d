import { randomUUID } from "node:crypto";
import { type ApiError, type Envelope, ErrorCode } from "../../src/domain/envelope.ts";
import { money } from "../../src/domain/money.ts";
import { cardMessages, type TransferReply, type TransferRequest } from "../../src/domain/transit/cards.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { Executor } from "../repositories/accounts.ts";
import { balanceOf, createCardActivityRepository } from "../repositories/card-activity.ts";
import { type CardTransferRow, createCardTransferRepository } from "../repositories/card-transfers.ts";
import { createFareMediaRepository, fareMediumOf } from "../repositories/fare-media.ts";
import type { LedgerService } from "./ledger.ts";
import { idempotencyKeyHash, orderRequestHash } from "./orders/idempotency.ts";
import { inTransaction, isUniqueViolation } from "./transaction.ts";

/** A reply as sent: status and JSON text. */
export interface TransferAnswer {
  status: number;
  body: string;
}

const cardNotFoundMessage = "Fare card not found.";
const targetUnavailableMessage = "This fare card cannot receive a transfer.";
const sourceUnavailableMessage = "This fare card cannot give its value away.";
const sameCardMessage = "Choose two different cards.";
const transferMismatchMessage = "This Idempotency-Key was used for another transfer.";

const answer = (status: number, data: unknown, errors: ApiError[] = []): TransferAnswer => ({
  status,
  body: JSON.stringify({ data, errors } satisfies Envelope<unknown>),
});
const refusal = (status: number, code: number, message: string, field?: string): TransferAnswer =>
  answer(status, null, [{ code, message, ...(field ? { field } : {}) }]);

/** A refusal met inside the transaction: it rolls back and answers this. */
class TransferRefusal extends Error {
  readonly answer: TransferAnswer;
  constructor(answer: TransferAnswer) {
    super("transfer refused");
    this.answer = answer;
  }
}

/** Called after a transfer commits with the card that gave value and when (threshold autoloads). */
export type AfterValueOut = (cardId: string, at: Date) => Promise<void>;

/**
 * Balance transfers between one rider's cards (issue 13; contract in src/domain/transit/cards.ts):
 * general funds only, both cards locked in id order in one transaction with the ledger group, the
 * transfer row (its Idempotency-Key's SHA-256 and the request's) and the two activity rows. The same
 * key and body answer the first transfer again; the key with another body is refused.
 */
export function createCardTransferService(options: {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  currency: () => string;
  afterValueOut?: () => AfterValueOut | null;
}) {
  const { db, clock, ledger } = options;

  async function replyOf(tx: Executor, row: CardTransferRow): Promise<TransferAnswer> {
    const cards = await createFareMediaRepository(tx).byIds([row.fromFareMediumId, row.toFareMediumId]);
    const shown = async (id: string) => {
      const card = cards.find((candidate) => candidate.id === id);
      if (!card) throw new Error(`Card ${id} of transfer ${row.id} is gone`);
      const balance = await balanceOf(tx, id, row.currency);
      return fareMediumOf(card, balance);
    };
    const data: TransferReply = {
      transfer: {
        id: row.id,
        from: row.fromFareMediumId,
        to: row.toFareMediumId,
        amount: Number(row.amount),
        currency: row.currency,
        created_at: row.createdAt.toISOString(),
      },
      from: await shown(row.fromFareMediumId),
      to: await shown(row.toFareMediumId),
    };
    return answer(201, data);
  }

  async function existing(tx: Executor, userId: string, keyHash: string, requestHash: string) {
    const row = await createCardTransferRepository(tx).byKey(userId, keyHash);
    if (!row) return null;
    if (row.requestHash !== requestHash) {
      return refusal(422, ErrorCode.idempotencyMismatch, transferMismatchMessage, "Idempotency-Key");
    }
    return replyOf(tx, row);
  }

  return {
    async transfer(input: {
      userId: string;
      idempotencyKey: string;
      request: TransferRequest;
    }): Promise<TransferAnswer> {
      const { userId, request } = input;
      const keyHash = idempotencyKeyHash(input.idempotencyKey);
      const requestHash = orderRequestHash(request);
      const cur = options.currency();
      const before = await existing(db, userId, keyHash, requestHash);
      if (before) return before;
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        return refusal(422, ErrorCode.amountInvalid, cardMessages.amountInvalid, "amount");
      }
      const now = clock.now();
      const run = () =>
        inTransaction(db, async ({ tx }) => {
          const cards = createFareMediaRepository(tx);
          const liveIds = await cards.liveIdsForUser(userId);
          const fromId = request.from.toLowerCase();
          const toId = request.to.toLowerCase();
          if (liveIds.size < 2) {
            throw new TransferRefusal(refusal(422, ErrorCode.onlyOneCard, cardMessages.onlyOneCard));
          }
          if (!liveIds.has(fromId) || !liveIds.has(toId)) {
            throw new TransferRefusal(refusal(404, ErrorCode.notFound, cardNotFoundMessage));
          }
          if (fromId === toId) {
            throw new TransferRefusal(refusal(400, ErrorCode.validation, sameCardMessage, "to"));
          }
          // Both cards, in id order: two transfers between the same cards wait on each other, never deadlock.
          const locked = await cards.lockInIdOrder([fromId, toId]);
          // The same key may have been used while this one waited on the cards.
          const raced = await existing(tx, userId, keyHash, requestHash);
          if (raced) throw new TransferRefusal(raced);
          const from = locked.find((card) => card.id === fromId);
          const to = locked.find((card) => card.id === toId);
          if (
            !from ||
            !to ||
            from.userId !== userId ||
            to.userId !== userId ||
            from.removedAt ||
            to.removedAt
          ) {
            throw new TransferRefusal(refusal(404, ErrorCode.notFound, cardNotFoundMessage));
          }
          if (to.status !== "ACTIVE") {
            throw new TransferRefusal(
              refusal(422, ErrorCode.fareCardUnavailable, targetUnavailableMessage, "to"),
            );
          }
          if (from.status !== "ACTIVE" && from.status !== "BLOCKED") {
            throw new TransferRefusal(
              refusal(422, ErrorCode.fareCardUnavailable, sourceUnavailableMessage, "from"),
            );
          }
          const fromBalance = await balanceOf(tx, from.id, cur);
          // Only settled value moves: a load still pending is not the card's to give yet (issue 33).
          if (request.amount > Math.max(0, fromBalance.general - fromBalance.pending)) {
            throw new TransferRefusal(
              refusal(422, ErrorCode.transferAmountExceeded, cardMessages.transferAmountExceeded, "amount"),
            );
          }
          const id = randomUUID();
          const entryGroup = await ledger.post(tx, {
            reference: `transfer:${id}`,
            entries: [
              { account: ledgerAccounts.fareCard(from.id, "general"), amount: money(-request.amount, cur) },
              { account: ledgerAccounts.fareCard(to.id, "general"), amount: money(request.amount, cur) },
            ],
          });
          const row = await createCardTransferRepository(tx).add({
            id,
            userId,
            fromFareMediumId: from.id,
            toFareMediumId: to.id,
            amount: request.amount,
            currency: cur,
            keyHash,
            requestHash,
            entryGroup,
            createdAt: now,
          });
          const activity = createCardActivityRepository(tx);
          await activity.record({
            fareMediumId: from.id,
            kind: "transfer_out",
            occurredAt: now,
            currency: cur,
            detail: { card: to.nickname },
            amount: -request.amount,
            entryGroup,
          });
          await activity.record({
            fareMediumId: to.id,
            kind: "transfer_in",
            occurredAt: now,
            currency: cur,
            detail: { card: from.nickname },
            amount: request.amount,
            entryGroup,
          });
          return { reply: await replyOf(tx, row), gave: from.id };
        });
      let done: { reply: TransferAnswer; gave: string };
      try {
        done = await run();
      } catch (error) {
        if (error instanceof TransferRefusal) return error.answer;
        // Two first requests with one key: the loser's insert meets the winner's row.
        if (isUniqueViolation(error)) {
          const after = await existing(db, userId, keyHash, requestHash);
          if (after) return after;
        }
        throw error;
      }
      const after = options.afterValueOut?.();
      if (after) await after(done.gave, now).catch(() => undefined);
      return done.reply;
    },
  };
}

export type CardTransferService = ReturnType<typeof createCardTransferService>;
