import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  autoloadWeekly,
  loadOrder,
  source,
  spare,
  transferReply,
  visa,
  wallet as walletReply,
} from "../../tests/support/wallet.ts";
import { ApiRequestError, createHttpClient } from "./http.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";
import { createWalletService } from "./wallet.service.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

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
    return reply(request.clone());
  };
  const signals = { sessionExpired: vi.fn(), networkLost: vi.fn(), accountDeactivated: vi.fn() };
  const http = createHttpClient({ storage, signals, clientId: () => "web-client", fetch });
  return { service: createWalletService(http, () => "/transit"), requests };
}

const pathOf = (request: Request | undefined) => new URL(request?.url ?? "http://portal.test/").pathname;
const load = {
  amount: 1_000,
  expected_total: 1_000,
  payments: [{ kind: "saved" as const, payment_method: visa.id, amount: 1_000 }],
};

describe("wallet service", () => {
  it("transfers with the caller's Idempotency-Key", async () => {
    const { service, requests } = setup(() => json(201, { data: transferReply, errors: [] }));
    const body = { from: source.faremedia_id, to: spare.faremedia_id, amount: 500 };
    await expect(service.transfer(body, "key-1")).resolves.toEqual(transferReply);
    expect(pathOf(requests[0])).toBe("/transit/faremedia/transfers");
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.headers.get("idempotency-key")).toBe("key-1");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer rider-token");
    expect(await requests[0]?.json()).toEqual(body);
  });

  it("loads a card, the wallet and a guest's card, each with its key", async () => {
    const { service, requests } = setup((request) =>
      json(201, {
        data:
          pathOf(request) === "/transit/wallet/loads"
            ? { order: loadOrder, wallet: walletReply }
            : { order: loadOrder, fare_medium: source },
        errors: [],
      }),
    );
    await expect(service.loadCard(source.faremedia_id, load, "key-card")).resolves.toEqual({
      order: loadOrder,
      fare_medium: source,
    });
    await expect(service.loadWallet(load, "key-wallet")).resolves.toEqual({
      order: loadOrder,
      wallet: walletReply,
    });
    expect(requests.map(pathOf)).toEqual([
      `/transit/faremedia/${source.faremedia_id}/loads`,
      "/transit/wallet/loads",
    ]);
    expect(requests.map((request) => request.headers.get("idempotency-key"))).toEqual([
      "key-card",
      "key-wallet",
    ]);
  });

  it("reads the wallet", async () => {
    const { service, requests } = setup(() => json(200, { data: { wallet: walletReply }, errors: [] }));
    await expect(service.wallet()).resolves.toEqual(walletReply);
    expect(pathOf(requests[0])).toBe("/transit/wallet");
  });

  it("puts and deletes a card's autoload (the id kept inside the path) and the wallet's", async () => {
    const { service, requests } = setup((request) =>
      request.method === "DELETE"
        ? new Response(null, { status: 204 })
        : json(200, { data: { autoload: autoloadWeekly }, errors: [] }),
    );
    const body = { amount: 2_000, payment_method: visa.id, trigger: "weekly" as const, weekday: 1 };
    await expect(service.saveAutoload({ kind: "card", id: source.faremedia_id }, body)).resolves.toEqual(
      autoloadWeekly,
    );
    await expect(service.removeAutoload({ kind: "card", id: "../users" })).resolves.toBeUndefined();
    // The wallet's own autoload (issue 47).
    await expect(service.saveAutoload({ kind: "wallet" }, body)).resolves.toEqual(autoloadWeekly);
    await expect(service.removeAutoload({ kind: "wallet" })).resolves.toBeUndefined();
    expect(requests.map((request) => `${request.method} ${pathOf(request)}`)).toEqual([
      `PUT /transit/faremedia/${source.faremedia_id}/autoload`,
      "DELETE /transit/faremedia/..%2Fusers/autoload",
      "PUT /transit/wallet/autoload",
      "DELETE /transit/wallet/autoload",
    ]);
  });

  it("keeps a declined leg's field on the client's error", async () => {
    const { service } = setup(() =>
      json(422, {
        data: null,
        errors: [
          {
            code: 42203,
            message: "Your card was declined.",
            field: "payments/1",
            reason: "insufficient_funds",
          },
        ],
      }),
    );
    const failure = await service.loadCard(source.faremedia_id, load, "key").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ code: 42203, errors: [{ field: "payments/1" }] });
  });
});
