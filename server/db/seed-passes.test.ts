import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Device, PassSummary } from "../../src/domain/transit/passes.ts";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { demoGuestCard, demoRider } from "./seed.ts";
import { demoPassesMarker, seedDemoPasses } from "./seed-passes.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const rider = await t.app.accounts.findByEmail(demoRider.email);
  if (!rider) throw new Error("no demo rider");
  token = (await t.app.accounts.startSession(rider.id, new Date())).token;
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

describe("issue 13's demo data", () => {
  it("gives the demo rider two devices, passes on the Pixel and unattached passes (one youth only)", async () => {
    const devices = (await get("/transit/devices")).json().data.devices as Device[];
    expect(devices.map((device) => [device.nickname, device.model, device.tickets])).toEqual([
      ["Riley's Pixel", "Pixel 9", 2],
      ["Work iPhone", "iPhone 16", 0],
    ]);
    const unattached = (await get("/transit/passes/unattached")).json().data.passes as PassSummary[];
    expect(unattached).toHaveLength(2);
    const youth = unattached.find((pass) => pass.name.includes("Youth"));
    const adult = unattached.find((pass) => !pass.name.includes("Youth"));
    if (!youth || !adult) throw new Error(`unexpected passes: ${JSON.stringify(unattached)}`);
    const adultCard = "f1000000-0000-4000-8000-000000000001";
    const refused = await t.app.inject({
      method: "POST",
      url: `/transit/passes/${youth.id}/attach`,
      headers: { authorization: `Bearer ${token}` },
      payload: { fare_medium: adultCard },
    });
    expect(refused.statusCode).toBe(422);
  });

  it("gives the guest card passes and value", async () => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/transit/anonymous/card_tokens",
      payload: { card_number: demoGuestCard.printedCardNumber, security_code: demoGuestCard.securityCode },
    });
    expect(reply.statusCode).toBe(201);
    const card = reply.json().data.fare_medium;
    expect(card.stored_value).toBe(800);
    expect(card.passes).toHaveLength(2);
  });

  it("runs once", async () => {
    await seedDemoPasses(t.database.db, t.config);
    const devices = (await get("/transit/devices")).json().data.devices as Device[];
    expect(devices).toHaveLength(2);
    expect(demoPassesMarker).toBe("demo_passes_seeded_at");
  });
});
