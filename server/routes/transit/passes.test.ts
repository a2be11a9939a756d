import { randomUUID } from "node:crypto";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import type { ActivityPage } from "../../../src/domain/transit/cards.ts";
import type { Device, PassDetail, PassPage, PassSummary } from "../../../src/domain/transit/passes.ts";
import { orders, passes, products } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newPass } from "../../test/pass-fixtures.ts";
import { newCard, newRider } from "../../test/transit-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (
  method: Method,
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const codeOf = (reply: { json(): { errors: Array<{ code: number }> } }) => reply.json().errors[0]?.code;

async function device(token: string, nickname = "Pixel", installation = randomUUID()): Promise<Device> {
  const reply = await call("POST", "/transit/devices", token, {
    nickname,
    model: "Pixel 9",
    installation_id: installation,
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().data.device;
}

describe("GET /transit/passes", () => {
  it("pages the rider's passes newest first; details name the order and the product's description", async () => {
    const ada = await newRider(t, "ps");
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await newPass(t, ada.id, { purchasedAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const url: string = `/transit/passes?limit=2${next ? `&after=${next}` : ""}`;
      const page = (await call("GET", url, ada.token)).json().data as PassPage;
      seen.push(...page.passes.map((pass) => pass.id));
      next = page.next;
    } while (next);
    expect(seen).toEqual(made.map((pass) => pass.id).reverse());
    const first = made[0];
    if (!first) throw new Error("no pass");
    const reply = await call("GET", `/transit/passes/${first.id}`, ada.token, undefined, {
      "accept-language": "es",
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.pass).toMatchObject({
      name: "Pase de 7 días",
      order: { id: first.orderId, number: first.orderNumber },
      description: expect.stringContaining("siete días"),
      can_move: true,
      can_attach: true,
      fare_medium: null,
    });
    for (const query of ["limit=0", "limit=51", "after=forged"]) {
      expect((await call("GET", `/transit/passes?${query}`, ada.token)).statusCode).toBe(400);
    }
  });

  it("lists unattached usable passes only", async () => {
    const ada = await newRider(t, "ps");
    const card = await newCard(t, ada.id);
    const loose = await newPass(t, ada.id);
    await newPass(t, ada.id, { status: "spoiled" });
    await newPass(t, ada.id, { expiresAt: new Date("2020-01-01") });
    await newPass(t, ada.id, { card: card.id });
    const reply = await call("GET", "/transit/passes/unattached", ada.token);
    expect((reply.json().data.passes as PassSummary[]).map((pass) => pass.id)).toEqual([loose.id]);
  });

  it("answers one 404 for another rider's pass, an unknown id and a non-uuid, on every pass route", async () => {
    const ada = await newRider(t, "ps");
    const bob = await newRider(t, "ps");
    const theirs = await newPass(t, bob.id);
    const mine = await newCard(t, ada.id);
    const routes: Array<[Method, (id: string) => string, unknown]> = [
      ["GET", (id) => `/transit/passes/${id}`, undefined],
      ["POST", (id) => `/transit/passes/${id}/attach`, { fare_medium: mine.id }],
      ["POST", (id) => `/transit/passes/${id}/move`, { to: "cloud" }],
    ];
    for (const [method, url, payload] of routes) {
      const bodies = new Set<string>();
      for (const id of [theirs.id, randomUUID(), "nope"]) {
        const reply = await call(method, url(id), ada.token, payload);
        expect(reply.statusCode).toBe(404);
        bodies.add(reply.body);
      }
      expect(bodies.size).toBe(1);
    }
    const history = (await call("GET", "/transit/passes", ada.token)).json().data as PassPage;
    expect(history.passes).toEqual([]);
  });
});

describe("POST /transit/passes/:id/attach", () => {
  it("attaches an eligible unattached pass to an active card, with a pass_attached row", async () => {
    const ada = await newRider(t, "ps");
    const card = await newCard(t, ada.id, { riderType: "ADULT" });
    const pass = await newPass(t, ada.id, { riderTypes: ["ADULT", "SENIOR"] });
    const reply = await call("POST", `/transit/passes/${pass.id}/attach`, ada.token, {
      fare_medium: card.id,
    });
    expect(reply.statusCode).toBe(200);
    const attached = reply.json().data.pass as PassDetail;
    expect(attached).toMatchObject({
      fare_medium: { id: card.id },
      can_attach: false,
      rider_types: ["ADULT", "SENIOR"],
    });
    const activity = (await call("GET", `/transit/faremedia/${card.id}/activity`, ada.token)).json()
      .data as ActivityPage;
    expect(activity.activity[0]).toMatchObject({ kind: "pass_attached", detail: { pass: "7-Day Pass" } });
    // Attaching again to the same card answers it as it is; to another card is refused.
    expect(
      (await call("POST", `/transit/passes/${pass.id}/attach`, ada.token, { fare_medium: card.id }))
        .statusCode,
    ).toBe(200);
    const other = await newCard(t, ada.id);
    const moved = await call("POST", `/transit/passes/${pass.id}/attach`, ada.token, {
      fare_medium: other.id,
    });
    expect(codeOf(moved)).toBe(ErrorCode.passNotMovable);
  });

  it("refuses a pass not for the card's rider type, a used pass, a card not active, another rider's card", async () => {
    const ada = await newRider(t, "ps");
    const bob = await newRider(t, "ps");
    const adult = await newCard(t, ada.id, { riderType: "ADULT" });
    const youthOnly = await newPass(t, ada.id, { riderTypes: ["YOUTH"] });
    const notEligible = await call("POST", `/transit/passes/${youthOnly.id}/attach`, ada.token, {
      fare_medium: adult.id,
    });
    expect(notEligible.statusCode).toBe(422);
    expect(notEligible.json().errors[0]).toMatchObject({
      code: ErrorCode.passNotEligible,
      message: "The selected passes are not eligible for this fare media.",
    });
    const used = await newPass(t, ada.id, { status: "active" });
    expect(
      codeOf(await call("POST", `/transit/passes/${used.id}/attach`, ada.token, { fare_medium: adult.id })),
    ).toBe(ErrorCode.passNotMovable);
    const blocked = await newCard(t, ada.id, { status: "BLOCKED" });
    const any = await newPass(t, ada.id);
    expect(
      codeOf(await call("POST", `/transit/passes/${any.id}/attach`, ada.token, { fare_medium: blocked.id })),
    ).toBe(ErrorCode.fareCardUnavailable);
    const bobs = await newCard(t, bob.id);
    for (const fare_medium of [bobs.id, randomUUID(), "x"]) {
      const reply = await call("POST", `/transit/passes/${any.id}/attach`, ada.token, { fare_medium });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors[0].field).toBe("fare_medium");
    }
  });

  it("gives passes issued by orders the product's rider types (the seeded order history)", async () => {
    const rows = await t.app.db
      .select({ passTypes: passes.riderTypes, productTypes: products.riderTypes })
      .from(passes)
      .innerJoin(products, eq(products.uuid, passes.productId))
      .innerJoin(orders, eq(orders.id, passes.orderId))
      .where(ne(orders.email, "pass-fixture@example.org"));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.productTypes.length > 0)).toBe(true);
    for (const row of rows) expect(row.passTypes).toEqual(row.productTypes);
  });
});

describe("POST /transit/passes/:id/move and devices", () => {
  it("moves an available pass to a device and back; refuses a used one and another rider's device", async () => {
    const ada = await newRider(t, "ps");
    const bob = await newRider(t, "ps");
    const phone = await device(ada.token);
    const bobsPhone = await device(bob.token);
    const pass = await newPass(t, ada.id);
    const toDevice = await call("POST", `/transit/passes/${pass.id}/move`, ada.token, {
      to: "device",
      device: phone.id,
    });
    expect(toDevice.statusCode).toBe(200);
    expect(toDevice.json().data.pass).toMatchObject({
      location: "device",
      device: { id: phone.id, nickname: "Pixel" },
    });
    const again = await call("POST", `/transit/passes/${pass.id}/move`, ada.token, {
      to: "device",
      device: phone.id,
    });
    expect(again.json().data.pass.location).toBe("device");
    const devices = (await call("GET", "/transit/devices", ada.token)).json().data.devices as Device[];
    expect(devices).toEqual([expect.objectContaining({ id: phone.id, tickets: 1 })]);
    const back = await call("POST", `/transit/passes/${pass.id}/move`, ada.token, { to: "cloud" });
    expect(back.json().data.pass).toMatchObject({ location: "cloud", device: null });

    for (const target of [bobsPhone.id, randomUUID(), "x"]) {
      const reply = await call("POST", `/transit/passes/${pass.id}/move`, ada.token, {
        to: "device",
        device: target,
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().errors[0].field).toBe("device");
    }
    const used = await newPass(t, ada.id, { status: "active" });
    const refused = await call("POST", `/transit/passes/${used.id}/move`, ada.token, {
      to: "device",
      device: phone.id,
    });
    expect(codeOf(refused)).toBe(ErrorCode.passNotMovable);
    for (const body of [
      { to: "device" },
      { to: "cloud", device: phone.id },
      { to: "moon" },
      { to: "cloud", x: 1 },
    ]) {
      expect((await call("POST", `/transit/passes/${pass.id}/move`, ada.token, body)).statusCode).toBe(400);
    }
  });

  it("registers once per installation, renames, and removing a device sends its passes to the cloud", async () => {
    const ada = await newRider(t, "ps");
    const bob = await newRider(t, "ps");
    const installation = randomUUID();
    const phone = await device(ada.token, "Work iPhone", installation);
    const same = await call("POST", "/transit/devices", ada.token, {
      nickname: "Other name",
      model: "iPhone 16",
      installation_id: installation,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.device.id).toBe(phone.id);
    // Another rider's installation with the same id is their own device.
    const bobs = await call("POST", "/transit/devices", bob.token, {
      nickname: "Bob's",
      model: "iPhone 16",
      installation_id: installation,
    });
    expect(bobs.statusCode).toBe(201);
    const bobsId = bobs.json().data.device.id as string;

    const renamed = await call("PATCH", `/transit/devices/${phone.id}`, ada.token, {
      nickname: " Riley's phone ",
    });
    expect(renamed.json().data.device.nickname).toBe("Riley's phone");
    for (const nickname of [
      "",
      "x".repeat(41),
      "4242 4242 4242 4242",
      "Visa 4000-0566-5566-5556",
      "a\u0000b",
    ]) {
      const refused = await call("PATCH", `/transit/devices/${phone.id}`, ada.token, { nickname });
      expect(refused.statusCode).toBe(400);
      // A card number is neither stored nor said back.
      expect(refused.body).not.toMatch(/4242|5556/);
    }
    const listed = await call("GET", "/transit/devices", ada.token);
    expect(JSON.stringify(listed.json())).toContain("Riley's phone");
    for (const [method, url, payload] of [
      ["PATCH", `/transit/devices/${bobsId}`, { nickname: "Mine" }],
      ["DELETE", `/transit/devices/${bobsId}`, undefined],
      ["DELETE", `/transit/devices/${randomUUID()}`, undefined],
      ["DELETE", "/transit/devices/nope", undefined],
    ] as const) {
      expect((await call(method, url, ada.token, payload)).statusCode).toBe(404);
    }

    const pass = await newPass(t, ada.id);
    await call("POST", `/transit/passes/${pass.id}/move`, ada.token, { to: "device", device: phone.id });
    expect((await call("DELETE", `/transit/devices/${phone.id}`, ada.token)).statusCode).toBe(204);
    const detail = (await call("GET", `/transit/passes/${pass.id}`, ada.token)).json().data
      .pass as PassDetail;
    expect(detail).toMatchObject({ location: "cloud", device: null });
    expect((await call("GET", "/transit/devices", ada.token)).json().data.devices).toEqual([]);
    expect((await call("DELETE", `/transit/devices/${phone.id}`, ada.token)).statusCode).toBe(404);
    // The app registering again brings it back.
    const back = await call("POST", "/transit/devices", ada.token, {
      nickname: "Work iPhone",
      model: "iPhone 16",
      installation_id: installation,
    });
    expect(back.json().data.device).toMatchObject({ id: phone.id, tickets: 0 });
  });

  it("makes one device of parallel registrations from one installation", async () => {
    const ada = await newRider(t, "ps");
    const installation = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", "/transit/devices", ada.token, {
          nickname: "Pixel",
          model: "Pixel 9",
          installation_id: installation,
        }),
      ),
    );
    expect(replies.every((reply) => reply.statusCode < 300)).toBe(true);
    expect(new Set(replies.map((reply) => reply.json().data.device.id)).size).toBe(1);
    expect((await call("GET", "/transit/devices", ada.token)).json().data.devices).toHaveLength(1);
  });

  it("refuses a register body that is not one", async () => {
    const ada = await newRider(t, "ps");
    for (const body of [
      {},
      { nickname: "a", model: "b" },
      { nickname: "", model: "b", installation_id: "c" },
      { nickname: "a", model: "b", installation_id: "c", extra: 1 },
    ]) {
      expect((await call("POST", "/transit/devices", ada.token, body)).statusCode).toBe(400);
    }
  });
});
