/**
 * The state of a round trip through another site (Sign in with Apple, PayPal's approval): leaving
 * stores only a SHA-256 of a fresh random state in the tab's storage (the state itself is never at
 * rest), and the return compares the state in the address with it once (the stored one is used up).
 * With `repeatWithinLoad`, the same return checked again within one page load (React's development
 * mode starts every effect twice) answers alike; a new page load, which every real return is, starts
 * without it. Without it, a second check always fails.
 */
export interface ReturnStateEnvironment {
  crypto: Crypto;
  storage: Storage;
}

async function digest(crypto: Crypto, value: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function randomState(crypto: Crypto): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function createReturnState(
  key: string,
  { crypto, storage }: ReturnStateEnvironment,
  { repeatWithinLoad = false } = {},
) {
  let taken: string | null = null;
  return {
    /** A new state to send along; its digest is kept under `key`. */
    async issue(): Promise<string> {
      const state = randomState(crypto);
      storage.setItem(key, await digest(crypto, state));
      return state;
    },
    /** Whether `state` is the one this tab sent; the stored digest is used up. */
    async matches(state: string): Promise<boolean> {
      const stored = storage.getItem(key) ?? taken;
      storage.removeItem(key);
      if (repeatWithinLoad) taken = stored;
      return stored !== null && state !== "" && stored === (await digest(crypto, state));
    },
  };
}
