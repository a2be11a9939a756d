import type { FastifyInstance, FastifyReply } from "fastify";
import { decodeJwt } from "jose";
import { ErrorCode } from "../../../src/domain/envelope.ts";
import { fail } from "../../http/envelope.ts";
import { isCleanText } from "../../plugins/input.ts";
import { publicLink } from "../../services/links.ts";

const state = { type: "string", minLength: 16, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" } as const;

/**
 * What the callback passes on to the portal's /redirect route, bounded so a forged post cannot make a
 * 45 KB Location header or a URIError (a lone surrogate in encodeURIComponent): the portal's own state,
 * a compact JWS, an address and two names of sane length. Anything else goes on as absent.
 */
const statePattern = /^[A-Za-z0-9_-]{16,128}$/;
const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const appleCallbackLimits = { idToken: 4096, email: 254, name: 64 } as const;

function bounded(value: unknown, max: number, pattern?: RegExp): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > max || !isCleanText(value))
    return null;
  return !pattern || pattern.test(value) ? value : null;
}

/** What Apple posts back to the redirect URI (response_mode=form_post); unchecked, so unknown. */
interface AppleCallback {
  state?: unknown;
  id_token?: unknown;
  code?: unknown;
  /** Only at the first authorization: {"name":{"firstName","lastName"},"email"}. */
  user?: unknown;
  error?: unknown;
}

/** A path segment of the portal's /redirect route; absent values are the literal the portal expects. */
const segment = (value: string | null | undefined) =>
  encodeURIComponent(value && value.length > 0 ? value : "undefined");

function namesOf(user: unknown): { firstName: string | null; lastName: string | null } {
  if (typeof user !== "string" || user.length === 0 || user.length > 1024)
    return { firstName: null, lastName: null };
  try {
    const parsed: unknown = JSON.parse(user);
    const name = typeof parsed === "object" && parsed !== null && "name" in parsed ? parsed.name : null;
    if (typeof name !== "object" || name === null) return { firstName: null, lastName: null };
    return {
      firstName: "firstName" in name ? bounded(name.firstName, appleCallbackLimits.name) : null,
      lastName: "lastName" in name ? bounded(name.lastName, appleCallbackLimits.name) : null,
    };
  } catch {
    return { firstName: null, lastName: null };
  }
}

function emailOf(idToken: string): string | null {
  try {
    const claims = decodeJwt(idToken);
    return bounded(claims.email, appleCallbackLimits.email);
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
      const authorize = new URL(app.apple.authorizeUrl);
      authorize.search = new URLSearchParams({
        client_id: app.apple.clientId,
        redirect_uri: publicLink(options.publicUrl, "/accounts/oauth/apple/callback"),
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
      const idToken = body.error ? null : bounded(body.id_token, appleCallbackLimits.idToken, compactJws);
      const { firstName, lastName } = namesOf(body.user);
      const path = [
        "/redirect",
        segment(bounded(body.state, 128, statePattern)),
        segment(idToken),
        segment(idToken ? emailOf(idToken) : null),
        segment(firstName),
        segment(lastName),
      ].join("/");
      return reply.redirect(path, 303);
    },
  );
}
