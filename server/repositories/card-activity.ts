import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { ActivityKind, ActivityRow } from "../../src/domain/transit/cards.ts";
import { cardActivity } from "../db/schema.ts";
import { ledgerAccounts } from "../domain/ledger-accounts.ts";
import type { Executor } from "./accounts.ts";
import { encodeKeysetCursor, type KeysetCursor } from "./keyset-cursor.ts";
import { createLedgerRepository } from "./ledger.ts";

export type CardActivityRecord = typeof cardActivity.$inferSelect;

/** A card's figures at one moment, in minor units of one currency. */
export interface CardBalance {
  general: number;
  commuter: number;
  /** Loads paid through the gateway and not settled yet (included in `general`). */
  pending: number;
}

/**
 * A card's general funds and commuter benefits (its two ledger accounts) and what of them is still
 * pending (the pending load rows' amounts), read in the caller's transaction: lock the card first
 * when the figures decide what to post.
 */
export async function balanceOf(tx: Executor, cardId: string, currency: string): Promise<CardBalance> {
  const general = ledgerAccounts.fareCard(cardId, "general");
  const commuter = ledgerAccounts.fareCard(cardId, "commuter");
  const rows = await createLedgerRepository(tx).balances([general, commuter]);
  const of = (account: string) =>
    rows.find((row) => row.account === account && row.currency === currency)?.amount ?? 0;
  const [pending] = await tx
    .select({ amount: sql<string>`coalesce(sum(${cardActivity.amount}), 0)` })
    .from(cardActivity)
    .where(
      and(
        eq(cardActivity.fareMediumId, cardId),
        eq(cardActivity.pending, true),
        eq(cardActivity.currency, currency),
      ),
    );
  return { general: of(general), commuter: of(commuter), pending: Number(pending?.amount ?? 0) };
}

/** One activity row to write. */
export interface NewCardActivity {
  fareMediumId: string;
  kind: ActivityKind;
  occurredAt: Date;
  currency: string;
  detail?: Record<string, string | number | null>;
  /** Signed minor units the stored value gained or lost; null (or left out) when no money moved. */
  amount?: number | null;
  /**
   * The stored value right after. Left out with an amount: read from the ledger in the caller's
   * transaction (post the group first). Ignored (null) when no money moved.
   */
  balanceAfter?: number | null;
  entryGroup?: string | null;
  tapId?: string | null;
  orderId?: string | null;
  /** A load paid through the gateway and not settled yet. */
  pending?: boolean;
}

/** The wire form of one row (src/domain/transit/cards.ts ActivityRow). */
function activityRowOf(row: CardActivityRecord): ActivityRow {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    kind: row.kind,
    detail: row.detail,
    amount: row.amount === null ? null : Number(row.amount),
    balance_after: row.balanceAfter === null ? null : Number(row.balanceAfter),
    currency: row.currency,
    pending: row.pending,
  };
}

/**
 * Fare cards' activity rows: the one way any service writes them (inside its own transaction, with
 * the ledger group that moved the money) and reads them (keyset pages, newest first).
 */
export function createCardActivityRepository(db: Executor) {
  return {
    with(tx: Executor) {
      return createCardActivityRepository(tx);
    },

    /** Writes one row; its id. */
    async record(input: NewCardActivity): Promise<string> {
      const id = randomUUID();
      const amount = input.amount ?? null;
      let balanceAfter: number | null = null;
      if (amount !== null) {
        if (input.balanceAfter !== undefined && input.balanceAfter !== null)
          balanceAfter = input.balanceAfter;
        else {
          const balance = await balanceOf(db, input.fareMediumId, input.currency);
          balanceAfter = balance.general + balance.commuter;
        }
      }
      await db.insert(cardActivity).values({
        id,
        fareMediumId: input.fareMediumId,
        occurredAt: input.occurredAt,
        kind: input.kind,
        detail: input.detail ?? {},
        amount,
        balanceAfter,
        currency: input.currency,
        entryGroup: input.entryGroup ?? null,
        tapId: input.tapId ?? null,
        orderId: input.orderId ?? null,
        pending: input.pending ?? false,
      });
      return id;
    },

    /** Marks pending rows settled (a load's gateway settlement); how many changed. */
    async settle(ids: readonly string[], settledAt: Date): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(cardActivity)
        .set({ pending: false, settledAt })
        .where(and(inArray(cardActivity.id, [...ids]), eq(cardActivity.pending, true)))
        .returning({ id: cardActivity.id });
      return rows.length;
    },

    /** Marks every pending row that occurred at or before `before` settled at `settledAt`; how many. */
    async settleOlder(before: Date, settledAt: Date): Promise<number> {
      const rows = await db
        .update(cardActivity)
        .set({ pending: false, settledAt })
        .where(and(eq(cardActivity.pending, true), lte(cardActivity.occurredAt, before)))
        .returning({ id: cardActivity.id });
      return rows.length;
    },

    /** Every pending row of one order (a load's), to settle them. */
    async pendingForOrder(orderId: string): Promise<CardActivityRecord[]> {
      return db
        .select()
        .from(cardActivity)
        .where(and(eq(cardActivity.orderId, orderId), eq(cardActivity.pending, true)));
    },

    /** When value last left the card (a tap, a transfer out or a purchase took from it), if it ever did. */
    async lastValueOutAt(fareMediumId: string): Promise<Date | null> {
      const [last] = await db
        .select({ at: cardActivity.occurredAt })
        .from(cardActivity)
        .where(
          and(
            eq(cardActivity.fareMediumId, fareMediumId),
            lt(cardActivity.amount, 0),
            inArray(cardActivity.kind, ["tap", "transfer_out", "purchase"]),
          ),
        )
        .orderBy(desc(cardActivity.occurredAt))
        .limit(1);
      return last?.at ?? null;
    },

    /** A page of one card's rows, newest first, after `cursor`; asks `limit + 1` to tell a next page. */
    async page(
      fareMediumId: string,
      limit: number,
      cursor: KeysetCursor | null,
    ): Promise<CardActivityRecord[]> {
      const after = cursor
        ? or(
            lt(cardActivity.occurredAt, cursor.at),
            and(eq(cardActivity.occurredAt, cursor.at), lt(cardActivity.id, cursor.id)),
          )
        : undefined;
      return db
        .select()
        .from(cardActivity)
        .where(and(eq(cardActivity.fareMediumId, fareMediumId), after))
        .orderBy(desc(cardActivity.occurredAt), desc(cardActivity.id))
        .limit(limit + 1);
    },
  };
}

/** One page as the API answers it: at most `limit` rows and the cursor of the next page, if any. */
export async function activityPage(
  db: Executor,
  fareMediumId: string,
  limit: number,
  cursor: KeysetCursor | null,
): Promise<{ activity: ActivityRow[]; next: string | null }> {
  const rows = await createCardActivityRepository(db).page(fareMediumId, limit, cursor);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    activity: shown.map(activityRowOf),
    next: rows.length > limit && last ? encodeKeysetCursor({ at: last.occurredAt, id: last.id }) : null,
  };
}
