import { describe, expect, it } from "vitest";
import { createFacebookClient } from "./facebook.ts";

const now = new Date("2026-11-23T12:00:00Z");
const seconds = Math.floor(now.getTime() / 1000);
const appId = "100000000000042";
const redirectUri = "https://portal.test/oauth/facebook/return";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

interface Graph {
  token?: () => Promise<Response>;
  debug?: Record<string, unknown>;
  me?: Record<string, unknown>;
}

/** A Graph API answering in process; the URLs the client asked are kept. */
function clientWith(graph: Graph = {}) {
  const asked: URL[] = [];
  const client = createFacebookClient({
    appId,
    appSecret: "app-secret",
    redirectUri,
    now: () => now,
    transport: async (url) => {
      const parsed = new URL(url);
      asked.push(parsed);
      if (parsed.pathname.endsWith("/oauth/access_token"))
        return graph.token ? graph.token() : json({ access_token: "EAAtoken", token_type: "bearer" });
      if (parsed.pathname === "/debug_token")
        return json({
          data: {
            app_id: appId,
            type: "USER",
            is_valid: true,
            expires_at: seconds + 3600,
            user_id: "10222",
            ...graph.debug,
          },
        });
      if (parsed.pathname.endsWith("/me"))
        return json({
          id: "10222",
          email: "ada@example.org",
          first_name: "Ada",
          last_name: "Lovelace",
          ...graph.me,
        });
      return json({ error: "unknown" }, 404);
    },
  });
  return { client, asked };
}

describe("the Facebook client", () => {
  it("sends the rider to the dialog with the app, return route, state and scopes", () => {
    const url = new URL(clientWith().client.authorizeUrl("state-0123456789abcdef"));
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v21.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: appId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "email public_profile",
      state: "state-0123456789abcdef",
    });
  });

  it("exchanges the code, checks the token with debug_token, and reads /me", async () => {
    const { client, asked } = clientWith();
    expect(await client.verify("AQcode")).toEqual({
      subject: "10222",
      email: "ada@example.org",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({
      client_id: appId,
      client_secret: "app-secret",
      redirect_uri: redirectUri,
      code: "AQcode",
    });
    expect(Object.fromEntries(asked[1]?.searchParams ?? [])).toEqual({
      input_token: "EAAtoken",
      access_token: `${appId}|app-secret`,
    });
    expect(asked[2]?.searchParams.get("fields")).toBe("id,email,first_name,last_name");
    expect(asked[2]?.searchParams.get("appsecret_proof")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("takes a token that never expires, and a rider without an email", async () => {
    expect(await clientWith({ debug: { expires_at: 0 } }).client.verify("AQcode")).not.toBeNull();
    expect(await clientWith({ me: { email: undefined } }).client.verify("AQcode")).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });

  it.each([
    ["a token issued to another app", { debug: { app_id: "999999999" } }],
    ["a token that is not valid", { debug: { is_valid: false } }],
    ["an expired token", { debug: { expires_at: seconds - 1 } }],
    ["no expiry", { debug: { expires_at: "soon" } }],
    ["a /me of another user", { me: { id: "10333" } }],
    ["a /me without an id", { me: { id: undefined } }],
    ["a refused code", { token: () => Promise.resolve(json({ error: { message: "Invalid code" } }, 400)) }],
    ["an exchange without a token", { token: () => Promise.resolve(json({ token_type: "bearer" })) }],
    ["an exchange that is not JSON", { token: () => Promise.resolve(new Response("<html>")) }],
    ["a network error", { token: () => Promise.reject(new TypeError("fetch failed")) }],
    ["a time-out", { token: () => Promise.reject(new DOMException("timed out", "TimeoutError")) }],
  ])("refuses %s, without throwing", async (_what, graph: Graph) => {
    await expect(clientWith(graph).client.verify("AQcode")).resolves.toBeNull();
  });
});
