import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isApiPath } from "../http/envelope.ts";

/**
 * Security headers on every response (no inline scripts, no plugins, no framing), `no-store` on API
 * replies, a per-address request budget, and HSTS only when served over HTTPS. Hashed build assets may be cached for a year.
 */
export default fp(async function security(
  app: FastifyInstance,
  options: {
    rateLimitPerMinute: number;
    captcha: { enabled: boolean; siteKey: string };
    /** Strict-Transport-Security for a request, null over plain http. */
    hsts: (request: FastifyRequest) => string | null;
  },
) {
  // A real reCAPTCHA key loads Google's script and frame; the sandbox key loads nothing.
  const recaptcha =
    options.captcha.enabled && !options.captcha.siteKey.startsWith("sandbox")
      ? ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"]
      : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha],
        frameSrc: recaptcha.length > 0 ? recaptcha : ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...recaptcha],
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
  await app.register(rateLimit, {
    max: options.rateLimitPerMinute,
    timeWindow: "1 minute",
    allowList: (request) => request.url === "/healthz",
  });
  app.addHook("onRequest", async (request, reply) => {
    const hsts = options.hsts(request);
    if (hsts) reply.header("Strict-Transport-Security", hsts);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApiPath(request.url)) {
      reply.header("Cache-Control", "no-store");
    } else if (request.url.startsWith("/assets/")) {
      reply.header("Cache-Control", "public, max-age=31536000, immutable");
    } else if (!reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-cache");
    }
    return payload;
  });
});
