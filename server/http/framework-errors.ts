import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { type Envelope, ErrorCode } from "../../src/domain/envelope.ts";

/**
 * Headers for replies Fastify makes before any hook runs (a bad URL, a path parameter over
 * `maxParamLength`, a request Node could not parse): helmet never sees those, so they carry the
 * strictest policy themselves. A JSON error needs no script, style or frame.
 */
const baselineSecurityHeaders: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/** One year, subdomains included: sent only when the portal is served over HTTPS. */
const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/**
 * Strict-Transport-Security for a request, or null: when PUBLIC_URL is https, or the request came
 * over https (itself, or through a trusted proxy's X-Forwarded-Proto). Over plain http the header
 * would pin a development or LAN host to a TLS it does not have.
 */
export function hstsFor(publicUrl: string | null) {
  const publicHttps = publicUrl?.startsWith("https:") ?? false;
  return (request: FastifyRequest): string | null => {
    let https = publicHttps;
    try {
      https ||= request.protocol === "https";
    } catch {
      // A request Fastify refused before routing may not know its protocol; plain http then.
    }
    return https ? strictTransportSecurity : null;
  };
}

const refusals = {
  FST_ERR_BAD_URL: { status: 400, code: ErrorCode.validation, message: "The address is not a valid URL." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: ErrorCode.validation, message: "The address is too long." },
} as const;

/**
 * Fastify's `frameworkErrors`: the envelope and the security headers instead of Fastify's own JSON,
 * which echoed the whole path back. `hsts` is the Strict-Transport-Security value when it applies.
 */
export function frameworkErrors(hsts: (request: FastifyRequest) => string | null) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = refusals[error.code as keyof typeof refusals];
    const { status, code, message } = known ?? {
      status: 400,
      code: ErrorCode.validation,
      message: "The request could not be routed.",
    };
    const strict = hsts(request);
    reply
      .code(status)
      .headers({ ...baselineSecurityHeaders, ...(strict ? { "Strict-Transport-Security": strict } : {}) })
      .type("application/json; charset=utf-8")
      .send({ data: null, errors: [{ code, message }] } satisfies Envelope<null>);
  };
}

/** Node's own refusals (malformed request line, headers too large): the envelope, then close. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    data: null,
    errors: [
      {
        code: ErrorCode.validation,
        message: tooLarge ? "The request headers are too large." : "The request is not valid HTTP.",
      },
    ],
  } satisfies Envelope<null>);
  const headers = Object.entries({
    ...baselineSecurityHeaders,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  })
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}\r\n${headers}\r\n\r\n${body}`,
  );
}
