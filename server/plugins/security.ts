import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { isApiPath } from "../http/envelope.ts";

/** A GET or HEAD of the portal's page or its static files, not of the API or the sandbox provider. */
function readsThePortal(request: Pick<FastifyRequest, "method" | "url">): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !isApiPath(request.url) && !request.url.startsWith("/sandbox-idp");
}

/**
 * Security headers on every response (no inline scripts, no plugins, no framing), `no-store` on API
 * replies, a per-address request budget, and HSTS only when served over HTTPS. Hashed build assets may be cached for a year.
 */
export default fp(
  async function security(
    app: FastifyInstance,
    options: {
      rateLimitPerMinute: number;
      /** Where budgets are counted (plugins/rate-limit-store.ts); this process's memory when absent. */
      rateLimitStore?: FastifyRateLimitStoreCtor;
      /** Hashes of the stylesheets the page carries inside it (plugins/page.ts). */
      styleHashes?: string[];
      captcha: { enabled: boolean; siteKey: string };
      /** The deployment's tag manager: its hosts are admitted only when it is allowed and has an id. */
      analytics: { tagManagerAllowed: boolean; tagManagerId: string };
      /** Strict-Transport-Security for a request, null over plain http. */
      hsts: (request: FastifyRequest) => string | null;
    },
  ) {
    // A real reCAPTCHA key loads Google's script and frame; the sandbox key loads nothing.
    const recaptcha =
      options.captcha.enabled && !options.captcha.siteKey.startsWith("sandbox")
        ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]
        : [];
    const tagManager = tagManagerHosts(options.analytics);
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...recaptcha, ...tagManager.script],
          frameSrc: recaptcha.length > 0 ? recaptcha : ["'none'"],
          styleSrc: ["'self'", ...(options.styleHashes ?? [])],
          imgSrc: ["'self'", "data:", ...tagManager.img],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...recaptcha, ...tagManager.connect],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
    app.addHook("onRequest", async (request, reply) => {
      reply.headers(headers);
      const hsts = options.hsts(request);
      if (hsts) reply.header("Strict-Transport-Security", hsts);
    });
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: "1 minute",
      ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
      // The budget guards the API. Reading the portal itself (its page and the build's files, dozens of
      // chunks on a first visit) costs a rider nothing: those replies are static, cached and cheap.
      allowList: (request) => request.url === "/healthz" || readsThePortal(request),
    });
    app.addHook("onSend", async (request, reply, payload) => {
      if (isApiPath(request.url)) {
        reply.header("Cache-Control", "no-store");
      } else if (request.url.startsWith("/assets/") && reply.statusCode === 200) {
        // Hashed build output: its name changes whenever its bytes do. A miss is never cached.
        reply.header("Cache-Control", immutableAssets);
      } else if (!reply.hasHeader("Cache-Control")) {
        reply.header("Cache-Control", "no-cache");
      }
      return payload;
    });
  },
  { name: "security" },
);

/**
 * Helmet's headers for these options, computed once. None of them depends on the request, and building
 * helmet's middleware per request (as @fastify/helmet does) cost about 7% of the server's time on a
 * product search (issue 16). So helmet writes them once to a response nobody sends, and every reply
 * copies them from there.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return headers;
}

export const immutableAssets = "public, max-age=31536000, immutable";

/** Where Google Tag Manager loads from, and the Google Analytics hosts its tags send hits to. */
const gtm = "https://www.googletagmanager.com";
const analyticsCollectors = [
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
];

/**
 * The CSP sources the tag manager needs: its script (gtm.js), and the pixels and beacons its tags
 * send. None at all unless the deployment allows a tag manager and names its container id, so a
 * deployment without one keeps the CSP it had.
 */
export function tagManagerHosts(analytics: { tagManagerAllowed: boolean; tagManagerId: string }): {
  script: string[];
  img: string[];
  connect: string[];
} {
  if (!analytics.tagManagerAllowed || analytics.tagManagerId.trim() === "") {
    return { script: [], img: [], connect: [] };
  }
  return {
    script: [gtm],
    img: [gtm, ...analyticsCollectors],
    connect: [gtm, ...analyticsCollectors],
  };
}
