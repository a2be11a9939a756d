import { beforeEach, describe, expect, it, vi } from "vitest";
import { activityPageOne, guestCard } from "../../tests/support/passes.ts";
import { minutesToWait } from "../domain/envelope.ts";
import { createGuestCardService } from "./guest-card.service.ts";
import { ApiRequestError, createHttpClient } from "./http.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

let storage: PortalStorage;
beforeEach(() => {
  localStorage.clear();
  storage = createPortalStorage(localStorage);
});

function setup(reply: (request: Request) => Response) {
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
  return { guest: createGuestCardService(http, () => "/transit", storage), requests, signals };
}

const tokenReply = { card_token: "ct_123", expires_at: "2026-11-23T20:00:00.000Z", fare_medium: guestCard };

describe("guest card service", () => {
  it("keeps a guest's card token under cardToken and isGuestUser, and every later call names it", async () => {
    const { guest, requests } = setup((request) =>
      request.method === "POST"
        ? json(201, { data: tokenReply, errors: [] })
        : json(200, {
            data: request.url.includes("activity") ? activityPageOne : { fare_medium: guestCard },
            errors: [],
          }),
    );
    expect(guest.holdsToken()).toBe(false);
    await expect(guest.open("6000000000000031", "731")).resolves.toEqual(guestCard);
    expect(storage.get("cardToken")).toBe("ct_123");
    expect(storage.get("isGuestUser")).toBe(true);
    expect(await requests[0]?.json()).toEqual({ card_number: "6000000000000031", security_code: "731" });
    await guest.card();
    await guest.activity(12, null);
    expect(requests[1]?.headers.get("authorization")).toBe("Card ct_123");
    expect(new URL(requests[2]?.url ?? "").search).toBe("?limit=12");
    // The next visit finds it.
    expect(setup(() => json(200, {})).guest.holdsToken()).toBe(true);
  });

  it("adds value with the card token named, even beside a signed-in rider's own session", async () => {
    storage.set("authToken", "rider-token");
    const { guest, requests, signals } = setup((request) =>
      request.url.endsWith("/card_tokens")
        ? json(201, { data: tokenReply, errors: [] })
        : json(201, { data: { order: { id: "o1" }, fare_medium: guestCard }, errors: [] }),
    );
    await guest.open("6000000000000031", "731");
    // A rider's card token stays in memory: the rider's own session is not turned into a guest's.
    expect(storage.get("cardToken")).toBeNull();
    const body = {
      amount: 1_000,
      expected_total: 1_000,
      email: "rider@example.com",
      payments: [{ kind: "card" as const, token: "tok", amount: 1_000 }],
    };
    await guest.load(body, "key-guest");
    expect(new URL(requests[1]?.url ?? "").pathname).toBe("/transit/anonymous/card/loads");
    expect(requests[1]?.headers.get("authorization")).toBe("Card ct_123");
    expect(requests[1]?.headers.get("idempotency-key")).toBe("key-guest");
    expect(await requests[1]?.json()).toEqual(body);
    expect(signals.sessionExpired).not.toHaveBeenCalled();
  });

  it("forgets the token when the guest is done, even when the server could not be told", async () => {
    storage.set("cardToken", "ct_123");
    storage.set("isGuestUser", true);
    const { guest, requests } = setup(() =>
      json(503, { data: null, errors: [{ code: 50301, message: "down" }] }),
    );
    await expect(guest.done()).rejects.toBeInstanceOf(ApiRequestError);
    expect(requests[0]?.method).toBe("DELETE");
    expect(requests[0]?.headers.get("authorization")).toBe("Card ct_123");
    expect(storage.get("cardToken")).toBeNull();
    expect(storage.get("isGuestUser")).toBeNull();
  });

  it("forgets an expired token (401) and never signs a rider out for it", async () => {
    storage.set("authToken", "rider-token");
    const { guest, requests, signals } = setup((request) =>
      request.method === "POST"
        ? json(201, { data: tokenReply, errors: [] })
        : json(401, { data: null, errors: [{ code: 40101, message: "Unauthorized" }] }),
    );
    await guest.open("6000000000000031", "731");
    // A rider's session stays theirs: the card token lives in memory only.
    expect(storage.get("cardToken")).toBeNull();
    await expect(guest.card()).rejects.toBeInstanceOf(ApiRequestError);
    expect(requests[1]?.headers.get("authorization")).toBe("Card ct_123");
    expect(signals.sessionExpired).not.toHaveBeenCalled();
    expect(guest.holdsToken()).toBe(false);
  });

  it("reads how long a throttled attempt must wait from Retry-After", async () => {
    const { guest } = setup(() =>
      json(
        429,
        { data: null, errors: [{ code: 42901, message: "Too many attempts" }] },
        { "Retry-After": "540" },
      ),
    );
    const error = await guest.open("6000000000000031", "000").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(minutesToWait(error)).toBe(9);
  });
});
