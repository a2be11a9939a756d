import type { PassDetail, PassPage, PassSummary } from "../../src/domain/transit/passes.ts";
import { passMessages } from "../../src/domain/transit/passes.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../domain/clock.ts";
import { createCardActivityRepository } from "../repositories/card-activity.ts";
import { createFareMediaRepository } from "../repositories/fare-media.ts";
import { encodeKeysetCursor, type KeysetCursor } from "../repositories/keyset-cursor.ts";
import {
  createPassRepository,
  effectiveStatus,
  passDetailOf,
  passSummaryOf,
} from "../repositories/passes.ts";
import { inTransaction } from "./transaction.ts";

export type PassProblem =
  | { problem: "notFound" }
  /** A row the request names (the card, the device) that is not the rider's: 404 on `field`. */
  | { problem: "missing"; field: "fare_medium" | "device" }
  | { problem: "passNotEligible" }
  | { problem: "passNotMovable" }
  | { problem: "fareCardUnavailable" };

type Result<Problem> = { ok: true; pass: PassDetail } | ({ ok: false } & Problem);

/**
 * A rider's passes (src/domain/transit/passes.ts): history pages, the unattached ones, details,
 * attaching one to a card (its rider types must include the card's), and moving one between the cloud
 * and the rider's devices (available passes only).
 */
export function createPassService(options: { db: Database; clock: Clock; currency: () => string }) {
  const { db, clock } = options;
  const repository = createPassRepository(db);

  async function detailIn(
    tx: Database,
    userId: string,
    id: string,
    locale: string,
  ): Promise<PassDetail | null> {
    const record = await createPassRepository(tx).findForUser(userId, id);
    return record ? passDetailOf(record, locale, clock.now()) : null;
  }

  return {
    async page(
      userId: string,
      limit: number,
      cursor: KeysetCursor | null,
      locale: string,
    ): Promise<PassPage> {
      const now = clock.now();
      const records = await repository.page(userId, limit, cursor);
      const shown = records.slice(0, limit);
      const last = shown.at(-1)?.pass;
      return {
        passes: shown.map((record) => passSummaryOf(record, locale, now)),
        next:
          records.length > limit && last ? encodeKeysetCursor({ at: last.purchasedAt, id: last.id }) : null,
      };
    },

    /** The rider's usable passes on no card. */
    async unattached(userId: string, locale: string): Promise<PassSummary[]> {
      const now = clock.now();
      return (await repository.unattached(userId))
        .map((record) => passSummaryOf(record, locale, now))
        .filter((pass) => pass.status === "available" || pass.status === "active");
    },

    async detail(userId: string, id: string, locale: string): Promise<PassDetail | null> {
      return detailIn(db, userId, id, locale);
    },

    async attach(
      userId: string,
      id: string,
      fareMediumId: string,
      locale: string,
    ): Promise<Result<PassProblem>> {
      return inTransaction(db, async ({ tx }) => {
        const passes = createPassRepository(tx);
        const pass = await passes.lockForUser(userId, id);
        if (!pass) return { ok: false, problem: "notFound" };
        const card = await createFareMediaRepository(tx).lockForUser(userId, fareMediumId);
        if (!card) return { ok: false, problem: "missing", field: "fare_medium" };
        const record = await passes.findForUser(userId, id);
        const attached = record?.pass.fareMediumId && !record.cardRemoved;
        if (attached && pass.fareMediumId === card.id) {
          const same = await detailIn(tx, userId, id, locale);
          return same ? { ok: true, pass: same } : { ok: false, problem: "notFound" };
        }
        if (attached || effectiveStatus(pass, clock.now()) !== "available") {
          return { ok: false, problem: "passNotMovable" };
        }
        if (card.status !== "ACTIVE") return { ok: false, problem: "fareCardUnavailable" };
        if (pass.riderTypes.length > 0 && !pass.riderTypes.includes(card.riderType)) {
          return { ok: false, problem: "passNotEligible" };
        }
        await passes.change(pass.id, { fareMediumId: card.id });
        await createCardActivityRepository(tx).record({
          fareMediumId: card.id,
          kind: "pass_attached",
          occurredAt: clock.now(),
          currency: options.currency(),
          detail: { pass: pass.name, pass_id: pass.id },
        });
        const shown = await detailIn(tx, userId, id, locale);
        return shown ? { ok: true, pass: shown } : { ok: false, problem: "notFound" };
      });
    },

    async move(
      userId: string,
      id: string,
      to: { to: "cloud" } | { to: "device"; device: string },
      locale: string,
    ): Promise<Result<PassProblem> & { message?: string }> {
      return inTransaction(db, async ({ tx }) => {
        const passes = createPassRepository(tx);
        const pass = await passes.lockForUser(userId, id);
        if (!pass) return { ok: false, problem: "notFound" };
        let deviceId: string | null = null;
        if (to.to === "device") {
          const device = await passes.device(userId, to.device, true);
          if (!device) return { ok: false, problem: "missing", field: "device" };
          deviceId = device.id;
        }
        const here = to.to === "cloud" ? pass.location === "cloud" : pass.deviceId === deviceId;
        if (!here) {
          if (effectiveStatus(pass, clock.now()) !== "available")
            return { ok: false, problem: "passNotMovable" };
          await passes.change(pass.id, { location: to.to, deviceId });
        }
        const shown = await detailIn(tx, userId, id, locale);
        if (!shown) return { ok: false, problem: "notFound" };
        return {
          ok: true,
          pass: shown,
          message: to.to === "cloud" ? passMessages.toCloud : passMessages.toDevice,
        };
      });
    },
  };
}

export type PassService = ReturnType<typeof createPassService>;
