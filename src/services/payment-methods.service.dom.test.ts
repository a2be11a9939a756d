import { describe, expect, it } from "vitest";
import type { SavedPaymentMethod } from "../domain/payments/saved.ts";
import { defaultPaymentGateway } from "../domain/portal-config.ts";
import { ApiRequestError, type HttpClient, type RequestOptions } from "./http.ts";
import {
  createGatewayClient,
  createPaymentMethodsService,
  createPayPalApproval,
  payPalStateKey,
} from "./payment-methods.service.ts";

const saved: SavedPaymentMethod = {
  id: "7a1c0000-0000-4000-8000-000000000001",
  kind: "card",
  commuter_benefits: false,
  nickname: null,
  is_default: false,
  brand: "visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2030,
  billing: { last_name: "Rider", address_1: "1 Main St", zip_code: "94105" },
  bank_name: null,
  account_type: null,
  holder_name: null,
  paypal_email: null,
  created_at: "2026-11-01T10:00:00.000Z",
};

/** Our API, recorded: every request and its body. */
function recordingHttp() {
  const calls: Array<{ path: string; method: string; body: unknown }> = [];
  const http: HttpClient = {
    async request<Data>(path: string, options: RequestOptions = {}) {
      const method = options.method ?? "GET";
      calls.push({ path, method, body: options.body });
      if (method === "POST" && path === "/transit/payment_methods") {
        return { payment_method: saved } as Data;
      }
      if (path.endsWith("/default")) return { payment_methods: [{ ...saved, is_default: true }] } as Data;
      if (method === "DELETE") return undefined;
      return { payment_methods: [saved] } as Data;
    },
  };
  return { http, calls };
}

