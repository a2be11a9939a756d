import type { IdentityProvider } from "../../domain/identity.ts";

/** Providers are named by their brand, the same in every language. */
export const providerName: Record<IdentityProvider, string> = {
  apple: "Apple",
  google: "Google",
  facebook: "Facebook",
};
