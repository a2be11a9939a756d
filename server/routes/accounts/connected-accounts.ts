import type { FastifyInstance, FastifyReply } from "fastify";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { isIdentityProvider, type SocialCredential } from "../../../src/domain/identity.ts";
import { fail, ok } from "../../http/envelope.ts";
import { riderOf } from "../../plugins/auth.ts";
import { oauthCode, oauthNonce } from "./oauth.ts";

const invalidCredentialsMessage = "Invalid credentials";
const lastSignInMethodMessage =
  "This is your only way to sign in. Set a password or connect another account first.";
const identityTakenMessage = "This account is connected to another rider.";
const providerConnectedMessage =
  "Another account of this provider is already connected. Disconnect it first.";
const notConnectedMessage = "This account is not connected.";

const name = { type: "string", maxLength: 50 } as const;
const linkSchema = {
  body: {
    type: "object",
    required: ["provider"],
    properties: {
      provider: { type: "string", enum: ["apple", "google", "facebook"] },
    },
    oneOf: [
      {
        additionalProperties: false,
        required: ["provider", "code", "nonce"],
        properties: { provider: { const: "google" }, code: oauthCode, nonce: oauthNonce },
      },
      {
        additionalProperties: false,
        required: ["provider", "code"],
        properties: { provider: { const: "facebook" }, code: oauthCode },
      },
      {
        additionalProperties: false,
        required: ["provider", "id_token"],
        properties: {
          provider: { const: "apple" },
          id_token: { type: "string", minLength: 1, maxLength: 8192, pattern: "^[A-Za-z0-9_.-]+$" },
          first_name: name,
          last_name: name,
        },
      },
    ],
  },
} as const;

/** Requests per minute and address that connect an identity (each one reaches a provider). */
const defaultConnectedAccountLinksPerMinute = 10;

/**
 * Connected accounts (src/domain/identity.ts): the signed-in, verified rider's identities. GET lists
 * them with whether a password is set and which providers are offered; POST connects a provider's
 * credential, verified exactly as sign-in verifies it; DELETE disconnects one, never the last way to
 * sign in. Any provider the rider has not connected, known or not, answers the same 404.
 */
export default async function connectedAccountRoutes(
  app: FastifyInstance,
  options: { linksPerMinute?: number },
) {
  const notConnected = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: notConnectedMessage }]);

  app.get("/users/connected_accounts", { preHandler: app.requireVerifiedRider }, async (request) =>
    ok(await app.connectedAccounts.list(riderOf(request))),
  );

  app.post<{ Body: SocialCredential }>(
    "/users/connected_accounts",
    {
      preHandler: app.requireVerifiedRider,
      config: {
        rateLimit: {
          max: options.linksPerMinute ?? defaultConnectedAccountLinksPerMinute,
          timeWindow: "1 minute",
        },
      },
      schema: linkSchema,
    },
    async (request, reply) => {
      const linked = await app.connectedAccounts.link(riderOf(request), request.body);
      switch (linked.result) {
        case "invalid":
          return fail(reply, 422, [
            { code: ErrorCode.connectedAccountInvalid, message: invalidCredentialsMessage },
          ]);
        case "taken":
          return fail(reply, 422, [{ code: ErrorCode.identityTaken, message: identityTakenMessage }]);
        case "providerConnected":
          return fail(reply, 422, [
            { code: ErrorCode.providerAlreadyConnected, message: providerConnectedMessage },
          ]);
        case "ok":
          return reply.code(201).send(ok(linked.account));
      }
    },
  );

  app.delete<{ Params: { provider: string } }>(
    "/users/connected_accounts/:provider",
    { preHandler: app.requireVerifiedRider },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isIdentityProvider(provider)) return notConnected(reply);
      const unlinked = await app.connectedAccounts.unlink(riderOf(request), provider);
      switch (unlinked.result) {
        case "notConnected":
          return notConnected(reply);
        case "lastWay":
          return fail(reply, 422, [{ code: ErrorCode.lastSignInMethod, message: lastSignInMethodMessage }]);
        case "ok":
          return reply.code(204).send();
      }
    },
  );
}
