import { type IdentityProvider, type SocialCredential, socialReturnPath } from "../../src/domain/identity.ts";
import type { PortalConfig } from "../../src/domain/portal-config.ts";
import type { Clock } from "../domain/clock.ts";
import { type AppleVerifier, createAppleVerifier } from "../gateways/apple.ts";
import { createFacebookClient, type FacebookClient, type FacebookSettings } from "../gateways/facebook.ts";
import { createGoogleClient, type GoogleClient, type GoogleSettings } from "../gateways/google.ts";
import type { VerifiedIdentity } from "../gateways/identity.ts";
import { createSandboxIdp, type SandboxIdp, sandboxClients } from "../gateways/sandbox-idp.ts";
import { publicLink } from "./links.ts";

export interface IdentityClients {
  config: () => PortalConfig;
  apple: () => AppleVerifier | null;
  google?: () => GoogleClient | null;
  facebook?: () => FacebookClient | null;
}

/**
 * The one place a provider's credential becomes an identity, for sign-in and for connecting an
 * identity alike: a provider counts only when the deployment turns it on and this server can complete
 * it (a client id, or the sandbox provider); then the credential must verify with that provider.
 */
export function createIdentityVerifier(clients: IdentityClients) {
  const offers = (provider: IdentityProvider): boolean => {
    if (!clients.config().socialSignIn[provider]) return false;
    if (provider === "apple") return clients.apple() !== null;
    if (provider === "google") return (clients.google?.() ?? null) !== null;
    return (clients.facebook?.() ?? null) !== null;
  };

  return {
    offers,
    /** The providers riders may use here, in the contract's order. */
    offered(): IdentityProvider[] {
      return (["apple", "google", "facebook"] as const).filter(offers);
    },
    /** The identity behind a credential, or null (not offered, or it does not verify). */
    async verify(credential: SocialCredential): Promise<VerifiedIdentity | null> {
      if (!offers(credential.provider)) return null;
      switch (credential.provider) {
        case "apple":
          return (await clients.apple()?.verify(credential.id_token)) ?? null;
        case "google":
          return (await clients.google?.()?.verify(credential.code, credential.nonce)) ?? null;
        case "facebook":
          return (await clients.facebook?.()?.verify(credential.code)) ?? null;
      }
    },
  };
}

export type IdentityVerifier = ReturnType<typeof createIdentityVerifier>;

/**
 * The provider clients a server runs with: a provider with its own credentials talks to the real
 * provider; one without them runs on the sandbox provider when it is on (the demo and the tests);
 * otherwise that provider cannot be completed here (null).
 */
export async function createIdentityClients(options: {
  sandbox: boolean;
  publicUrl: string | null;
  clock: Clock;
  google?: GoogleSettings | null;
  facebook?: FacebookSettings | null;
  apple?: AppleVerifier | null;
}): Promise<{
  sandbox: SandboxIdp | null;
  google: GoogleClient | null;
  facebook: FacebookClient | null;
  apple: AppleVerifier | null;
}> {
  const now = () => options.clock.now();
  const sandbox = options.sandbox ? await createSandboxIdp({ publicUrl: options.publicUrl, now }) : null;
  const redirectUri = (provider: "google" | "facebook") =>
    publicLink(options.publicUrl, socialReturnPath[provider]);
  const googleSettings = options.google ?? sandbox?.googleSettings() ?? null;
  const facebookSettings = options.facebook ?? sandbox?.facebookSettings() ?? null;
  return {
    sandbox,
    google: googleSettings
      ? createGoogleClient({ ...googleSettings, redirectUri: redirectUri("google"), now })
      : null,
    facebook: facebookSettings
      ? createFacebookClient({ ...facebookSettings, redirectUri: redirectUri("facebook"), now })
      : null,
    apple:
      options.apple ??
      (sandbox
        ? createAppleVerifier({
            clientId: sandboxClients.apple.clientId,
            keys: { set: sandbox.jwks },
            issuer: sandbox.issuer("apple"),
            authorizeUrl: sandbox.authorizeUrl("apple"),
            now,
          })
        : null),
  };
}
