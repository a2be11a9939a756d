import { createHash, randomBytes } from "node:crypto";

/** An opaque token with 256 random bits, safe in URLs and headers. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored instead of a token: its SHA-256 (tokens are random, so no salt or slow hash is needed). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Wrong tries one account link allows (a reset link's security answers); at this many it is spent.
 * Every use of a link checks it, so a link whose last try is taken cannot be used by a parallel request
 * before that try's request marks it used.
 */
export const linkTries = 5;
