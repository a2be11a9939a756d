import { describe, expect, it } from "vitest";
import { socialStartPath, socialStateKey } from "../domain/identity.ts";
import type { HttpClient, RequestOptions } from "./http.ts";
import { createSocialSignInService, parseTrip } from "./social-sign-in.service.ts";

const startedAt = Date.UTC(2026, 10, 23, 12, 0, 0);

/** The browser's crypto and storage; leaving is recorded instead of navigating, time is fixed. */
function recordingBrowser(reply: unknown = undefined) {
  sessionStorage.clear();
  const visited: string[] = [];
  const calls: Array<{ path: string; options: RequestOptions | undefined }> = [];
  let now = startedAt;
  const http: HttpClient = {
    async request<Data>(path: string, options?: RequestOptions) {
      calls.push({ path, options });
      return reply as Data | undefined;
    },
  };
  const service = createSocialSignInService(
    http,
    { accounts: () => "/accounts", login: () => "/accounts" },
    {
      crypto: globalThis.crypto,
      storage: sessionStorage,
      go: (url: string) => void visited.push(url),
      now: () => now,
    },
  );
  const sent = (index = 0) => new URL(visited[index] ?? "", "http://portal.test");
  return {
    service,
    visited,
    calls,
    sent,
    later: (ms: number) => {
      now += ms;
    },
  };
}

describe("social sign-in trips", () => {
  it("leaves for Google with a state and a nonce, keeping only the state's digest", async () => {
    const { service, sent } = recordingBrowser();
    await service.begin("google", "signIn");
    const url = sent();
    expect(url.pathname).toBe(socialStartPath.google);
    const state = url.searchParams.get("state") ?? "";
    const nonce = url.searchParams.get("nonce") ?? "";
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(nonce).not.toBe(state);
    const stored = parseTrip(sessionStorage.getItem(socialStateKey));
    expect(stored).toEqual({
      provider: "google",
      state: expect.stringMatching(/^[0-9a-f]{64}$/),
      nonce,
      intent: "signIn",
      startedAt,
    });
    expect(sessionStorage.getItem(socialStateKey)).not.toContain(state);
  });

  it("leaves for Facebook and Apple with a state only", async () => {
    const { service, sent } = recordingBrowser();
    await service.begin("facebook", "link");
    await service.begin("apple", "signIn");
    expect(sent(0).pathname).toBe(socialStartPath.facebook);
    expect([...sent(0).searchParams.keys()]).toEqual(["state"]);
    expect(sent(1).pathname).toBe(socialStartPath.apple);
    expect(parseTrip(sessionStorage.getItem(socialStateKey))?.intent).toBe("signIn");
  });

  it("accepts the state back once, and the trip is gone for the next page load", async () => {
    const { service, sent } = recordingBrowser();
    await service.begin("facebook", "link");
    const state = sent().searchParams.get("state") ?? "";
    const taken = await service.takeTrip(state);
    expect(taken.stateMatches).toBe(true);
    expect(taken.trip?.provider).toBe("facebook");
    expect(taken.trip?.intent).toBe("link");
    expect(sessionStorage.getItem(socialStateKey)).toBeNull();
    // React's development mode checks the same return twice within one page load.
    expect((await service.takeTrip(state)).stateMatches).toBe(true);
    const { service: nextLoad } = recordingBrowser();
    expect(await nextLoad.takeTrip(state)).toEqual({ trip: null, stateMatches: false, now: startedAt });
  });

  it("refuses another state, and reports the time the trip was read", async () => {
    const { service, later } = recordingBrowser();
    await service.begin("google", "signIn");
    later(11 * 60 * 1000);
    const taken = await service.takeTrip("another-state-0123456789");
    expect(taken.stateMatches).toBe(false);
    expect(taken.now - (taken.trip?.startedAt ?? 0)).toBe(11 * 60 * 1000);
    expect((await service.takeTrip("")).stateMatches).toBe(false);
  });

  it("reads no trip from anything else stored under its key", () => {
    expect(parseTrip(null)).toBeNull();
    expect(parseTrip("not json")).toBeNull();
    expect(
      parseTrip(JSON.stringify({ provider: "github", state: "x", intent: "signIn", startedAt: 1 })),
    ).toBeNull();
    expect(
      parseTrip(JSON.stringify({ provider: "google", state: "x", intent: "steal", startedAt: 1 })),
    ).toBeNull();
    expect(
      parseTrip(JSON.stringify({ provider: "google", state: "x", intent: "link", startedAt: "1" })),
    ).toBeNull();
  });

  it("signs in with the provider's payload on /users/login", async () => {
    const { service, calls } = recordingBrowser({ access_token: "t".repeat(43), mfa_enrollment_status: 0 });
    const result = await service.signIn({ login_type: "Google", code: "c0de", nonce: "n".repeat(32) });
    expect(result.access_token).toBe("t".repeat(43));
    expect(calls).toEqual([
      {
        path: "/accounts/users/login",
        options: { method: "POST", body: { login_type: "Google", code: "c0de", nonce: "n".repeat(32) } },
      },
    ]);
  });
});
