import { beforeEach, describe, expect, it, vi } from "vitest";
import { onlyPage, orderId, passOrder } from "../../tests/support/orders.ts";
import { ApiRequestError, createHttpClient } from "./http.ts";
import { createOrdersService } from "./orders.service.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let storage: PortalStorage;
beforeEach(() => {
  localStorage.clear();
  storage = createPortalStorage(localStorage);
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
  return { orders: createOrdersService(http, () => "/transit"), requests, signals };
}

const pathOf = (request: Request | undefined) => {
  const url = new URL(request?.url ?? "http://portal.test/");
  return `${url.pathname}${url.search}`;
};

describe("orders service", () => {
  it("asks for the first page without a cursor and a later one after the previous page's next", async () => {
    storage.set("authToken", "rider-token");
    const { orders, requests } = setup(() => json(200, { data: onlyPage, errors: [] }));
    await expect(orders.page(12, null)).resolves.toEqual(onlyPage);
    await orders.page(12, "cursor/2+=");
    expect(requests.map(pathOf)[0]).toBe("/transit/orders?limit=12");
    const later = new URL(requests[1]?.url ?? "http://portal.test/");
    expect(later.pathname).toBe("/transit/orders");
    expect(Object.fromEntries(later.searchParams)).toEqual({ limit: "12", after: "cursor/2+=" });
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer rider-token");
  });

  it("reads one order, its id kept inside the path", async () => {
    const { orders, requests } = setup(() => json(200, { data: passOrder, errors: [] }));
    await expect(orders.detail(orderId)).resolves.toEqual(passOrder);
    await orders.detail("../users");
    expect(requests.map(pathOf)).toEqual([`/transit/orders/${orderId}`, "/transit/orders/..%2Fusers"]);
  });

  it("reads a guest's order on the anonymous route with its link", async () => {
    const { orders, requests } = setup(() => json(200, { data: passOrder, errors: [] }));
    await expect(orders.guestDetail(orderId, "link&x=1")).resolves.toEqual(passOrder);
    expect(requests.map(pathOf)).toEqual([`/transit/anonymous/orders/${orderId}?link=link%26x=1`]);
    expect(requests[0]?.headers.get("authorization")).toBeNull();
  });

  it("answers an unknown order (or a wrong link) as the API's 404 code", async () => {
    const { orders } = setup(() =>
      json(404, { data: null, errors: [{ code: 40401, message: "Order not found" }] }),
    );
    const failure = orders.guestDetail(orderId, "wrong");
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 404, code: 40401 });
  });

  it("reports no reply as the network being lost", async () => {
    const { orders, signals } = setup(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(orders.page(12, null)).rejects.toMatchObject({ status: 0, code: 50301 });
    expect(signals.networkLost).toHaveBeenCalledOnce();
  });

  it("refuses a reply without data", async () => {
    const { orders } = setup(() => json(200, { data: null, errors: [] }));
    await expect(orders.page(12, null)).rejects.toThrow("GET /orders answered without data");
    await expect(orders.detail(orderId)).rejects.toThrow("GET /orders/:id answered without data");
  });
});
