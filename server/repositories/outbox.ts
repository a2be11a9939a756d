import { and, asc, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { type outboxChannels, outboxMessages, type outboxStatuses } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type OutboxChannel = (typeof outboxChannels)[number];
export type OutboxStatus = (typeof outboxStatuses)[number];
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Which rows an attempt may take: in one of `statuses`, tried fewer than `maxAttempts` times, due at `now`. */
export interface Retry {
  statuses: OutboxStatus[];
  maxAttempts: number;
  now: Date;
}

/** The conditions of a row open to an attempt under `retry` (no other server leased it meanwhile). */
const openTo = (retry: Retry) => [
  inArray(outboxMessages.status, retry.statuses),
  lt(outboxMessages.attempts, retry.maxAttempts),
  lte(outboxMessages.nextAttemptAt, retry.now),
];

/**
 * The outbox's messages (`outbox_messages`, server/gateways/outbox.ts): written in the transaction of
 * the change they report, then claimed for delivery by moving `next_attempt_at` ahead as a lease in the
 * same statement that checks the row is still due, so two servers on one database never both deliver it.
 */
export function createOutboxRepository(db: Executor) {
  return {
    /**
     * Claims row `id` if it is still open to `retry`: counts the attempt and leases the row until
     * `leaseUntil`, in one statement. Null when the row was not open (delivered, given up, or leased).
     */
    async claim(id: number, retry: Retry, leaseUntil: Date): Promise<OutboxRow | null> {
      const [row] = await db
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(and(eq(outboxMessages.id, id), ...openTo(retry)))
        .returning();
      return row ?? null;
    },

    /** Records a refused attempt: failed with `reason`, tried again from `nextAttemptAt`. */
    async recordFailure(id: number, reason: string, nextAttemptAt: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ status: "failed", lastError: reason, nextAttemptAt })
        .where(eq(outboxMessages.id, id));
    },

    /** Records a delivery at `deliveredAt`, the body replaced by `body`. */
    async recordDelivery(id: number, body: string, deliveredAt: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ status: "sent", body, lastError: null, deliveredAt })
        .where(eq(outboxMessages.id, id));
    },

    /**
     * The ids of up to `limit` rows open to `retry` and carried by one of `carriers` (a channel and
     * the provider that wrote it), soonest due first; none when there are no carriers.
     */
    async dueIds(
      retry: Retry,
      carriers: ReadonlyArray<{ channel: OutboxChannel; provider: string }>,
      limit: number,
    ): Promise<number[]> {
      const carried = or(
        ...carriers.map(({ channel, provider }) =>
          and(eq(outboxMessages.channel, channel), eq(outboxMessages.provider, provider)),
        ),
      );
      if (!carried) return [];
      const due = await db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(...openTo(retry), carried))
        .orderBy(asc(outboxMessages.nextAttemptAt))
        .limit(limit);
      return due.map(({ id }) => id);
    },

    /** Writes a message and reads it back. */
    async add(values: {
      channel: OutboxChannel;
      recipient: string;
      subject: string | null;
      body: string;
      provider: string;
      status: OutboxStatus;
      deliveredAt: Date | null;
      nextAttemptAt: Date;
    }): Promise<OutboxRow> {
      const [row] = await db.insert(outboxMessages).values(values).returning();
      if (!row) throw new Error("outbox insert returned nothing");
      return row;
    },

    /** Runs the insert a message costs and writes nothing (`where false`), with `provider` as its provider. */
    async addNothing(provider: string): Promise<void> {
      await db.execute(sql`
        insert into ${outboxMessages} (channel, recipient, subject, body, provider)
        select 'email', '', null, '', ${provider} where false`);
    },

    /** The newest `limit` messages, newest first. */
    async latest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
    },
  };
}
