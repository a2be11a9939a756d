import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from "jose";
import { type IdentityProvider, socialReturnPath } from "../../src/domain/identity.ts";
import { normalizeEmail } from "../repositories/accounts.ts";
import { publicLink } from "../services/links.ts";
import type { FacebookSettings } from "./facebook.ts";
import type { GoogleSettings } from "./google.ts";
import type { IdentityTransport } from "./identity.ts";

/** How long a sandbox authorization code and access token live. */
const sandboxCodeMs = 5 * 60 * 1000;
const sandboxAccessTokenMs = 60 * 60 * 1000;
/** Codes and tokens kept at once; beyond it the sandbox refuses new authorizations. */
const maxLive = 10_000;

export const sandboxIdentityDefaults = {
  email: "sandbox.rider@example.com",
  firstName: "Sandy",
  lastName: "Rider",
} as const;

/** The sandbox's own client credentials: the servers it completes sign-ins for use these. */
export const sandboxClients = {
  google: { clientId: "sandbox-google-client.apps.example", clientSecret: "sandbox-google-secret" },
  facebook: { appId: "100000000000001", appSecret: "sandbox-facebook-secret" },
  apple: { clientId: "example.transit.portal.sandbox" },
} as const;

export const providerNames: Record<IdentityProvider, string> = {
  apple: "Apple",
  google: "Google",
  facebook: "Facebook",
};

/** The rider the sandbox's form describes. */
export interface SandboxPerson {
  email: string;
  firstName: string;
  lastName: string;
}

interface IssuedCode {
  provider: "google" | "facebook";
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  subject: string;
  person: SandboxPerson;
  expiresAt: number;
}

interface IssuedAccessToken {
  appId: string;
  subject: string;
  person: SandboxPerson;
  expiresAt: number;
}

/** A JSON answer of the sandbox's endpoints, in process or over HTTP. */
interface SandboxAnswer {
  status: number;
  body: unknown;
}

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,60}$/u;

/** What the authorize page asks for, checked before anything is shown or issued. */
export type AuthorizeCheck =
  | { ok: true; clientId: string; redirectUri: string; state: string; nonce: string | null }
  | { ok: false; message: string };

const statePattern = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The sandbox identity provider: Google, Facebook and Apple sign-in without the internet, inside the
 * portal's own server (the demo and every test). It keeps an RS256 key pair made at start, issues
 * single-use codes that live 5 minutes for the redirect_uri they were asked for, exchanges them only
 * for its own client's id and secret, and signs id_tokens with its own issuer per provider. The server
 * verifies what it issues exactly as it verifies the real providers' answers.
 */
export interface SandboxIdp {
  jwks: JSONWebKeySet;
  issuer(provider: IdentityProvider): string;
  /** The registered redirect_uri of Google and Facebook: the portal's return routes. */
  redirectUri(provider: "google" | "facebook"): string;
  authorizeUrl(provider: IdentityProvider): string;
  /** Settings that point the real clients at the sandbox. */
  googleSettings(): GoogleSettings;
  facebookSettings(): FacebookSettings;
  /** The sandbox's endpoints in process: what the clients' HTTP reaches in the demo and tests. */
  transport: IdentityTransport;
  /** Checks the authorize request's client and redirect_uri (no open redirects). */
  checkAuthorize(provider: IdentityProvider, query: Record<string, string | undefined>): AuthorizeCheck;
  /**
   * The rider pressed Continue or Cancel: where the browser goes next (the portal's return route with
   * a code or `error=access_denied`, or for Apple the portal's /redirect route with an id_token).
   */
  complete(
    provider: IdentityProvider,
    check: Extract<AuthorizeCheck, { ok: true }>,
    answer: { action: "continue"; person: SandboxPerson } | { action: "cancel" },
  ): Promise<string | null>;
  /** A token or Graph endpoint: `path` below /sandbox-idp (e.g. `/google/token`). */
  answer(method: string, path: string, params: URLSearchParams): Promise<SandboxAnswer>;
  /** An id_token as the provider would sign it (tests make expired or foreign ones with `claims`). */
  signIdToken(provider: "google" | "apple", claims: Record<string, unknown>): Promise<string>;
  /** The subject the sandbox gives this email at this provider (stable across restarts). */
  subjectOf(provider: IdentityProvider, email: string): string;
}

/** A sandbox person's fields, or why not: an address and names of sane length. */
export function personOf(fields: {
  email?: unknown;
  first_name?: unknown;
  last_name?: unknown;
}): SandboxPerson | null {
  const text = (value: unknown, max: number) =>
    typeof value === "string" && value.trim().length > 0 && value.trim().length <= max ? value.trim() : null;
  const email = text(fields.email, 254);
  const firstName = text(fields.first_name, 50);
  const lastName = text(fields.last_name, 50);
  if (!email || !emailPattern.test(email) || !firstName || !lastName) return null;
  return { email: normalizeEmail(email), firstName, lastName };
}

