import { eq } from "drizzle-orm";
import { sandboxCharges } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

/**
 * The sandbox gateway's own books (`sandbox_charges`, server/gateways/payments/sandbox-charges.ts): one
 * row per authorization with what was captured and refunded of it. Every call belongs in the
 * transaction that claims the request's idempotency key, so the books move with the stored answer.
 */
export function createSandboxChargeRepository(db: Executor) {
  return {
    /** The charge with this id, locked (`for no key update`) until the caller's transaction ends. */
    async lock(id: string): Promise<SandboxChargeRow | null> {
      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, id))
        .for("no key update");
      return charge ?? null;
    },

    /** Writes a new authorization. */
    async add(charge: {
      id: string;
      customerId: string;
      methodId: string;
      amount: number;
      currency: string;
      reference: string;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(sandboxCharges).values(charge);
    },

    /** Marks the charge captured for `amount` at `at`. */
    async capture(id: string, amount: number, at: Date): Promise<void> {
      await db
        .update(sandboxCharges)
        .set({ status: "captured", captured: amount, capturedAt: at })
        .where(eq(sandboxCharges.id, id));
    },

    /** Marks the charge voided, nothing of it captured. */
    async void(id: string): Promise<void> {
      await db.update(sandboxCharges).set({ status: "voided", captured: 0 }).where(eq(sandboxCharges.id, id));
    },

    /** Sets what was refunded of the charge in all (the caller adds the refund to what it read). */
    async setRefunded(id: string, refunded: number): Promise<void> {
      await db.update(sandboxCharges).set({ refunded }).where(eq(sandboxCharges.id, id));
    },
  };
}

export type SandboxChargeRepository = ReturnType<typeof createSandboxChargeRepository>;
