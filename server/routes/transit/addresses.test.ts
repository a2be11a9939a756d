import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { maxAddresses, type SavedAddress } from "../../../src/domain/payments/saved.ts";
import { createTestApp, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let riders = 0;
/** A new rider with a confirmed email, signed in: their bearer token. */
async function rider(emailConfirmed = true): Promise<string> {
  const user = await t.app.accounts.create({
    email: `address-rider-${++riders}@example.org`,
    passwordHash: "not-a-real-hash",
    firstName: "Ada",
    lastName: "Byron",
    mobile: null,
    locale: "en",
    emailConfirmed,
  });
  return (await t.app.accounts.startSession(user.id, new Date())).token;
}

const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const home = {
  firstName: "Ada",
  lastName: "Byron",
  address_1: "1 Main St",
  address_2: null,
  country: "US",
  state: "CA",
  city: "San Francisco",
  zipCode: "94103",
  email: null,
};
const work = { ...home, address_1: "500 Market St", address_2: "Floor 3", zipCode: "94105" };

async function add(token: string, body: Record<string, unknown> = home): Promise<SavedAddress> {
  const reply = await request("POST", "/transit/addresses", token, body);
  expect(reply.statusCode).toBe(201);
  return reply.json().data.address;
}

const list = async (token: string): Promise<SavedAddress[]> => {
  const reply = await request("GET", "/transit/addresses", token);
  expect(reply.statusCode).toBe(200);
  return reply.json().data.addresses;
};

describe("POST and PUT /transit/addresses", () => {
  it("saves a checked address, trimmed and normalised, the first one default", async () => {
    const token = await rider();
    const reply = await request("POST", "/transit/addresses", token, {
      ...home,
      firstName: " Ada ",
      country: "us",
      state: "ca",
      zipCode: "941031234",
      address_2: "  ",
      email: " ada@example.org ",
    });
    expect(reply.statusCode).toBe(201);
    const address = reply.json().data.address;
    expect(address).toEqual({
      id: expect.any(String),
      ...home,
      zipCode: "94103-1234",
      email: "ada@example.org",
      isDefault: true,
      created_at: expect.any(String),
    });
    const second = await add(token, work);
    expect(second.isDefault).toBe(false);
    expect((await list(token)).map((a) => a.id)).toEqual([address.id, second.id]);
  });

  it("makes a new or changed address the default when asked, clearing the old one", async () => {
    const token = await rider();
    const first = await add(token);
    const second = await add(token, { ...work, isDefault: true });
    expect(second.isDefault).toBe(true);
    expect((await list(token)).map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const changed = await request("PUT", `/transit/addresses/${first.id}`, token, {
      ...home,
      city: "Oakland",
      zipCode: "94607",
      isDefault: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.address).toMatchObject({ id: first.id, city: "Oakland", isDefault: true });
    expect((await list(token)).map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    // isDefault false (or absent) on the default keeps it the default: there is always one.
    const kept = await request("PUT", `/transit/addresses/${first.id}`, token, { ...home, isDefault: false });
    expect(kept.json().data.address.isDefault).toBe(true);
  });

  it("answers every problem at once, one per field, in the spec's words", async () => {
    const token = await rider();
    const reply = await request("POST", "/transit/addresses", token, {
      firstName: "  ",
      lastName: "B".repeat(51),
      address_1: "1 Main St",
      country: "US",
      state: "ZZ",
      city: "",
      zipCode: "ABCDE",
      email: "not-an-email",
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors).toEqual([
      { code: ErrorCode.validation, field: "firstName", message: "First Name can not be empty." },
      { code: ErrorCode.validation, field: "lastName", message: "Last Name must not exceed 50 characters" },
      { code: ErrorCode.validation, field: "state", message: "State is not valid." },
      { code: ErrorCode.validation, field: "city", message: "City can not be empty." },
      { code: ErrorCode.validation, field: "zipCode", message: "Zip Code is not valid." },
      { code: ErrorCode.validation, field: "email", message: "Invalid Email Address" },
    ]);
    expect(await list(token)).toEqual([]);
  });

  it.each([
    ["an empty body", {}],
    ["a missing field", { ...home, city: undefined }],
    ["an unknown field", { ...home, user_id: randomUUID() }],
    ["a NUL in a name", { ...home, firstName: "A\u0000da" }],
    ["a NUL in address_2", { ...home, address_2: "\u0000" }],
    ["a huge street", { ...home, address_1: "x".repeat(20_000) }],
    ["a tab in the city", { ...home, city: "San\tFrancisco" }],
    ["a number for the zip", { ...home, zipCode: 94103 }],
    ["a card number in address_2", { ...home, address_2: "card 4242 4242 4242 4242" }],
    ["a card number in the email", { ...home, email: "4242424242424242@example.org" }],
  ])("refuses %s with 400", async (_, body) => {
    const token = await rider();
    const reply = await request("POST", "/transit/addresses", token, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0].code).toBe(ErrorCode.validation);
    expect(await list(token)).toEqual([]);
  });

  it(`keeps at most ${maxAddresses}, also when they come at once, with one default`, async () => {
    const token = await rider();
    const replies = await Promise.all(
      Array.from({ length: maxAddresses + 4 }, (_, index) =>
        request("POST", "/transit/addresses", token, { ...home, address_1: `${index + 1} Main St` }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(maxAddresses);
    const refused = replies.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().errors[0].code])).toEqual(
      Array.from({ length: 4 }, () => [422, ErrorCode.limitReached]),
    );
    const saved = await list(token);
    expect(saved).toHaveLength(maxAddresses);
    expect(saved.filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe("default and DELETE /transit/addresses/:id", () => {
  it("makes one the default and answers the list, default first then oldest first", async () => {
    const token = await rider();
    const a = await add(token);
    const b = await add(token, work);
    const c = await add(token, { ...work, address_1: "9 Pine St" });
    const reply = await request("POST", `/transit/addresses/${c.id}/default`, token);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.addresses.map((x: SavedAddress) => [x.id, x.isDefault])).toEqual([
      [c.id, true],
      [a.id, false],
      [b.id, false],
    ]);
    expect((await request("POST", `/transit/addresses/${a.id}/default`, token, {})).statusCode).toBe(200);
    expect((await request("POST", `/transit/addresses/${a.id}/default`, token, { x: 1 })).statusCode).toBe(
      400,
    );
    await Promise.all(
      [a, b, c, b, a].map((x) => request("POST", `/transit/addresses/${x.id}/default`, token)),
    );
    expect((await list(token)).filter((x) => x.isDefault)).toHaveLength(1);
  });

  it("deleting the default makes the oldest remaining one the default", async () => {
    const token = await rider();
    const a = await add(token);
    const b = await add(token, work);
    const c = await add(token, { ...work, address_1: "9 Pine St", isDefault: true });
    expect((await request("DELETE", `/transit/addresses/${c.id}`, token)).statusCode).toBe(204);
    expect((await list(token)).map((x) => [x.id, x.isDefault])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect((await request("DELETE", `/transit/addresses/${b.id}`, token)).statusCode).toBe(204);
    expect((await list(token)).map((x) => [x.id, x.isDefault])).toEqual([[a.id, true]]);
    expect((await request("DELETE", `/transit/addresses/${a.id}`, token)).statusCode).toBe(204);
    expect(await list(token)).toEqual([]);
    expect((await request("DELETE", `/transit/addresses/${a.id}`, token)).statusCode).toBe(404);
    // The next one is the default again.
    expect((await add(token)).isDefault).toBe(true);
  });

  it("answers another rider's, an unknown and a malformed id alike with 404, on every route", async () => {
    const ada = await rider();
    const bob = await rider();
    const adas = await add(ada);
    const ids = [adas.id, randomUUID(), "not-a-uuid", "1", `${adas.id}x`];
    const bodies = new Set<string>();
    for (const id of ids.map(encodeURIComponent)) {
      for (const [method, url, body] of [
        ["PUT", `/transit/addresses/${id}`, { ...work, isDefault: true }],
        ["POST", `/transit/addresses/${id}/default`, undefined],
        ["DELETE", `/transit/addresses/${id}`, undefined],
      ] as const) {
        const reply = await request(method, url, bob, body);
        expect(reply.statusCode, `${method} ${url}`).toBe(404);
        expect(reply.json().errors[0].code).toBe(ErrorCode.notFound);
        bodies.add(`${method}:${reply.body}`);
      }
    }
    expect(bodies.size).toBe(3);
    expect(await list(ada)).toEqual([adas]);
    expect(await list(bob)).toEqual([]);
  });

  it("needs a signed-in rider with a confirmed email on every route", async () => {
    const unconfirmed = await rider(false);
    const id = randomUUID();
    for (const [method, url, body] of [
      ["GET", "/transit/addresses", undefined],
      ["POST", "/transit/addresses", home],
      ["PUT", `/transit/addresses/${id}`, home],
      ["POST", `/transit/addresses/${id}/default`, undefined],
      ["DELETE", `/transit/addresses/${id}`, undefined],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const unverified = await request(method, url, unconfirmed, body);
      expect(unverified.statusCode, `${method} ${url}`).toBe(403);
      expect(unverified.json().errors[0].code).toBe(ErrorCode.emailNotVerified);
    }
  });
});
