import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { mfaCodes, type mfaPurposes } from "../db/schema.ts";
import type { Executor } from "./accounts.ts";

export type MfaPurpose = (typeof mfaPurposes)[number];

/** A code lives 10 minutes, allows 5 wrong tries, and a new one may be sent every 30 seconds. */
const mfaCodeLifetimeMs = 10 * 60 * 1000;
const mfaMaxAttempts = 5;
export const mfaResendAfterMs = 30 * 1000;

export type CodeCheck = "ok" | "wrong" | "exhausted" | "none";

const digest = (salt: string, code: string) => createHash("sha256").update(salt).update(code).digest();

/** Six digits, uniformly random (crypto.randomInt), zero-padded. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** The code queries, on the database or bound to a transaction (`with(tx)`). */
export function createTwoFactorRepository(db: Executor) {
  const live = (userId: string, purpose: MfaPurpose) =>
    and(eq(mfaCodes.userId, userId), eq(mfaCodes.purpose, purpose), isNull(mfaCodes.usedAt));

  return {
    with(tx: Executor) {
      return createTwoFactorRepository(tx);
    },

    /**
     * A new code for `purpose`; any earlier unused one stops working. Returns the code to text. Two
     * statements: run it in the transaction that also writes the text message.
     */
    async issue(fields: {
      userId: string;
      purpose: MfaPurpose;
      phone: string;
      sessionId: string | null;
      now: Date;
    }): Promise<string> {
      const code = newCode();
      const salt = randomBytes(16).toString("hex");
      await db.update(mfaCodes).set({ usedAt: fields.now }).where(live(fields.userId, fields.purpose));
      await db.insert(mfaCodes).values({
        id: randomUUID(),
        userId: fields.userId,
        sessionId: fields.sessionId,
        purpose: fields.purpose,
        phone: fields.phone,
        salt,
        codeHash: digest(salt, code).toString("hex"),
        createdAt: fields.now,
        expiresAt: new Date(fields.now.getTime() + mfaCodeLifetimeMs),
      });
      return code;
    },

    /** When the last code for `purpose` was sent, for throttling resends. */
    async lastSentAt(userId: string, purpose: MfaPurpose): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: mfaCodes.createdAt })
        .from(mfaCodes)
        .where(and(eq(mfaCodes.userId, userId), eq(mfaCodes.purpose, purpose)))
        .orderBy(desc(mfaCodes.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /**
     * Checks a typed code against the live one. A match uses it up; a miss counts, and the fifth miss
     * kills the code. A code issued for a sign-in only counts for that sign-in's session.
     */
    async check(fields: {
      userId: string;
      purpose: MfaPurpose;
      code: string;
      sessionId: string | null;
      now: Date;
    }): Promise<{ result: CodeCheck; phone: string | null }> {
      const [row] = await db
        .select()
        .from(mfaCodes)
        .where(live(fields.userId, fields.purpose))
        .orderBy(desc(mfaCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt <= fields.now) return { result: "none", phone: null };
      if (fields.sessionId !== null && row.sessionId !== fields.sessionId)
        return { result: "none", phone: null };
      const expected = Buffer.from(row.codeHash, "hex");
      const typed = digest(row.salt, fields.code);
      if (typed.length === expected.length && timingSafeEqual(typed, expected)) {
        // Single use, even against two requests racing with the same code.
        const [used] = await db
          .update(mfaCodes)
          .set({ usedAt: fields.now })
          .where(and(eq(mfaCodes.id, row.id), isNull(mfaCodes.usedAt)))
          .returning({ id: mfaCodes.id });
        return used ? { result: "ok", phone: row.phone } : { result: "none", phone: null };
      }
      // Counted in the statement itself: parallel wrong codes each count, and the fifth kills it.
      const [counted] = await db
        .update(mfaCodes)
        .set({
          attempts: sql`${mfaCodes.attempts} + 1`,
          usedAt: sql`case when ${mfaCodes.attempts} + 1 >= ${mfaMaxAttempts} then ${fields.now.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(mfaCodes.id, row.id), isNull(mfaCodes.usedAt)))
        .returning({ attempts: mfaCodes.attempts });
      if (!counted) return { result: "exhausted", phone: null };
      return { result: counted.attempts >= mfaMaxAttempts ? "exhausted" : "wrong", phone: null };
    },
  };
}
