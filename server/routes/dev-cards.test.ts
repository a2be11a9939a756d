import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceOf } from "../repositories/card-activity.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /dev/transit/fare_media", () => {
  it("issues fresh unlinked cards with a number starting 6000, a 3-digit code and the balance asked", async () => {
    const seen = new Set<string>();
    for (const payload of [{}, { rider_type: "YOUTH", type: "VIRTUAL", balance: 1234 }]) {
      const reply = await t.app.inject({ method: "POST", url: "/dev/transit/fare_media", payload });
      expect(reply.statusCode).toBe(201);
      const card = reply.json().data as { id: string; card_number: string; security_code: string };
      expect(card.card_number).toMatch(/^6000 \d{4} \d{4} \d{4}$/);
      expect(card.security_code).toMatch(/^\d{3}$/);
      seen.add(card.card_number);
      const balance = await balanceOf(t.database.db, card.id, t.config.currency_code);
      expect(balance.general).toBe("balance" in payload ? payload.balance : 0);
    }
    expect(seen.size).toBe(2);
  });

  it("takes no body too, and refuses unknown fields and bad values", async () => {
    expect((await t.app.inject({ method: "POST", url: "/dev/transit/fare_media" })).statusCode).toBe(201);
    for (const payload of [{ extra: 1 }, { rider_type: "PET" }, { balance: -1 }, { balance: 1.5 }]) {
      expect(
        (await t.app.inject({ method: "POST", url: "/dev/transit/fare_media", payload })).statusCode,
      ).toBe(400);
    }
  });

  it("is not there without the dev mailbox", async () => {
    const prod = await createTestApp({ devMailbox: false });
    try {
      const reply = await prod.app.inject({ method: "POST", url: "/dev/transit/fare_media", payload: {} });
      expect(reply.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
