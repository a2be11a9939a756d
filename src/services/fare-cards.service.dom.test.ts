import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  activityOne,
  cardList,
  commuteDetail,
  commuteId,
  throttledError,
} from "../../tests/support/fare-cards.ts";
import { createFareCardsService } from "./fare-cards.service.ts";
import { ApiRequestError, createHttpClient } from "./http.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

let storage: PortalStorage;
beforeEach(() => {
  localStorage.clear();
  storage = createPortalStorage(localStorage);
  storage.set("authToken", "rider-token");
});

/** The real client over a fake fetch that records every request. */
function setup(reply: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), "http://portal.test"),
      init,
    );
    requests.push(request);
    return reply(request);
  };
  const signals = { sessionExpired: vi.fn(), networkLost: vi.fn(), accountDeactivated: vi.fn() };
  const http = createHttpClient({ storage, signals, clientId: () => "web-client", fetch });
  return { cards: createFareCardsService(http, () => "/transit"), requests };
}

const line = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
};

describe("fare cards service", () => {
  it("opens a card's page with the list, the card and its first activity page", async () => {
    const { cards, requests } = setup((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/transit/faremedia") return json(200, { data: { fare_mediums: cardList }, errors: [] });
      if (path.endsWith("/activity")) return json(200, { data: activityOne, errors: [] });
      return json(200, { data: { fare_medium: commuteDetail }, errors: [] });
    });
    const loaded = await cards.load(commuteId, 12);
    expect(loaded).toEqual({ cards: cardList, card: commuteDetail, activity: activityOne });
    expect(requests.map(line).sort()).toEqual(
      [
        "GET /transit/faremedia",
        `GET /transit/faremedia/${commuteId}`,
        `GET /transit/faremedia/${commuteId}/activity?limit=12`,
      ].sort(),
    );
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer rider-token");
  });

  it("asks for older activity after the cursor", async () => {
    const { cards, requests } = setup(() => json(200, { data: activityOne, errors: [] }));
    await cards.activity(commuteId, { limit: 12, after: "cursor-2" });
    expect(requests.map(line)).toEqual([
      `GET /transit/faremedia/${commuteId}/activity?limit=12&after=cursor-2`,
    ]);
  });

  it("sends each change to its route", async () => {
    const { cards, requests } = setup((request) => {
      if (request.method === "DELETE" || new URL(request.url).pathname.endsWith("/unlink")) {
        return new Response(null, { status: 204 });
      }
      if (new URL(request.url).pathname.endsWith("/auto_renew")) {
        return json(201, { data: { auto_renew: commuteDetail.auto_renew[0] }, errors: [] });
      }
      return json(200, { data: { fare_medium: commuteDetail }, errors: [] });
    });
    await cards.rename(commuteId, "Work card");
    await cards.link({ card_number: "6000000000000015", security_code: "123", nickname: null });
    await cards.block(commuteId);
    await cards.unblock(commuteId);
    await cards.unlink(commuteId);
    await cards.remove(commuteId);
    await cards.enableAutoRenew(commuteId, { pass: "p", payment_method: "m" });
    await cards.removeAutoRenew(commuteId, "r1");
    expect(requests.map(line)).toEqual([
      `PATCH /transit/faremedia/${commuteId}`,
      "POST /transit/faremedia/link",
      `POST /transit/faremedia/${commuteId}/block`,
      `POST /transit/faremedia/${commuteId}/unblock`,
      `POST /transit/faremedia/${commuteId}/unlink`,
      `DELETE /transit/faremedia/${commuteId}`,
      `POST /transit/faremedia/${commuteId}/auto_renew`,
      `DELETE /transit/faremedia/${commuteId}/auto_renew/r1`,
    ]);
    expect(await requests[0]?.json()).toEqual({ nickname: "Work card" });
    expect(await requests[1]?.json()).toEqual({
      card_number: "6000000000000015",
      security_code: "123",
      nickname: null,
    });
    expect(await requests[6]?.json()).toEqual({ pass: "p", payment_method: "m" });
  });

  it("a throttled link keeps the seconds to wait", async () => {
    const { cards } = setup(() =>
      json(429, { data: null, errors: throttledError.errors }, { "Retry-After": "300" }),
    );
    const refusal: unknown = await cards
      .link({ card_number: "6000000000000015", security_code: "1" })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRequestError);
    expect(refusal).toMatchObject({ code: 42901, retryAfter: 300 });
  });
});
