import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The sandbox's stateless tokens: `<prefix><base64url(JSON payload)>.<base64url(HMAC-SHA256)>`, the
 * MAC taken over prefix and payload with the sandbox's secret, so a token cannot be forged, edited or
 * passed off as another kind (a bank token as a card token). The payload is readable by anyone who
 * holds the token: it carries what the gateway may show (brand, last four digits, expiry), never a
 * full card or account number or a security code.
 */

export const tokenPrefixes = {
  card: "tok_sandbox_",
  bank_account: "btok_sandbox_",
  paypal: "pptok_sandbox_",
} as const;
type TokenKind = keyof typeof tokenPrefixes;

/** No token of ours is longer; anything longer is refused before it is decoded. */
export const maxTokenLength = 1024;

/** Shortest secret accepted (SANDBOX_GATEWAY_SECRET); random secrets are 32 bytes. */
const minSecretLength = 32;

const macPattern = /^[A-Za-z0-9_-]{43}$/;
const payloadPattern = /^[A-Za-z0-9_-]{1,900}$/;

export interface TokenSigner {
  sign(kind: TokenKind, payload: object): string;
  /** The payload of a token of this kind signed with our secret, else null. */
  verify(kind: TokenKind, token: unknown): unknown;
}

/** A signer keyed by `secret`; a random key (tokens die with the process) when null. */
export function createTokenSigner(secret: string | null): TokenSigner {
  if (secret !== null && secret.length < minSecretLength) {
    throw new Error(`The sandbox gateway secret must be at least ${minSecretLength} characters`);
  }
  const key = secret === null ? randomBytes(32) : Buffer.from(secret, "utf8");
  const mac = (prefix: string, body: string) =>
    createHmac("sha256", key).update(prefix).update(body).digest("base64url");

  return {
    sign(kind, payload) {
      const prefix = tokenPrefixes[kind];
      const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
      return `${prefix}${body}.${mac(prefix, body)}`;
    },
    verify(kind, token) {
      const prefix = tokenPrefixes[kind];
      if (typeof token !== "string" || token.length > maxTokenLength || !token.startsWith(prefix))
        return null;
      const [body = "", signature = "", ...rest] = token.slice(prefix.length).split(".");
      if (rest.length > 0 || !payloadPattern.test(body) || !macPattern.test(signature)) return null;
      const expected = Buffer.from(mac(prefix, body), "utf8");
      if (!timingSafeEqual(expected, Buffer.from(signature, "utf8"))) return null;
      try {
        return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
      } catch {
        return null;
      }
    },
  };
}
