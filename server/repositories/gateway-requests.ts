import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { type gatewayOperations, paymentGatewayRequests } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type GatewayOperation = (typeof gatewayOperations)[number];

/** A row of `payment_gateway_requests` as the charges read it back. */
export interface StoredGatewayRequest {
  operation: GatewayOperation;
  requestHash: string;
  /** The answer given; null while the operation that claimed the key has not answered yet. */
  result: unknown;
}

export type Claim = { claimed: true } | { claimed: false; stored: StoredGatewayRequest };

/**
 * The request's fingerprint: a SHA-256 (hex) of the operation and its fields as a JSON array in a fixed
 * order, so the same request always hashes the same and no two requests share a text.
 */
export function requestHash(operation: GatewayOperation, fields: readonly unknown[]): string {
  return createHash("sha256")
    .update(JSON.stringify([operation, ...fields]))
    .digest("hex");
}

/**
 * One row per (gateway, idempotency key). `claim` and `complete` belong in the transaction that does
 * the operation's work: the claim's primary key makes a concurrent caller with the same key wait until
 * that transaction ends, then find the committed row (or, when it rolled back, claim the key itself),
 * so a key is acted on at most once and its answer is stored with the work it describes.
 */
export function createGatewayRequestRepository(db: Executor) {
  const byKey = (gateway: string, idempotencyKey: string) =>
    and(
      eq(paymentGatewayRequests.gateway, gateway),
      eq(paymentGatewayRequests.idempotencyKey, idempotencyKey),
    );

  return {
    with(tx: Executor) {
      return createGatewayRequestRepository(tx);
    },

    /**
     * Claims the key for this request, or answers the row already holding it. Under PostgreSQL's READ
     * COMMITTED the insert waits for another open transaction's claim of the same key; the select that
     * follows a lost claim is a new statement, so it sees that transaction's committed row.
     */
    async claim(request: {
      gateway: string;
      idempotencyKey: string;
      operation: GatewayOperation;
      requestHash: string;
      at: Date;
    }): Promise<Claim> {
      const inserted = await db
        .insert(paymentGatewayRequests)
        .values({
          gateway: request.gateway,
          idempotencyKey: request.idempotencyKey,
          operation: request.operation,
          requestHash: request.requestHash,
          createdAt: request.at,
        })
        .onConflictDoNothing()
        .returning({ key: paymentGatewayRequests.idempotencyKey });
      if (inserted.length > 0) return { claimed: true };
      const stored = await this.find(request.gateway, request.idempotencyKey);
      if (!stored) throw new Error("An idempotency key's row vanished between its claim and its read");
      return { claimed: false, stored };
    },

    /** Stores the answer of a claimed key. */
    async complete(request: { gateway: string; idempotencyKey: string; result: unknown; at: Date }) {
      const updated = await db
        .update(paymentGatewayRequests)
        .set({ result: request.result, completedAt: request.at })
        .where(byKey(request.gateway, request.idempotencyKey))
        .returning({ key: paymentGatewayRequests.idempotencyKey });
      if (updated.length !== 1) throw new Error("Completed an idempotency key that was not claimed");
    },

    async find(gateway: string, idempotencyKey: string): Promise<StoredGatewayRequest | null> {
      const [row] = await db
        .select({
          operation: paymentGatewayRequests.operation,
          requestHash: paymentGatewayRequests.requestHash,
          result: paymentGatewayRequests.result,
        })
        .from(paymentGatewayRequests)
        .where(byKey(gateway, idempotencyKey));
      return row ?? null;
    },
  };
}
