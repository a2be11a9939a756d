import type { FastifyInstance, FastifyReply } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail } from "../../http/envelope.ts";

/** The portal's state and Google's nonce: what the portal makes (16 to 128 base64url characters). */
const oauthState = {
  type: "string",
  minLength: 16,
  maxLength: 128,
  pattern: "^[A-Za-z0-9_-]+$",
} as const;
export const oauthNonce = oauthState;
/** An authorization code as Google and Facebook issue them (printable, no spaces), bounded. */
export const oauthCode = {
  type: "string",
  minLength: 1,
  maxLength: 2048,
  pattern: "^[A-Za-z0-9._~/+=-]+$",
} as const;

/**
 * Where the rider's browser starts Google or Facebook sign-in (or connecting): GET
 * /oauth/google?state=&nonce= and /oauth/facebook?state= answer a 302 to the provider's authorize
 * page (the real one, or the sandbox provider's) with the portal's return route as redirect_uri.
 * A provider the deployment does not offer, or this server cannot complete, is a 404.
 */
export default async function oauthRoutes(app: FastifyInstance) {
  const notOffered = (reply: FastifyReply, provider: string) =>
    fail404(reply, `Sign in with ${provider} is not offered here.`);

  app.get<{ Querystring: { state: string; nonce: string } }>(
    "/oauth/google",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        querystring: {
          type: "object",
          required: ["state", "nonce"],
          additionalProperties: false,
          properties: { state: oauthState, nonce: oauthNonce },
        },
      },
    },
    async (request, reply) => {
      if (!app.portalConfig.socialSignIn.google || !app.google) return notOffered(reply, "Google");
      return reply.redirect(app.google.authorizeUrl(request.query.state, request.query.nonce), 302);
    },
  );

  app.get<{ Querystring: { state: string } }>(
    "/oauth/facebook",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        querystring: {
          type: "object",
          required: ["state"],
          additionalProperties: false,
          properties: { state: oauthState },
        },
      },
    },
    async (request, reply) => {
      if (!app.portalConfig.socialSignIn.facebook || !app.facebook) return notOffered(reply, "Facebook");
      return reply.redirect(app.facebook.authorizeUrl(request.query.state), 302);
    },
  );
}

const fail404 = (reply: FastifyReply, message: string) =>
  fail(reply, 404, [{ code: ErrorCode.notFound, message }]);
