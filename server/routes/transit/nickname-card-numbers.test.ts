/**
 * Issue 48, item 3: a card number written any way (other separators, spaces of other widths, other
 * scripts' digits, letters between the groups) is refused as the nickname of a fare card, a device
 * and a payment method, on every route that takes one, and is neither stored nor said back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { cardNumberSpellings } from "../../../tests/support/card-number-spellings.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";
import { newCard, newRider, sandboxCardToken, savedCard } from "../../test/transit-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: "POST" | "PATCH" | "GET", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

/** Refused as a validation error on `nickname`, with none of the digits said back. */
function refused(reply: Awaited<ReturnType<typeof call>>, spelled: string) {
  expect(reply.statusCode, `${JSON.stringify(spelled)}: ${reply.body}`).toBe(400);
  expect(reply.json().errors[0]).toMatchObject({ code: ErrorCode.validation, field: "nickname" });
  expect(reply.body).not.toMatch(/4242|٤٢٤٢|४२४२|４２４２|3782/);
}

describe("a card number as a nickname, however it is written (issue 48, item 3)", () => {
  it("is refused for a fare card, a device and a payment method, and nothing of it is stored", async () => {
    const ada = await newRider(t, "nick");
    const card = await newCard(t, ada.id, { nickname: "Work card" });
    const method = await savedCard(t, ada);
    const phone = await call("POST", "/transit/devices", ada.token, {
      nickname: "Pixel",
      model: "Pixel 9",
      installation_id: randomUUID(),
    });
    expect(phone.statusCode, phone.body).toBe(201);
    const deviceId = phone.json().data.device.id as string;
    for (const nickname of cardNumberSpellings) {
      refused(await call("PATCH", `/transit/faremedia/${card.id}`, ada.token, { nickname }), nickname);
      refused(await call("PATCH", `/transit/devices/${deviceId}`, ada.token, { nickname }), nickname);
      refused(await call("PATCH", `/transit/payment_methods/${method}`, ada.token, { nickname }), nickname);
      refused(
        await call("POST", "/transit/devices", ada.token, {
          nickname,
          model: "Pixel 9",
          installation_id: randomUUID(),
        }),
        nickname,
      );
      refused(
        await call("POST", "/transit/payment_methods", ada.token, {
          token: sandboxCardToken(t),
          billing: { last_name: "Byron", address_1: "1 Main St", zip_code: "94103" },
          nickname,
        }),
        nickname,
      );
    }
    // What the rider had is what is kept (the saved card shows its own last four, not a nickname).
    const listed = [
      (await call("GET", `/transit/faremedia/${card.id}`, ada.token)).body,
      (await call("GET", "/transit/devices", ada.token)).body,
    ].join("\n");
    expect(listed).toContain("Work card");
    expect(listed).toContain("Pixel");
    expect(listed).not.toMatch(/4242|٤٢٤٢|४२४२|４２４２/);
    const methods = (await call("GET", "/transit/payment_methods", ada.token)).json().data;
    expect(JSON.stringify(methods)).not.toMatch(/٤٢٤٢|४२४२|４２４２|4242[^"]/);
    expect(JSON.stringify(methods).match(/"nickname":"[^"]*"/g) ?? []).toEqual([]);
  });
});
