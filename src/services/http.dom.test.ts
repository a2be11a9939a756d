import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, createHttpClient } from "./http.ts";
import { createPortalStorage, type PortalStorage } from "./storage.ts";

type Handler = (request: Request) => Response | Promise<Response>;

function setup(handler: Handler, waits: number[] = []) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), "http://portal.test"),
      init,
    );
    requests.push(request);
    return handler(request);
  }) as unknown as typeof globalThis.fetch;
  const signals = {
    sessionExpired: vi.fn(),
    networkLost: vi.fn(),
    accountDeactivated: vi.fn(),
    serverBusy: vi.fn(),
  };
  // No test waits on the clock: a wait is written down and returns at once; the jitter is a quarter second.
  const client = createHttpClient({
    storage,
    signals,
    clientId: () => "web-client",
    fetch,
    wait: async (ms) => void waits.push(ms),
    jitter: () => 0.25,
  });
  return { client, signals, requests };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let storage: PortalStorage;
beforeEach(() => {
  localStorage.clear();
  storage = createPortalStorage(localStorage);
  storage.useLanguageKey("Bytemark-CW-lang");
});

describe("http client", () => {
  it("sends JSON, the stored language and the client id", async () => {
    storage.set("language", "es");
    const { client, requests } = setup(() => json(200, { data: { ok: true }, errors: [] }));
    await expect(client.request("/transit/org_config")).resolves.toEqual({ ok: true });
    const headers = requests[0]?.headers;
    expect(headers?.get("content-type")).toBe("application/json");
    expect(headers?.get("accept-language")).toBe("es");
    expect(headers?.get("x-client-id")).toBe("web-client");
    expect(headers?.get("authorization")).toBeNull();
  });

  it("defaults Accept-Language to en", async () => {
    const { client, requests } = setup(() => json(200, { data: null, errors: [] }));
    await client.request("/x");
    expect(requests[0]?.headers.get("accept-language")).toBe("en");
  });

  it.each([
    ["a signed-in rider", { authToken: "auth" }, "Bearer auth"],
    ["a guest with a card token", { isGuestUser: true, cardToken: "card" }, "Card card"],
    ["a temporary token during two-factor", { tempAuthToken: "temp" }, "Bearer temp"],
    // A guest who opened a card and now signs in is the rider signing in, not the card (issue 35).
    [
      "a sign-in under way beside a guest's card token",
      { isGuestUser: true, cardToken: "card", tempAuthToken: "temp" },
      "Bearer temp",
    ],
    [
      "a signed-in rider beside a guest's card token",
      { isGuestUser: true, cardToken: "card", authToken: "auth" },
      "Bearer auth",
    ],
  ] as const)("authorizes %s", async (_, stored, expected) => {
    for (const [key, value] of Object.entries(stored)) storage.set(key as "authToken", value as string);
    const { client, requests } = setup(() => json(200, { data: null, errors: [] }));
    await client.request("/x");
    expect(requests[0]?.headers.get("authorization")).toBe(expected);
  });

  it.each([204, 205])("returns nothing for %i", async (status) => {
    const { client } = setup(() => new Response(null, { status }));
    await expect(client.request("/x", { method: "POST", body: {} })).resolves.toBeUndefined();
  });

  it("throws the envelope's errors for other statuses", async () => {
    const { client, signals } = setup(() =>
      json(400, { data: null, errors: [{ code: 40001, message: "bad" }] }),
    );
    const error = await client.request("/x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).code).toBe(40001);
    expect(signals.sessionExpired).not.toHaveBeenCalled();
    expect(signals.networkLost).not.toHaveBeenCalled();
  });

  it("expires the session on a 401 while signed in", async () => {
    storage.set("authToken", "auth");
    const { client, signals } = setup(() =>
      json(401, { data: null, errors: [{ code: 40101, message: "no" }] }),
    );
    await expect(client.request("/x")).rejects.toBeInstanceOf(ApiRequestError);
    expect(signals.sessionExpired).toHaveBeenCalledOnce();
  });

  it.each([
    ["signed out", null],
    ["signed in again as someone else", "other"],
  ] as const)(
    "says nothing of a 401 or 50020 about a session the rider %s from meanwhile",
    async (_, next) => {
      storage.set("authToken", "auth");
      const { client, signals } = setup(() => {
        if (next === null) storage.remove("authToken");
        else storage.set("authToken", next);
        return json(401, { data: null, errors: [{ code: 50020, message: "gone" }] });
      });
      await expect(client.request("/x")).rejects.toMatchObject({ code: 50020 });
      expect(signals.sessionExpired).not.toHaveBeenCalled();
      expect(signals.accountDeactivated).not.toHaveBeenCalled();
    },
  );

  it("reports a deactivated account (40104) instead of an expired session while signed in", async () => {
    storage.set("authToken", "auth");
    const { client, signals } = setup(() =>
      json(401, { data: null, errors: [{ code: 40104, message: "This account has been deactivated." }] }),
    );
    await expect(client.request("/x")).rejects.toMatchObject({ code: 40104 });
    expect(signals.accountDeactivated).toHaveBeenCalledOnce();
    expect(signals.sessionExpired).not.toHaveBeenCalled();
  });

  it("leaves a deactivated account's refused sign-in to the sign-in form", async () => {
    const { client, signals } = setup(() =>
      json(401, { data: null, errors: [{ code: 40104, message: "This account has been deactivated." }] }),
    );
    await expect(client.request("/x")).rejects.toMatchObject({ code: 40104 });
    expect(signals.accountDeactivated).not.toHaveBeenCalled();
  });

  it("does not expire anything on a 401 for a guest", async () => {
    const { client, signals } = setup(() =>
      json(401, { data: null, errors: [{ code: 40102, message: "mismatch" }] }),
    );
    await expect(client.request("/x")).rejects.toBeInstanceOf(ApiRequestError);
    expect(signals.sessionExpired).not.toHaveBeenCalled();
  });

  it("expires the session on error 50020 in any reply, even a 200", async () => {
    const { client, signals } = setup(() =>
      json(200, { data: null, errors: [{ code: 50020, message: "gone" }] }),
    );
    await expect(client.request("/x")).rejects.toMatchObject({ code: 50020 });
    expect(signals.sessionExpired).toHaveBeenCalledOnce();
  });

  it("reports a lost network on no reply, without signing out", async () => {
    storage.set("authToken", "auth");
    const { client, signals } = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(client.request("/x")).rejects.toMatchObject({ status: 0, code: 50301 });
    expect(signals.networkLost).toHaveBeenCalledOnce();
    expect(signals.sessionExpired).not.toHaveBeenCalled();
    expect(storage.isSignedIn()).toBe(true);
  });

  it("reports a lost network on 503", async () => {
    const { client, signals } = setup(() => new Response("unavailable", { status: 503 }));
    await expect(client.request("/x")).rejects.toMatchObject({ status: 503 });
    expect(signals.networkLost).toHaveBeenCalledOnce();
  });

  const busy = (retryAfter = "1") =>
    new Response(
      JSON.stringify({
        data: null,
        errors: [{ code: 50302, message: "The service is busy. Try again in a moment." }],
      }),
      { status: 503, headers: { "content-type": "application/json", "retry-after": retryAfter } },
    );

  it("waits what a busy server asks and tries again, saying it is busy once, never 'network lost'", async () => {
    let calls = 0;
    const waits: number[] = [];
    const { client, signals, requests } = setup(
      () => (++calls <= 3 ? busy() : json(200, { data: { token: "t" }, errors: [] })),
      waits,
    );
    await expect(
      client.request("/accounts/users/login", { method: "POST", body: { email: "a@b.c", password: "x" } }),
    ).resolves.toEqual({ token: "t" });
    expect(waits).toEqual([1250, 1250, 1250]);
    expect(requests).toHaveLength(4);
    // The same request each time, body included.
    expect(await requests[3]?.json()).toEqual({ email: "a@b.c", password: "x" });
    expect(signals.serverBusy).toHaveBeenCalledOnce();
    expect(signals.networkLost).not.toHaveBeenCalled();
  });

  it("gives up on a busy server after a minute of waiting, with the busy error and no 'network lost'", async () => {
    const waits: number[] = [];
    const { client, signals } = setup(() => busy("2"), waits);
    await expect(client.request("/x", { method: "POST", body: {} })).rejects.toMatchObject({
      status: 503,
      code: 50302,
      retryAfter: 2,
    });
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(60_000);
    expect(waits).toHaveLength(26);
    expect(signals.networkLost).not.toHaveBeenCalled();
  });

  it("does not wait on a 503 that is no busy answer, nor on a Retry-After past 10 s", async () => {
    const waits: number[] = [];
    const { client, signals } = setup(() => busy("120"), waits);
    await expect(client.request("/x")).rejects.toMatchObject({ status: 503, retryAfter: 120 });
    expect(waits).toEqual([]);
    expect(signals.serverBusy).not.toHaveBeenCalled();
  });

  it("sends bodies and query strings", async () => {
    const { client, requests } = setup(() => json(200, { data: 1, errors: [] }));
    await client.request("/transit/api/get_form", {
      method: "POST",
      body: { form_method: "SIGN_IN" },
      query: { a: "b" },
    });
    expect(requests[0]?.method).toBe("POST");
    expect(new URL(requests[0]?.url ?? "").searchParams.get("a")).toBe("b");
    expect(await requests[0]?.json()).toEqual({ form_method: "SIGN_IN" });
  });
});
