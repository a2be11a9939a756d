import { describe, expect, it } from "vitest";
import { appleLoginPayload } from "../domain/accounts.ts";
import { appleStateKey, createAppleSignInService } from "./apple-sign-in.service.ts";

/** The browser's crypto and storage; leaving for Apple is recorded instead of navigating. */
function browserRecordingNavigation() {
  const visited: string[] = [];
  const browser = {
    crypto: globalThis.crypto,
    storage: sessionStorage,
    go: (url: string) => void visited.push(url),
  };
  return { browser, visited };
}

describe("Apple sign-in state", () => {
  it("stores only a digest of the state it sends to Apple, and accepts that state back once", async () => {
    sessionStorage.clear();
    const { browser, visited } = browserRecordingNavigation();
    const apple = createAppleSignInService(() => "/accounts", browser);
    await apple.begin();
    const state = new URL(visited[0] ?? "", "http://portal.test").searchParams.get("state") ?? "";
    expect(visited[0]).toMatch(/^\/accounts\/oauth\/apple\?state=[A-Za-z0-9_-]{32}$/);
    expect(sessionStorage.getItem(appleStateKey)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionStorage.getItem(appleStateKey)).not.toContain(state);
    expect(await apple.matches(state)).toBe(true);
    // Used up: a replayed return fails.
    expect(await apple.matches(state)).toBe(false);
  });

  it("refuses a state that was never stored or differs", async () => {
    sessionStorage.clear();
    const { browser } = browserRecordingNavigation();
    const apple = createAppleSignInService(() => "/accounts", browser);
    expect(await apple.matches("forged-state")).toBe(false);
    await apple.begin();
    expect(await apple.matches("another-state")).toBe(false);
  });
});

describe("Apple login payload", () => {
  it("sends email and names only when present and not the literal 'undefined'", () => {
    expect(
      appleLoginPayload({
        state: "s",
        idToken: "tok",
        email: "a@b.org",
        firstName: " Ada ",
        lastName: "undefined",
      }),
    ).toEqual({ access_token: "tok", login_type: "AppleId", email: "a@b.org", first_name: "Ada" });
    expect(
      appleLoginPayload({
        state: "s",
        idToken: "tok",
        email: "undefined",
        firstName: "",
        lastName: "undefined",
      }),
    ).toEqual({ access_token: "tok", login_type: "AppleId" });
  });
});
