import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";
import { type IdentityTransport, providerJson, textField, type VerifiedIdentity } from "./identity.ts";

/** Google's OpenID Connect endpoints and issuers. */
const googleEndpoints = {
  authorize: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  keys: "https://www.googleapis.com/oauth2/v3/certs",
} as const;
const googleIssuers = ["https://accounts.google.com", "accounts.google.com"];

/** Where a verifier gets the provider's signing keys: a URL (fetched and cached by jose) or a set. */
type KeySource = { url: string } | { set: JSONWebKeySet } | { getKey: JWTVerifyGetKey };

function keysOf(source: KeySource): JWTVerifyGetKey {
  if ("getKey" in source) return source.getKey;
  if ("set" in source) return createLocalJWKSet(source.set);
  return createRemoteJWKSet(new URL(source.url), { timeoutDuration: 5000 });
}

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Google's own unless given (the sandbox provider's in the demo and tests). */
  authorizeUrl?: string;
  tokenUrl?: string;
  issuers?: string[];
  keys?: KeySource;
  /** `fetch` unless given. */
  transport?: IdentityTransport;
}

/**
 * Sign in with Google by OpenID Connect's code flow. The portal sends the rider to the authorize URL
 * with its state and a nonce; the code that comes back is exchanged at the token endpoint (client id,
 * secret and the same redirect_uri), and the id_token is verified with jose: signature against the key
 * set, issuer, audience (the client id), expiry, an age of at most 10 minutes, and the nonce the
 * portal sent. The email counts only when Google says it is verified.
 */
export interface GoogleClient {
  clientId: string;
  authorizeUrl(state: string, nonce: string): string;
  verify(code: string, nonce: string): Promise<VerifiedIdentity | null>;
}

export function createGoogleClient(
  settings: GoogleSettings & { redirectUri: string; now: () => Date },
): GoogleClient {
  const keys = keysOf(settings.keys ?? { url: googleEndpoints.keys });
  const transport: IdentityTransport = settings.transport ?? ((url, init) => fetch(url, init));
  const issuers = settings.issuers ?? googleIssuers;
  return {
    clientId: settings.clientId,
    authorizeUrl(state, nonce) {
      const url = new URL(settings.authorizeUrl ?? googleEndpoints.authorize);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        response_type: "code",
        scope: "openid email profile",
        state,
        nonce,
      }).toString();
      return url.toString();
    },
    async verify(code, nonce) {
      const tokens = await providerJson(transport, settings.tokenUrl ?? googleEndpoints.token, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          code,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: settings.redirectUri,
          grant_type: "authorization_code",
        }).toString(),
      });
      const idToken = tokens ? textField(tokens, "id_token", 8192) : null;
      if (!idToken) return null;
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: issuers,
          audience: settings.clientId,
          algorithms: ["RS256"],
          maxTokenAge: "10m",
          currentDate: settings.now(),
          requiredClaims: ["exp", "iat", "sub"],
        });
        if (payload.nonce !== nonce) return null;
        const claims: Record<string, unknown> = { ...payload };
        const subject = textField(claims, "sub", 255);
        if (!subject) return null;
        const verified = payload.email_verified === true || payload.email_verified === "true";
        const email = verified ? textField(claims, "email", 254) : null;
        return {
          subject,
          email,
          emailVerified: email !== null,
          firstName: textField(claims, "given_name", 200),
          lastName: textField(claims, "family_name", 200),
        };
      } catch {
        return null;
      }
    },
  };
}
