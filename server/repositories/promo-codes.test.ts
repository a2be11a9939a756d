import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../src/domain/money.ts";
import { demoPromoCodes } from "../db/seed.ts";
import { demoCatalog } from "../db/seed-catalog.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { createPromoCodeRepository, type NewPromoCode } from "./promo-codes.ts";
import { createShippingMethodRepository, servesCountry } from "./shipping-methods.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const repository = () => createPromoCodeRepository(t.database.db);
const usd = (amount: number) => money(amount, "USD");
let made = 0;
const fresh = (fields: Partial<NewPromoCode> = {}) =>
  repository().insert({ code: `REPO-${++made}`, kind: "percent", percentOff: 500, ...fields });

async function rider(email: string) {
  const user = await t.app.accounts.create({
    email,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed: true,
  });
  return user.id;
}

describe("promo code repository", () => {
  it("finds a code by its stored form with its products", async () => {
    const rail = await repository().findByCode(demoPromoCodes.rail);
    expect(rail?.row).toMatchObject({ kind: "percent", percentOff: 2000, active: true });
    expect(rail?.productIds).toContain(demoCatalog.products.railUnionToAirport);
    expect(rail?.productIds).not.toContain(demoCatalog.products.metroFareCard);
    expect((await repository().findByCode(demoPromoCodes.welcome))?.productIds).toEqual([]);
    expect(await repository().findByCode("welcome10")).toBeNull();
    expect(await repository().findByCode("NOPE")).toBeNull();
  });

  it("seeds the README's codes", async () => {
    const five = await repository().findByCode(demoPromoCodes.fiveOff);
    expect(five?.row).toMatchObject({
      kind: "amount",
      amountOff: 500,
      currency: "USD",
      maxRedemptionsPerRider: 1,
    });
    const expired = await repository().findByCode(demoPromoCodes.expired);
    expect(expired?.row.validUntil?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect((await repository().findByCode(demoPromoCodes.welcome))?.row.validUntil).toBeNull();
  });

  it("counts redemptions per code and per rider, a rider's guest orders included", async () => {
    const code = await fresh();
    const other = await fresh();
    const ada = { userId: await rider("ada-repo@example.org"), email: "ada-repo@example.org" };
    const redeem = (promoCodeId: string, redeemer: { userId: string | null; email: string | null }) =>
      repository().redeem({
        promoCodeId,
        redeemer,
        orderReference: `order-${randomUUID()}`,
        discount: usd(100),
      });
    await redeem(code.id, ada);
    await redeem(code.id, { userId: null, email: "ADA-REPO@example.org" });
    await redeem(code.id, { userId: null, email: "grace@example.org" });
    await redeem(other.id, ada);
    const repo = repository();
    expect(await repo.countRedemptions(code.id)).toBe(3);
    expect(await repo.countRedemptions(other.id)).toBe(1);
    expect(await repo.countRedemptionsBy(code.id, ada)).toBe(2);
    expect(await repo.countRedemptionsBy(code.id, { userId: null, email: "ada-repo@example.org" })).toBe(2);
    expect(await repo.countRedemptionsBy(code.id, { userId: ada.userId, email: null })).toBe(1);
    expect(await repo.countRedemptionsBy(code.id, { userId: null, email: " Grace@Example.org " })).toBe(1);
    expect(await repo.countRedemptionsBy(code.id, { userId: null, email: null })).toBe(0);
    expect(await repo.countRedemptionsBy(code.id, { userId: null, email: "nobody@example.org" })).toBe(0);
  });

  it("stores a guest's email in lower case and a rider's redemption without one", async () => {
    const code = await fresh();
    const userId = await rider("lin-repo@example.org");
    const guest = await repository().redeem({
      promoCodeId: code.id,
      redeemer: { userId: null, email: " Guest@Example.ORG" },
      orderReference: `order-${randomUUID()}`,
      discount: usd(5),
    });
    expect(guest).toMatchObject({
      userId: null,
      guestEmail: "guest@example.org",
      amount: 5,
      currency: "USD",
    });
    const own = await repository().redeem({
      promoCodeId: code.id,
      redeemer: { userId, email: "lin-repo@example.org" },
      orderReference: `order-${randomUUID()}`,
      discount: usd(5),
    });
    expect(own).toMatchObject({ userId, guestEmail: null });
  });

  it("redeems once per order", async () => {
    const code = await fresh();
    const orderReference = `order-${randomUUID()}`;
    const redeem = () =>
      repository().redeem({
        promoCodeId: code.id,
        redeemer: { userId: null, email: "once@example.org" },
        orderReference,
        discount: usd(10),
      });
    await redeem();
    await expect(redeem()).rejects.toThrow();
    expect(await repository().countRedemptions(code.id)).toBe(1);
  });

  it("locks a code inside a transaction", async () => {
    const code = await fresh();
    const locked = await t.database.db.transaction((tx) => repository().with(tx).lock(code.id));
    expect(locked?.code).toBe(code.code);
    expect(await repository().lock(randomUUID())).toBeNull();
  });

  it("refuses what the checks forbid", async () => {
    const refused: Array<Partial<NewPromoCode>> = [
      { code: "lower-case" },
      { code: "AB" },
      { code: "WITH SPACE" },
      { code: "X".repeat(33) },
      { kind: "percent", percentOff: 0 },
      { kind: "percent", percentOff: null },
      { kind: "amount", percentOff: null, amountOff: null, currency: "USD" },
      { kind: "percent", percentOff: 10_001 },
      { kind: "percent", percentOff: 500, amountOff: 100 },
      { kind: "percent", percentOff: 500, currency: "USD" },
      { kind: "amount", percentOff: null, amountOff: 0, currency: "USD" },
      { kind: "amount", percentOff: null, amountOff: 100, currency: null },
      { kind: "amount", percentOff: 500, amountOff: 100, currency: "USD" },
      { validFrom: new Date("2026-02-01"), validUntil: new Date("2026-01-01") },
      { maxRedemptions: 0 },
      { maxRedemptionsPerRider: -1 },
    ];
    for (const fields of refused) {
      await expect(fresh(fields), JSON.stringify(fields)).rejects.toThrow();
    }
    await expect(
      repository().insert({ code: "WELCOME10", kind: "percent", percentOff: 100 }),
    ).rejects.toThrow();
  });
});

describe("shipping method repository", () => {
  it("lists active methods in list order and refuses malformed countries", async () => {
    const methods = createShippingMethodRepository(t.database.db);
    expect((await methods.listActive()).map((row) => row.code)).toEqual([
      "standard",
      "priority",
      "international",
    ]);
    await methods.insert({ code: "retired", name: "Retired", price: 100, currency: "USD", active: false });
    expect((await methods.listActive()).map((row) => row.code)).not.toContain("retired");
    for (const countries of [["us"], ["USA"], [""]]) {
      await expect(
        methods.insert({
          code: `bad-${countries[0]?.length ?? 0}`,
          name: "Bad",
          price: 1,
          currency: "USD",
          countries,
        }),
      ).rejects.toThrow();
    }
    await expect(
      methods.insert({ code: "negative", name: "Bad", price: -1, currency: "USD" }),
    ).rejects.toThrow();
    expect(servesCountry({ countries: [] }, "FR")).toBe(true);
    expect(servesCountry({ countries: ["US", "CA"] }, "ca")).toBe(true);
    expect(servesCountry({ countries: ["US", "CA"] }, "MX")).toBe(false);
  });
});
