import type { FastifyRequest } from "fastify";

/**
 * What may reach a log line. A failed query's error carries its bound parameters (emails, scrypt
 * hashes, tokens) in `params` and at the end of its message, and PostgreSQL repeats values in
 * `detail` ("Key (email)=(...) already exists") and in some messages; headers carry bearer tokens.
 */

/** Object paths pino censors wherever they appear in a log line (one level deep for `*`). */
const personalFields = [
  "email",
  "password",
  "current_password",
  "new_password",
  "token",
  "access_token",
  "mobile",
  "phone",
  "first_name",
  "last_name",
  "firstName",
  "lastName",
  "name",
  "passwordHash",
  "password_hash",
  "hash",
  "params",
  "parameters",
  "detail",
];

/**
 * Payment details posted to the sandbox gateway (/sandbox-gateway/*): never in a log line, whoever
 * logs them. Fastify logs no request body; these are for a handler or an error that would.
 */
const paymentFields = ["number", "cvc", "cvv", "account_number", "routing_number", "postal_code", "body"];

export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-card-token"]',
  'req.headers["x-temporary-token"]',
  'res.headers["set-cookie"]',
  ...personalFields,
  ...personalFields.map((field) => `*.${field}`),
  ...paymentFields,
  ...paymentFields.map((field) => `*.${field}`),
];

const emailPattern = /[^\s@"'(),=]+@[^\s@"'(),=]+/g;
const hashPattern = /scrypt\$[^\s,"')]+/g;
/** 12 to 19 digits, spaced or dashed as typed (or URL-encoded): any card number, and long account numbers. */
const cardNumberPattern = /(?<![0-9])[0-9](?:(?:[ +-]|%20)?[0-9]){11,18}(?![0-9])/g;

/** A message without a failed query's parameters, emails, hashes or card numbers. */
function scrubMessage(message: string): string {
  const withoutParams = message.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]");
  return withoutParams
    .replace(emailPattern, "[redacted]")
    .replace(hashPattern, "[redacted]")
    .replace(cardNumberPattern, "[redacted]");
}

/**
 * OAuth values in query strings (the portal's Google and Facebook return routes, the sandbox identity
 * provider's endpoints): a code or token in a log line could be replayed. URLs only: `code` elsewhere
 * is an error's code.
 */
const oauthParameters = ["code", "id_token", "input_token", "client_secret", "nonce", "appsecret_proof"];

const censoredParameters: ReadonlySet<string> = new Set([
  ...personalFields,
  ...paymentFields,
  ...oauthParameters,
]);

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
};

/** The URL with the values of personal and payment query parameters censored and card-like digit runs scrubbed. */
export function scrubUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url.replace(cardNumberPattern, "[redacted]");
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      return censoredParameters.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, at)}?${query}`.replace(cardNumberPattern, "[redacted]");
}

/**
 * The `req` serializer: Fastify's fields, the URL scrubbed (card details sent in a query string are
 * refused, and must not be logged on their way there).
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    version: request.headers["accept-version"],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: SerializedError;
}

/**
 * The `err` serializer: type, message, stack, code and cause only, every text scrubbed; never the
 * query's `params`, PostgreSQL's `detail` or any other field an error happens to carry.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrubMessage(String(error)), stack: "" };
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? "Error",
    message: scrubMessage(error.message),
    stack: scrubMessage(error.stack ?? ""),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(typeof statusCode === "number" ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 5 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}
