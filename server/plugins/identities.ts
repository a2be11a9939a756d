import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppleVerifier } from "../gateways/apple.ts";
import type { FacebookClient, FacebookSettings } from "../gateways/facebook.ts";
import type { GoogleClient, GoogleSettings } from "../gateways/google.ts";
import type { SandboxIdp } from "../gateways/sandbox-idp.ts";
import { createIdentityClients } from "../services/identities.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Checks Apple id_tokens; null when the deployment has no Apple Services ID configured. */
    apple: AppleVerifier | null;
    /** Google sign-in (OpenID Connect); null when neither GOOGLE_CLIENT_ID nor the sandbox provider is set. */
    google: GoogleClient | null;
    /** Facebook Login; null when neither FACEBOOK_APP_ID nor the sandbox provider is set. */
    facebook: FacebookClient | null;
    /** The sandbox identity provider (/sandbox-idp) when it is on. */
    sandboxIdp: SandboxIdp | null;
  }
}

/** The identity providers' clients (services/identities.ts): the agency's, or the sandbox provider's. */
export default fp(
  async function identities(
    app: FastifyInstance,
    options: {
      sandbox: boolean;
      publicUrl: string | null;
      google?: GoogleSettings | null;
      facebook?: FacebookSettings | null;
      apple?: AppleVerifier | null;
    },
  ) {
    const clients = await createIdentityClients({
      sandbox: options.sandbox,
      publicUrl: options.publicUrl,
      clock: app.clock,
      ...(options.google !== undefined ? { google: options.google } : {}),
      ...(options.facebook !== undefined ? { facebook: options.facebook } : {}),
      ...(options.apple !== undefined ? { apple: options.apple } : {}),
    });
    app.decorate("apple", clients.apple);
    app.decorate("google", clients.google);
    app.decorate("facebook", clients.facebook);
    app.decorate("sandboxIdp", clients.sandbox);
  },
  { name: "identities", dependencies: ["clock"] },
);
