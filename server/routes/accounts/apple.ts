import type { FastifyInstance, FastifyReply } from "fastify";
import { decodeJwt } from "jose";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { appleAuthorizeUrl } from "../../gateways/apple.ts";
import { fail } from "../../http/envelope.ts";
import { linkTo } from "./users.ts";

const state = { type: "string", minLength: 16, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" } as const;

/** What Apple posts back to the redirect URI (response_mode=form_post). */
interface AppleCallback {
  state?: string;
  id_token?: string;
  code?: string;
  /** Only at the first authorization: {"name":{"firstName","lastName"},"email"}. */
  user?: string;
  error?: string;
}

/** A path segment of the portal's /redirect route; absent values are the literal the portal expects. */
const segment = (value: string | null | undefined) =>
  encodeURIComponent(value && value.length > 0 ? value : "undefined");

function namesOf(user: string | undefined): { firstName: string | null; lastName: string | null } {
  if (!user) return { firstName: null, lastName: null };
  try {
    const parsed: unknown = JSON.parse(user);
    const name = typeof parsed === "object" && parsed !== null && "name" in parsed ? parsed.name : null;
    if (typeof name !== "object" || name === null) return { firstName: null, lastName: null };
    return {
      firstName: "firstName" in name && typeof name.firstName === "string" ? name.firstName : null,
      lastName: "lastName" in name && typeof name.lastName === "string" ? name.lastName : null,
    };
  } catch {
    return { firstName: null, lastName: null };
  }
}

function emailOf(idToken: string): string | null {
  try {
    const claims = decodeJwt(idToken);
    return typeof claims.email === "string" ? claims.email : null;
  } catch {
    return null;
  }
}

/**
 * Sign in with Apple, the browser's part. GET /oauth/apple?state=... sends the rider to Apple with the
 * portal's state; Apple posts back to /oauth/apple/callback, which hands state, id_token, email and
 * names to the portal's /redirect route. The portal checks the state and sends the id_token to
 * /users/login, where it is verified: nothing here is trusted yet.
 */
export default async function appleRoutes(app: FastifyInstance, options: { publicUrl: string | null }) {
  const offered = () => app.portalConfig.socialSignIn.apple && app.apple !== null;
  const notOffered = (reply: FastifyReply) =>
    fail(reply, 404, [{ code: ErrorCode.notFound, message: "Sign in with Apple is not offered here." }]);

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Querystring: { state: string } }>(
    "/oauth/apple",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["state"],
          additionalProperties: false,
          properties: { state },
        },
      },
    },
    async (request, reply) => {
      if (!offered() || !app.apple) return notOffered(reply);
      const authorize = new URL(appleAuthorizeUrl);
      authorize.search = new URLSearchParams({
        client_id: app.apple.clientId,
        redirect_uri: linkTo(request, options.publicUrl, "/accounts/oauth/apple/callback"),
        response_type: "code id_token",
        response_mode: "form_post",
        scope: "name email",
        state: request.query.state,
      }).toString();
      return reply.redirect(authorize.toString(), 302);
    },
  );

  app.post<{ Body: AppleCallback }>(
    "/oauth/apple/callback",
    { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
    async (request, reply) => {
      if (!offered()) return notOffered(reply);
      const body = typeof request.body === "object" && request.body !== null ? request.body : {};
      // A cancelled or failed authorization still goes back to the portal, which says it failed.
      const idToken = body.error ? null : (body.id_token ?? null);
      const { firstName, lastName } = namesOf(body.user);
      const path = [
        "/redirect",
        segment(body.state),
        segment(idToken),
        segment(idToken ? emailOf(idToken) : null),
        segment(firstName),
        segment(lastName),
      ].join("/");
      return reply.redirect(path, 303);
    },
  );
}
