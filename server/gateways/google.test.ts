import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createGoogleClient } from "./google.ts";
import type { IdentityTransport } from "./identity.ts";

const now = new Date("2026-11-23T12:00:00Z");
const seconds = Math.floor(now.getTime() / 1000);
const clientId = "client-123.apps.googleusercontent.com";
const nonce = "nonce-0123456789abcdef";
const redirectUri = "https://portal.test/oauth/google/return";
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256" };
  otherKey = (await generateKeyPair("RS256")).privateKey;
});

const idToken = (claims: Record<string, unknown> = {}, key?: CryptoKey) =>
  new SignJWT({
    iss: "https://accounts.google.com",
    aud: clientId,
    sub: "110248495921238986420",
    email: "grace@example.org",
    email_verified: true,
    given_name: "Grace",
    family_name: "Hopper",
    nonce,
    iat: seconds - 5,
    exp: seconds + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .sign(key ?? privateKey);

/** A Google whose token endpoint answers `reply`; what the client sent is kept. */
function clientAnswering(reply: () => Promise<Response>) {
  const sent: { url: string; body: string | undefined }[] = [];
  const transport: IdentityTransport = async (url, init) => {
    sent.push({ url, body: init.body });
    return reply();
  };
  const client = createGoogleClient({
    clientId,
    clientSecret: "secret-xyz",
    keys: { set: { keys: [jwk] } },
    transport,
    redirectUri,
    now: () => now,
  });
  return { client, sent };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const withToken = (token: string) =>
  clientAnswering(async () => json({ id_token: token, access_token: "at" }));

describe("the Google client", () => {
  it("sends the rider to Google with the client, return route, state, nonce and scopes", () => {
    const { client } = withToken("x");
    const url = new URL(client.authorizeUrl("state-0123456789abcdef", nonce));
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state: "state-0123456789abcdef",
      nonce,
    });
  });

  it("exchanges the code with the client's secret and redirect_uri, and reads a verified identity", async () => {
    const { client, sent } = withToken(await idToken());
    expect(await client.verify("4/code", nonce)).toEqual({
      subject: "110248495921238986420",
      email: "grace@example.org",
      emailVerified: true,
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect(sent[0]?.url).toBe("https://oauth2.googleapis.com/token");
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.body))).toEqual({
      code: "4/code",
      client_id: clientId,
      client_secret: "secret-xyz",
      redirect_uri: redirectUri,
      grant_type: "authorization_code",
    });
  });

  it("takes the issuer without its scheme too", async () => {
    const { client } = withToken(await idToken({ iss: "accounts.google.com" }));
    expect(await client.verify("4/code", nonce)).not.toBeNull();
  });

  it("gives no email or names holding control characters", async () => {
    const { client } = withToken(await idToken({ email: "a\u0000@example.org", given_name: "G\u0007" }));
    expect(await client.verify("4/code", nonce)).toMatchObject({ email: null, firstName: null });
  });

  it("gives no email that Google did not verify", async () => {
    const { client } = withToken(await idToken({ email_verified: false }));
    expect(await client.verify("4/code", nonce)).toMatchObject({ email: null, emailVerified: false });
  });

  it.each([
    ["another nonce", { nonce: "another-nonce-0123456789" }],
    ["no nonce", { nonce: undefined }],
    ["another audience", { aud: "someone-else.apps.googleusercontent.com" }],
    ["another issuer", { iss: "https://accounts.evil.example" }],
    ["an expired token", { iat: seconds - 7200, exp: seconds - 3600 }],
    ["a token older than 10 minutes", { iat: seconds - 11 * 60 }],
    ["a token issued in the future", { iat: seconds + 3600, exp: seconds + 7200 }],
    ["no subject", { sub: undefined }],
    ["an empty subject", { sub: "" }],
    ["a subject with a NUL byte", { sub: "1\u0000" }],
  ])("refuses %s", async (_what, claims) => {
    const { client } = withToken(await idToken(claims));
    expect(await client.verify("4/code", nonce)).toBeNull();
  });

  it("refuses a token signed by another key, or unsigned", async () => {
    expect(await withToken(await idToken({}, otherKey)).client.verify("4/code", nonce)).toBeNull();
    const [header, payload] = (await idToken()).split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    expect(await withToken(none).client.verify("4/code", nonce)).toBeNull();
    expect(await withToken(`${header}.${payload}.AAAA`).client.verify("4/code", nonce)).toBeNull();
  });

  it.each([
    ["a refusal", () => Promise.resolve(json({ error: "invalid_grant" }, 400))],
    ["a server error", () => Promise.resolve(new Response("oops", { status: 500 }))],
    ["a body that is not JSON", () => Promise.resolve(new Response("<html>", { status: 200 }))],
    ["a JSON array", () => Promise.resolve(json([1, 2]))],
    ["no id_token", () => Promise.resolve(json({ access_token: "at" }))],
    ["an id_token that is not a string", () => Promise.resolve(json({ id_token: 42 }))],
    ["an id_token that is not a JWT", () => Promise.resolve(json({ id_token: "not-a-jwt" }))],
    ["a huge body", () => Promise.resolve(json({ id_token: "x".repeat(100_000) }))],
    ["a network error", () => Promise.reject(new TypeError("fetch failed"))],
    ["a time-out", () => Promise.reject(new DOMException("The operation timed out.", "TimeoutError"))],
  ])("refuses %s from the token endpoint, without throwing", async (_what, reply) => {
    const { client } = clientAnswering(reply);
    await expect(client.verify("4/code", nonce)).resolves.toBeNull();
  });

  it("gives the transport a time-out signal", async () => {
    let signal: AbortSignal | undefined;
    const client = createGoogleClient({
      clientId,
      clientSecret: "s",
      keys: { set: { keys: [jwk] } },
      transport: async (_url, init) => {
        signal = init.signal;
        return json({});
      },
      redirectUri,
      now: () => now,
    });
    await client.verify("4/code", nonce);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
  });
});
