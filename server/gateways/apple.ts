import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";

const appleIssuer = "https://appleid.apple.com";
export const appleKeysUrl = "https://appleid.apple.com/auth/keys";
const appleAuthorizeUrl = "https://appleid.apple.com/auth/authorize";

/** What a verified Apple id_token says about the rider. */
export interface AppleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Checks Apple id_tokens: signature against Apple's key set (fetched from `jwksUrl` and cached by
 * jose, or a local set in tests), issuer, audience (the deployment's Services ID), expiry, and an age
 * of at most 10 minutes so an old token cannot be replayed into a new session.
 */
export interface AppleVerifier {
  clientId: string;
  /** Where the rider is sent to authorize: Apple's page, or the sandbox provider's. */
  authorizeUrl: string;
  verify(idToken: string): Promise<AppleIdentity | null>;
}

export function createAppleVerifier(options: {
  clientId: string;
  keys: { url: string } | { set: JSONWebKeySet } | { getKey: JWTVerifyGetKey };
  /** Apple's unless given (the sandbox provider's issuer and authorize page in the demo and tests). */
  issuer?: string;
  authorizeUrl?: string;
  /** The time expiry and age are judged by; the system's unless given. */
  now?: () => Date;
}): AppleVerifier {
  const keys: JWTVerifyGetKey =
    "getKey" in options.keys
      ? options.keys.getKey
      : "set" in options.keys
        ? createLocalJWKSet(options.keys.set)
        : createRemoteJWKSet(new URL(options.keys.url), { timeoutDuration: 5000 });
  return {
    clientId: options.clientId,
    authorizeUrl: options.authorizeUrl ?? appleAuthorizeUrl,
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: options.issuer ?? appleIssuer,
          audience: options.clientId,
          algorithms: ["RS256", "ES256"],
          maxTokenAge: "10m",
          ...(options.now ? { currentDate: options.now() } : {}),
        });
        if (typeof payload.sub !== "string" || payload.sub.length === 0) return null;
        const email = typeof payload.email === "string" ? payload.email : null;
        // Apple sends email_verified as a boolean or as the string "true".
        const verified = payload.email_verified === true || payload.email_verified === "true";
        return { subject: payload.sub, email, emailVerified: email !== null && verified };
      } catch {
        return null;
      }
    },
  };
}
