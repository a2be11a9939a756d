import { isCleanText } from "../plugins/input.ts";

/**
 * What a provider's verified answer says about the rider (Apple, Google or Facebook): the provider's
 * stable subject, the address it gave, whether the provider vouches for that address, and names when
 * it gave them.
 */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The HTTP the provider clients use: `fetch`, or the sandbox provider answering in process. Only the
 * parts of fetch the clients need, so a test's transport is a small function.
 */
export type IdentityTransport = (
  url: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

/** How long a provider may take to answer before the sign-in is refused. */
const providerTimeoutMs = 5000;

/**
 * A JSON object from the provider, or null for anything else: a time-out, a network error, a
 * non-2xx status, a body that is not JSON or not an object. A refusal, never a 500.
 */
export async function providerJson(
  transport: IdentityTransport,
  url: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string },
): Promise<Record<string, unknown> | null> {
  try {
    const response = await transport(url, {
      ...init,
      headers: { accept: "application/json", ...init.headers },
      signal: AbortSignal.timeout(providerTimeoutMs),
    });
    if (!response.ok) return null;
    const text = await response.text();
    if (text.length > 64 * 1024) return null;
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A string field of a provider's reply, or null when absent, not a string, empty, too long or unclean. */
export function textField(record: Record<string, unknown>, key: string, max = 4096): string | null {
  const value = record[key];
  return typeof value === "string" && value.length > 0 && value.length <= max && isCleanText(value)
    ? value
    : null;
}