const segment = (value: string | null | undefined) =>
  encodeURIComponent(value && value.length > 0 ? value : "undefined");

export async function createSandboxIdp(options: {
  publicUrl: string | null;
  now: () => Date;
}): Promise<SandboxIdp> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] };
  const base = publicLink(options.publicUrl, "/sandbox-idp");
  const issuer = (provider: IdentityProvider) => `${base}/${provider}`;
  const redirectUri = (provider: "google" | "facebook") =>
    publicLink(options.publicUrl, socialReturnPath[provider]);
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, IssuedAccessToken>();
  const now = () => options.now().getTime();

  const prune = <T extends { expiresAt: number }>(map: Map<string, T>) => {
    if (map.size < 1000) return;
    const at = now();
    for (const [key, value] of map) if (value.expiresAt <= at) map.delete(key);
  };

  const subjectOf = (provider: IdentityProvider, email: string) => {
    const digest = createHash("sha256")
      .update(`${provider}:${normalizeEmail(email)}`)
      .digest();
    // Google and Facebook subjects are decimal numbers; Apple's look like 000123.<hex>.0456.
    const decimal = (digest.readBigUInt64BE(0) % 10n ** 18n).toString().padStart(18, "0");
    return provider === "apple"
      ? `001${decimal.slice(0, 3)}.${digest.toString("hex", 8, 24)}.0${decimal.slice(3, 6)}`
      : `1${decimal}`;
  };

  const signIdToken = async (provider: "google" | "apple", claims: Record<string, unknown>) => {
    const seconds = Math.floor(now() / 1000);
    return new SignJWT({ iat: seconds, exp: seconds + 3600, ...claims })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(issuer(provider))
      .sign(privateKey);
  };

  const takeCode = (code: string | null): IssuedCode | null => {
    if (!code) return null;
    const issued = codes.get(code);
    // Single use: any exchange spends the code, right or wrong.
    codes.delete(code);
    return issued && issued.expiresAt > now() ? issued : null;
  };

  const invalidGrant: SandboxAnswer = { status: 400, body: { error: "invalid_grant" } };
  const graphError = (message: string): SandboxAnswer => ({
    status: 400,
    body: { error: { message, type: "OAuthException", code: 190 } },
  });

  const answer = async (method: string, path: string, params: URLSearchParams): Promise<SandboxAnswer> => {
    const param = (name: string) => params.get(name);
    if (method === "GET" && path === "/jwks") return { status: 200, body: jwks };
    if (method === "POST" && path === "/google/token") {
      const { clientId, clientSecret } = sandboxClients.google;
      if (param("grant_type") !== "authorization_code")
        return { status: 400, body: { error: "unsupported_grant_type" } };
      if (param("client_id") !== clientId || param("client_secret") !== clientSecret) {
        return { status: 401, body: { error: "invalid_client" } };
      }
      const issued = takeCode(param("code"));
      if (issued?.provider !== "google" || issued.redirectUri !== param("redirect_uri")) {
        return invalidGrant;
      }
      const idToken = await signIdToken("google", {
        aud: clientId,
        sub: issued.subject,
        email: issued.person.email,
        email_verified: true,
        given_name: issued.person.firstName,
        family_name: issued.person.lastName,
        ...(issued.nonce ? { nonce: issued.nonce } : {}),
      });
      return {
        status: 200,
        body: {
          access_token: randomBytes(24).toString("base64url"),
          expires_in: 3599,
          token_type: "Bearer",
          id_token: idToken,
          scope: "openid email profile",
        },
      };
    }
    if (method === "GET" && path === "/facebook/oauth/access_token") {
      const { appId, appSecret } = sandboxClients.facebook;
      if (param("client_id") !== appId || param("client_secret") !== appSecret) {
        return graphError("Error validating client secret.");
      }
      const issued = takeCode(param("code"));
      if (issued?.provider !== "facebook" || issued.redirectUri !== param("redirect_uri")) {
        return graphError("Invalid verification code format.");
      }
      prune(accessTokens);
      const token = `EAA${randomBytes(32).toString("base64url")}`;
      accessTokens.set(token, {
        appId,
        subject: issued.subject,
        person: issued.person,
        expiresAt: now() + sandboxAccessTokenMs,
      });
      return {
        status: 200,
        body: { access_token: token, token_type: "bearer", expires_in: sandboxAccessTokenMs / 1000 },
      };
    }
    if (method === "GET" && path === "/facebook/debug_token") {
      const { appId, appSecret } = sandboxClients.facebook;
      if (param("access_token") !== `${appId}|${appSecret}`) return graphError("Invalid OAuth access token.");
      const issued = accessTokens.get(param("input_token") ?? "");
      if (!issued)
        return {
          status: 200,
          body: { data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } },
        };
      return {
        status: 200,
        body: {
          data: {
            app_id: issued.appId,
            type: "USER",
            application: "Transit portal (sandbox)",
            expires_at: Math.floor(issued.expiresAt / 1000),
            is_valid: issued.expiresAt > now(),
            scopes: ["email", "public_profile"],
            user_id: issued.subject,
          },
        },
      };
    }
    if (method === "GET" && path === "/facebook/me") {
      const token = param("access_token") ?? "";
      const issued = accessTokens.get(token);
      if (!issued || issued.expiresAt <= now()) return graphError("Invalid OAuth access token.");
      const proof = param("appsecret_proof");
      const expected = createHmac("sha256", sandboxClients.facebook.appSecret).update(token).digest("hex");
      if (proof !== null && proof !== expected)
        return graphError("Invalid appsecret_proof provided in the API argument");
      return {
        status: 200,
        body: {
          id: issued.subject,
          email: issued.person.email,
          first_name: issued.person.firstName,
          last_name: issued.person.lastName,
        },
      };
    }
    return { status: 404, body: { error: "not_found" } };
  };

  const clientIdOf = (provider: IdentityProvider) =>
    provider === "facebook" ? sandboxClients.facebook.appId : sandboxClients[provider].clientId;

  return {
    jwks,
    issuer,
    redirectUri,
    authorizeUrl: (provider) => `${base}/${provider}/authorize`,
    googleSettings: () => ({
      ...sandboxClients.google,
      authorizeUrl: `${base}/google/authorize`,
      tokenUrl: `${base}/google/token`,
      issuers: [issuer("google")],
      keys: { set: jwks },
      transport,
    }),
    facebookSettings: () => ({
      ...sandboxClients.facebook,
      endpoints: {
        authorize: `${base}/facebook/authorize`,
        token: `${base}/facebook/oauth/access_token`,
        debugToken: `${base}/facebook/debug_token`,
        me: `${base}/facebook/me`,
      },
      transport,
    }),
    transport,
    answer,
    signIdToken,
    subjectOf,
    checkAuthorize(provider, query) {
      const state = query.state ?? "";
      if (query.client_id !== clientIdOf(provider)) return { ok: false, message: "Unknown client_id." };
      if (!statePattern.test(state)) return { ok: false, message: "The state is missing or malformed." };
      const nonce = query.nonce ?? null;
      if (provider === "google" && (nonce === null || !statePattern.test(nonce))) {
        return { ok: false, message: "The nonce is missing or malformed." };
      }
      if (provider === "apple")
        return { ok: true, clientId: clientIdOf(provider), redirectUri: "/redirect", state, nonce: null };
      if (query.redirect_uri !== redirectUri(provider)) {
        return { ok: false, message: "The redirect_uri is not registered for this client." };
      }
      return { ok: true, clientId: clientIdOf(provider), redirectUri: redirectUri(provider), state, nonce };
    },
    async complete(provider, check, decision) {
      if (provider === "apple") {
        if (decision.action === "cancel") {
          return ["/redirect", segment(check.state), ...[null, null, null, null].map(segment)].join("/");
        }
        const { person } = decision;
        const idToken = await signIdToken("apple", {
          aud: check.clientId,
          sub: subjectOf("apple", person.email),
          email: person.email,
          email_verified: "true",
          exp: Math.floor(now() / 1000) + 600,
        });
        return ["/redirect", check.state, idToken, person.email, person.firstName, person.lastName]
          .map((part, index) => (index === 0 ? part : segment(part)))
          .join("/");
      }
      const back = new URL(check.redirectUri);
      if (decision.action === "cancel") {
        back.search = new URLSearchParams({ error: "access_denied", state: check.state }).toString();
        return back.toString();
      }
      prune(codes);
      if (codes.size >= maxLive) return null;
      const code = `${provider === "google" ? "4/" : "AQ"}${randomBytes(32).toString("base64url")}`;
      codes.set(code, {
        provider,
        clientId: check.clientId,
        redirectUri: check.redirectUri,
        nonce: check.nonce,
        subject: subjectOf(provider, decision.person.email),
        person: decision.person,
        expiresAt: now() + sandboxCodeMs,
      });
      back.search = new URLSearchParams({ code, state: check.state }).toString();
      return back.toString();
    },
  };

  async function transport(url: string, init: { method: string; body?: string }): Promise<Response> {
    const parsed = new URL(url);
    const basePath = new URL(base);
    if (parsed.origin !== basePath.origin || !parsed.pathname.startsWith(`${basePath.pathname}/`)) {
      throw new TypeError(`The sandbox identity provider does not serve ${parsed.origin}`);
    }
    const params = new URLSearchParams(parsed.search);
    if (init.method === "POST" && init.body) {
      for (const [key, value] of new URLSearchParams(init.body)) params.set(key, value);
    }
    const answered = await answer(init.method, parsed.pathname.slice(basePath.pathname.length), params);
    return new Response(JSON.stringify(answered.body), {
      status: answered.status,
      headers: { "content-type": "application/json" },
    });
  }
}
