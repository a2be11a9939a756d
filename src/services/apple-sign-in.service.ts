/** sessionStorage key of the state digest, for the tab that left for Apple and comes back. */
export const appleStateKey = "appleSignInState";

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

/** Where the state digest is kept and how the rider leaves for Apple (the browser, or a test's). */
export interface AppleSignInEnvironment {
  crypto: Crypto;
  storage: Storage;
  go: (url: string) => void;
}

/**
 * Sign in with Apple from the browser (spec section 4). Leaving for Apple stores only a SHA-256 of a
 * fresh random state, so the state itself is never at rest; the return compares the URL's state with
 * it once (the stored one is used up); the accounts service sends the id_token on.
 */
export function createAppleSignInService(
  accounts: () => string,
  { crypto, storage, go }: AppleSignInEnvironment,
) {
  return {
    /** Leaves for Apple through the server's /oauth/apple, carrying a new state. */
    async begin(): Promise<void> {
      const state = randomState(crypto);
      storage.setItem(appleStateKey, await digest(crypto, state));
      go(`${accounts()}/oauth/apple?state=${encodeURIComponent(state)}`);
    },
    async matches(state: string): Promise<boolean> {
      const stored = storage.getItem(appleStateKey);
      storage.removeItem(appleStateKey);
      return stored !== null && stored === (await digest(crypto, state));
    },
  };
}
