import { createReturnState } from "./return-state.ts";

/** sessionStorage key of the state digest, for the tab that left for Apple and comes back. */
export const appleStateKey = "appleSignInState";

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
  const returnState = createReturnState(appleStateKey, { crypto, storage });
  return {
    /** Leaves for Apple through the server's /oauth/apple, carrying a new state. */
    async begin(): Promise<void> {
      const state = await returnState.issue();
      go(`${accounts()}/oauth/apple?state=${encodeURIComponent(state)}`);
    },
    matches: returnState.matches,
  };
}
