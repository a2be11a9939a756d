import { desc } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { type outboxChannels, outboxMessages } from "../db/schema.ts";

export type OutboxChannel = (typeof outboxChannels)[number];

export interface OutgoingMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  body: string;
}

export interface StoredMessage extends OutgoingMessage {
  id: number;
  provider: string;
  createdAt: string;
}

/**
 * Every email and text message leaves through here. With no provider configured (the only mode this
 * deployment ships), the sandbox provider keeps the message for the dev mailbox.
 */
export interface Outbox {
  send(message: OutgoingMessage): Promise<StoredMessage>;
  list(limit?: number): Promise<StoredMessage[]>;
}

export function createSandboxOutbox(db: Database): Outbox {
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ ...message, subject: message.subject ?? null, provider: "sandbox" })
        .returning();
      if (!row) throw new Error("outbox insert returned nothing");
      return toStored(row);
    },
    async list(limit = 100) {
      const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
      return rows.map(toStored);
    },
  };
}

function toStored(row: typeof outboxMessages.$inferSelect): StoredMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    ...(row.subject === null ? {} : { subject: row.subject }),
    body: row.body,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
  };
}
