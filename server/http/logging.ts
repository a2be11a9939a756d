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

export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-card-token"]',
  'req.headers["x-temporary-token"]',
  'res.headers["set-cookie"]',
  ...personalFields,
  ...personalFields.map((field) => `*.${field}`),
];

const emailPattern = /[^\s@"'(),=]+@[^\s@"'(),=]+/g;
const hashPattern = /scrypt\$[^\s,"')]+/g;

/** A message without a failed query's parameters, emails or hashes. */
export function scrubMessage(message: string): string {
  const withoutParams = message.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]");
  return withoutParams.replace(emailPattern, "[redacted]").replace(hashPattern, "[redacted]");
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
