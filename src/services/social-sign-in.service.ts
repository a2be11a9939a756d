import {
  type IdentityProvider,
  isIdentityProvider,
  type SocialLoginPayload,
  type SocialTrip,
  socialStateKey,
  type TakenTrip,
} from "../domain/identity.ts";
import type { SignInResult } from "../domain/session.ts";
import { type HttpClient, required } from "./http.ts";

/** Where the trip is kept and how the rider leaves (the browser, or a test's). */
export interface SocialSignInEnvironment {
  crypto: Crypto;
  storage: Storage;
  go: (url: string) => void;
  now: () => number;
}

async function digest(crypto: Crypto, value: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** 24 random bytes as base64url (32 characters): the server takes 16 to 128. */
function randomToken(crypto: Crypto): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** A stored trip, if what is stored is one (anything else is no trip). */
export function parseTrip(raw: string | null): SocialTrip | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { provider, state, nonce, intent, startedAt } = value as Record<string, unknown>;
  if (typeof provider !== "string" || !isIdentityProvider(provider)) return null;
  if (typeof state !== "string" || typeof startedAt !== "number") return null;
  if (intent !== "signIn" && intent !== "link") return null;
  if (nonce !== undefined && typeof nonce !== "string") return null;
  return { provider, state, intent, startedAt, ...(nonce === undefined ? {} : { nonce }) };
}

/**
 * Sign in with Apple, Google or Facebook, and connecting them, from the browser (issue 14). Leaving
 * keeps a `SocialTrip` in the tab's sessionStorage: a SHA-256 of the fresh random state (the state
 * itself is never at rest; the return hashes the URL's state to compare), the nonce Google must sign
 * back, what the trip is for, and when it started. The return reads the trip once (it is removed);
 * within one page load the same read answers alike (React's development mode starts every effect
 * twice), a new page load finds nothing.
 */
export function createSocialSignInService(
  http: HttpClient,
  /** The accounts service (its /oauth/{provider}) and where the sign-in goes (`loginService`). */
  bases: { accounts: () => string; login: () => string },
  { crypto, storage, go, now }: SocialSignInEnvironment,
) {
  const { accounts, login } = bases;
  let taken: SocialTrip | null = null;
  return {
    /** Leaves for the provider through the server's /oauth/{provider}, carrying a new state. */
    async begin(provider: IdentityProvider, intent: SocialTrip["intent"]): Promise<void> {
      const state = randomToken(crypto);
      const nonce = provider === "google" ? randomToken(crypto) : undefined;
      const trip: SocialTrip = {
        provider,
        state: await digest(crypto, state),
        intent,
        startedAt: now(),
        ...(nonce === undefined ? {} : { nonce }),
      };
      storage.setItem(socialStateKey, JSON.stringify(trip));
      const query = new URLSearchParams({ state, ...(nonce === undefined ? {} : { nonce }) });
      go(`${accounts()}/oauth/${provider}?${query.toString()}`);
    },
    /** The trip this tab started, used up, and whether `state` (from the URL) is the one it sent. */
    async takeTrip(state: string): Promise<TakenTrip> {
      const trip = parseTrip(storage.getItem(socialStateKey)) ?? taken;
      storage.removeItem(socialStateKey);
      taken = trip;
      const stateMatches = trip !== null && state !== "" && trip.state === (await digest(crypto, state));
      return { trip, stateMatches, now: now() };
    },
    /** POST /users/login with the provider's credential. */
    async signIn(payload: SocialLoginPayload): Promise<SignInResult> {
      const reply = await http.request<SignInResult>(`${login()}/users/login`, {
        method: "POST",
        body: { ...payload },
      });
      return required(reply, "POST /users/login");
    },
  };
}