/** The gateway, recorded: its own fetch, never our client. */
function recordingGateway(reply: (url: string, body: Record<string, unknown>) => Response) {
  const calls: Array<{ url: string; body: Record<string, unknown>; headers: Headers }> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
    calls.push({ url, body, headers: new Headers(init?.headers) });
    return reply(url, body);
  }) as typeof globalThis.fetch;
  return { tokenize: createGatewayClient(fetch), calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const card = {
  number: "4242424242424242",
  expMonth: 12,
  expYear: 2030,
  cvc: "123",
  postalCode: "94105",
  firstName: "Riley",
  lastName: "Rider",
  address: "1 Main St",
  nickname: "Commute",
  commuterBenefits: true,
  makeDefault: false,
};

function service(gateway: ReturnType<typeof recordingGateway>) {
  const api = recordingHttp();
  const methods = createPaymentMethodsService(api.http, () => "/transit", {
    config: () => defaultPaymentGateway,
    tokenize: gateway.tokenize,
  });
  return { methods, api };
}

describe("payment methods service", () => {
  it("sends the card to the gateway and only its token to our API", async () => {
    const gateway = recordingGateway(() =>
      json(200, {
        data: { token: "tok_sandbox_x.y", brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
        errors: [],
      }),
    );
    const { methods, api } = service(gateway);
    expect(await methods.addCard(card)).toEqual([saved]);
    expect(gateway.calls).toHaveLength(1);
    expect(gateway.calls[0]?.url).toBe("/sandbox-gateway/v1/tokens");
    expect(gateway.calls[0]?.body).toEqual({
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2030,
      cvc: "123",
      postal_code: "94105",
      name: "Riley Rider",
    });
    // The gateway is not ours to hand the rider's session to.
    expect(gateway.calls[0]?.headers.get("Authorization")).toBeNull();
    expect(api.calls[0]).toEqual({
      path: "/transit/payment_methods",
      method: "POST",
      body: {
        token: "tok_sandbox_x.y",
        nickname: "Commute",
        commuter_benefits: true,
        billing: { last_name: "Rider", address_1: "1 Main St", zip_code: "94105" },
      },
    });
    const sent = JSON.stringify(api.calls);
    expect(sent).not.toContain("4242424242424242");
    expect(sent).not.toMatch(/"(number|cvc|cvv)"/);
    expect(sent).not.toContain('"123"');
  });

  it("sets the new card as default when asked, answering the list from that call", async () => {
    const gateway = recordingGateway(() => json(200, { data: { token: "tok_sandbox_x.y" }, errors: [] }));
    const { methods, api } = service(gateway);
    const list = await methods.addCard({ ...card, makeDefault: true });
    expect(list[0]?.is_default).toBe(true);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /transit/payment_methods",
      `POST /transit/payment_methods/${saved.id}/default`,
    ]);
  });

  it("keeps the gateway's refusal with the field at fault, and sends nothing to our API", async () => {
    const gateway = recordingGateway(() =>
      json(402, {
        data: null,
        errors: [{ code: 40201, message: "bad", field: "cvc", reason: "invalid_cvc" }],
      }),
    );
    const { methods, api } = service(gateway);
    const refused = await methods.addCard(card).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).code).toBe(40201);
    expect((refused as ApiRequestError).errors[0]?.field).toBe("cvc");
    expect(api.calls).toEqual([]);
  });

  it("words an unreachable gateway as unavailable", async () => {
    const gateway = recordingGateway(() => {
      throw new TypeError("Failed to fetch");
    });
    const { methods } = service(gateway);
    const refused = await methods.addCard(card).catch((error: unknown) => error);
    expect((refused as ApiRequestError).code).toBe(50301);
    const down = service(recordingGateway(() => new Response("", { status: 503 })));
    expect(
      ((await down.methods.addCard(card).catch((error: unknown) => error)) as ApiRequestError).code,
    ).toBe(50301);
  });

  it("tokenizes a bank account and sends the holder with its token", async () => {
    const gateway = recordingGateway(() => json(200, { data: { token: "btok_sandbox_x.y" }, errors: [] }));
    const { methods, api } = service(gateway);
    await methods.addBank({
      routingNumber: "110000000",
      accountNumber: "000123456789",
      accountType: "savings",
      holderName: "Rosa Rider",
      nickname: null,
      makeDefault: false,
    });
    expect(gateway.calls[0]?.url).toBe("/sandbox-gateway/v1/bank_tokens");
    expect(gateway.calls[0]?.body).toEqual({
      routing_number: "110000000",
      account_number: "000123456789",
      account_type: "savings",
      account_holder_name: "Rosa Rider",
    });
    expect(api.calls[0]?.body).toEqual({
      token: "btok_sandbox_x.y",
      holder_name: "Rosa Rider",
      nickname: null,
    });
    expect(JSON.stringify(api.calls)).not.toContain("000123456789");
  });

  it("adds PayPal by its token, removes and sets the default by id", async () => {
    const { methods, api } = service(recordingGateway(() => json(500, {})));
    await methods.addPayPal("pptok_sandbox_x.y");
    await methods.remove(saved.id);
    await methods.setDefault(saved.id);
    expect(
      api.calls.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body ?? null)}`),
    ).toEqual([
      'POST /transit/payment_methods {"token":"pptok_sandbox_x.y"}',
      "GET /transit/payment_methods null",
      `DELETE /transit/payment_methods/${saved.id} null`,
      "GET /transit/payment_methods null",
      `POST /transit/payment_methods/${saved.id}/default null`,
    ]);
  });
});

describe("PayPal approval", () => {
  function approval() {
    const visited: string[] = [];
    const storage = window.sessionStorage;
    storage.clear();
    const payPal = createPayPalApproval(() => "/sandbox-gateway/paypal/approve", "/account/paymentmethods", {
      crypto: globalThis.crypto,
      storage,
      origin: "https://portal.example",
      go: (url) => visited.push(url),
    });
    return { payPal, visited, storage };
  }

  it("leaves with a fresh state, keeps only its digest, and takes it back once", async () => {
    const { payPal, visited, storage } = approval();
    await payPal.begin();
    const url = new URL(visited[0] ?? "", "https://portal.example");
    expect(url.pathname).toBe("/sandbox-gateway/paypal/approve");
    expect(url.searchParams.get("return_url")).toBe(
      "https://portal.example/account/paymentmethods?paypal=approved",
    );
    expect(url.searchParams.get("cancel_url")).toBe(
      "https://portal.example/account/paymentmethods?paypal=cancelled",
    );
    const state = url.searchParams.get("state") ?? "";
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(storage.getItem(payPalStateKey)).not.toContain(state);
    expect(await payPal.matches(state)).toBe(true);
    expect(storage.getItem(payPalStateKey)).toBeNull();
    // A new page load (PayPal's return is one) has nothing left to match.
    const { payPal: reloaded } = approval();
    expect(await reloaded.matches(state)).toBe(false);
  });

  it("answers the same return alike twice in one page load (effects run twice in development)", async () => {
    const { payPal, visited } = approval();
    await payPal.begin();
    const state = new URL(visited[0] ?? "", "https://portal.example").searchParams.get("state") ?? "";
    const [first, second] = await Promise.all([payPal.matches(state), payPal.matches(state)]);
    expect([first, second]).toEqual([true, true]);
    expect(await payPal.matches("someone-elses-state-0000000000")).toBe(false);
  });

  it("refuses a state it did not make", async () => {
    const { payPal } = approval();
    await payPal.begin();
    expect(await payPal.matches("someone-elses-state-0000000000")).toBe(false);
    expect(await payPal.matches("")).toBe(false);
  });
});
