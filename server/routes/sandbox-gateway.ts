import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { ErrorCode } from "../../src/domain/envelope.ts";
import type { BankInput, CardInput } from "../gateways/payments/checks.ts";
import { accountTypes } from "../gateways/payments/checks.ts";
import type { SandboxPaymentGateway } from "../gateways/payments/sandbox.ts";
import { fail, notFound, ok } from "../http/envelope.ts";
import { publicLink } from "../services/links.ts";

/**
 * The sandbox payment gateway's own HTTP face, served beside the portal under /sandbox-gateway as a
 * real gateway would be served from its own host. The portal's card and bank forms post here
 * directly, never to the portal's API, and get a token back; the PayPal approval page stands in for
 * PayPal's. Card and account numbers are checked, reduced to what a token may say and forgotten:
 * nothing is stored, and no log line holds them (server/http/logging.ts redacts the fields and scrubs
 * card-like digit runs from URLs and error messages).
 *
 * Replies are the portal's envelope, so the one HTTP client, the error handler and the framework's
 * own refusals (bad JSON, oversize body, rate limit) speak one shape on this origin. A request of the
 * wrong shape is 400 (40001, with `field`); a card or account the sandbox will not tokenize is 402
 * (`sandboxErrorCode.cardRejected`) with Stripe's reason (`invalid_number`, `invalid_expiry_month`,
 * `invalid_expiry_year`, `invalid_cvc`, `incorrect_zip`, `invalid_routing_number`,
 * `invalid_account_number`) and the field. A test number that declines is tokenized (200): it declines
 * when charged.
 */

export const sandboxErrorCode = { cardRejected: 40201 } as const;

/** Tokenization attempts per address and minute (a card-testing script gets no further). */
export const sandboxRateLimitPerMinute = 30;

const problemMessages: Record<string, string> = {
  invalid_number: "The card number is not a valid card number.",
  invalid_expiry_month: "The card's expiration month is not valid.",
  invalid_expiry_year: "The card's expiration year is not valid.",
  invalid_cvc: "The card's security code is not valid.",
  incorrect_zip: "The card's postal code is not valid.",
  invalid_routing_number: "The routing number is not valid.",
  invalid_account_number: "The account number must be 4 to 17 digits.",
  invalid_account_type: "The account type must be checking or savings.",
  invalid_account_holder_name: "The account holder's name is not valid.",
};

function rejected(reply: FastifyReply, problem: string, field: string): FastifyReply {
  const error = {
    code: sandboxErrorCode.cardRejected,
    message: problemMessages[problem] ?? "The payment details are not valid.",
    field,
    reason: problem,
  };
  return fail(reply, 402, [error]);
}

const noQuery = { type: "object", additionalProperties: false, maxProperties: 0 } as const;
const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;

const cardBody = {
  type: "object",
  required: ["number", "exp_month", "exp_year", "cvc", "postal_code"],
  additionalProperties: false,
  properties: {
    number: text(32),
    exp_month: { type: "integer" },
    exp_year: { type: "integer" },
    cvc: text(8),
    postal_code: text(16),
    name: { type: "string", maxLength: 100 },
  },
} as const;

const bankBody = {
  type: "object",
  required: ["routing_number", "account_number", "account_type", "account_holder_name"],
  additionalProperties: false,
  properties: {
    routing_number: text(16),
    account_number: text(24),
    account_type: { type: "string", enum: accountTypes },
    account_holder_name: { type: "string", minLength: 1, maxLength: 100, pattern: "\\S" },
  },
} as const;

/** The portal's state, bounded like the Apple callback's. */
const state = { type: "string", minLength: 16, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" } as const;
const returnAddress = { type: "string", minLength: 1, maxLength: 2048 } as const;

interface ApprovalQuery {
  return_url: string;
  cancel_url: string;
  state: string;
}
interface ApprovalForm extends ApprovalQuery {
  decision: "approve" | "cancel";
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const stylesheet = `body{font:1rem/1.5 system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1a1a1a}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px #0003}
h1{font-size:1.5rem;margin-top:0}.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:2rem;border:2px solid #003087;cursor:pointer}
button[value=approve]{background:#003087;color:#fff}button[value=cancel]{background:#fff;color:#003087}
button:focus-visible{outline:3px solid #ffc439;outline-offset:2px}
`;

function approvalPage(action: string, stylesheetPath: string, form: ApprovalQuery): string {
  const hidden = (name: keyof ApprovalQuery) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(form[name])}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal Sandbox: approve payments</title>
<link rel="stylesheet" href="${escapeHtml(stylesheetPath)}">
</head>
<body>
<main>
<h1>PayPal Sandbox</h1>
<p>The transit portal asks to use your PayPal account for payments.</p>
<p>This is a sandbox: no PayPal account is used and no money moves.</p>
<form method="post" action="${escapeHtml(action)}">
${hidden("return_url")}
${hidden("cancel_url")}
${hidden("state")}
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>
</main>
</body>
</html>
`;
}

/** Card and bank tokens: JSON in, a token out. */
async function tokenRoutes(app: FastifyInstance, options: { gateway: SandboxPaymentGateway }) {
  const config = { rateLimit: { max: sandboxRateLimitPerMinute, timeWindow: "1 minute" } };

  app.post<{ Body: CardInput }>(
    "/v1/tokens",
    { config, schema: { querystring: noQuery, body: cardBody } },
    async (request, reply) => {
      const made = options.gateway.createCardToken(request.body);
      return made.ok ? ok(made.value) : rejected(reply, made.problem, made.field);
    },
  );

  app.post<{ Body: BankInput }>(
    "/v1/bank_tokens",
    { config, schema: { querystring: noQuery, body: bankBody } },
    async (request, reply) => {
      const made = options.gateway.createBankToken(request.body);
      return made.ok ? ok(made.value) : rejected(reply, made.problem, made.field);
    },
  );
}

/**
 * PayPal's approval, played by the sandbox: GET shows Approve and Cancel (a plain form, no script),
 * POST sends the browser back to the portal, with a PayPal token on approval. Return and cancel
 * addresses must be on the portal's own origin (PUBLIC_URL), so the page is no open redirect.
 */
async function payPalRoutes(
  app: FastifyInstance,
  options: { gateway: SandboxPaymentGateway; publicUrl: string | null },
) {
  const config = { rateLimit: { max: sandboxRateLimitPerMinute, timeWindow: "1 minute" } };
  const origin = new URL(publicLink(options.publicUrl, "/")).origin;
  /** The address resolved against the portal's origin, if it stays on it; else null. */
  const ownAddress = (value: string): URL | null => {
    try {
      const url = new URL(value, origin);
      return url.origin === origin && url.username === "" && url.password === "" ? url : null;
    } catch {
      return null;
    }
  };
  const addresses = (reply: FastifyReply, form: ApprovalQuery) => {
    const back = ownAddress(form.return_url);
    const cancel = ownAddress(form.cancel_url);
    if (back && cancel) return { back, cancel };
    const field = back ? "cancel_url" : "return_url";
    fail(reply, 400, [
      { code: ErrorCode.validation, message: `${field} must be an address on this portal`, field },
    ]);
    return null;
  };

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const approvePath = `${app.prefix}/approve`;
  const stylesheetPath = `${app.prefix}/sandbox.css`;
  const approvalQuery = {
    type: "object",
    required: ["return_url", "cancel_url", "state"],
    additionalProperties: false,
    properties: { return_url: returnAddress, cancel_url: returnAddress, state },
  } as const;

  app.get<{ Querystring: ApprovalQuery }>(
    "/approve",
    { config, schema: { querystring: approvalQuery } },
    async (request, reply) => {
      const checked = addresses(reply, request.query);
      if (!checked) return reply;
      const page = approvalPage(approvePath, stylesheetPath, {
        return_url: checked.back.href,
        cancel_url: checked.cancel.href,
        state: request.query.state,
      });
      return reply.type("text/html; charset=utf-8").send(page);
    },
  );

  app.post<{ Body: ApprovalForm }>(
    "/approve",
    {
      config,
      schema: {
        querystring: noQuery,
        body: {
          ...approvalQuery,
          required: [...approvalQuery.required, "decision"],
          properties: {
            ...approvalQuery.properties,
            decision: { type: "string", enum: ["approve", "cancel"] },
          },
        },
      },
    },
    async (request, reply) => {
      const checked = addresses(reply, request.body);
      if (!checked) return reply;
      const { decision, state: portalState } = request.body;
      const target = decision === "approve" ? checked.back : checked.cancel;
      if (decision === "approve") {
        target.searchParams.set("paypal_token", options.gateway.createPayPalToken().token);
      }
      target.searchParams.set("state", portalState);
      return reply.redirect(target.href, 303);
    },
  );

  app.get("/sandbox.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(stylesheet));
}

/** The error without its message (nor any other field): type, code and call frames only. */
function withheld(error: unknown): Error {
  const replacement = new Error(
    "The sandbox gateway failed (message withheld: it may quote payment details)",
  );
  if (error instanceof Error) {
    replacement.name = error.name;
    const frames = (error.stack ?? "").indexOf("\n    at ");
    replacement.stack = `${replacement.name}: ${replacement.message}${frames >= 0 ? error.stack?.slice(frames) : ""}`;
  }
  return replacement;
}

export default async function sandboxGatewayRoutes(
  app: FastifyInstance,
  options: { gateway: SandboxPaymentGateway; publicUrl: string | null },
) {
  // Tokens and approvals are never cached, by the browser or anyone between.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  app.setNotFoundHandler((request, reply) =>
    notFound(reply, `No route ${request.method} ${request.url.split("?")[0]}`),
  );
  // Refusals go on to the app's handler (an envelope, not logged). A failure is logged there, but an
  // error raised while a card was in hand may quote it: its message stays behind, its frames go on.
  app.setErrorHandler((error: FastifyError) => {
    if (error.validation || (error.statusCode !== undefined && error.statusCode < 500)) throw error;
    throw withheld(error);
  });
  await app.register(tokenRoutes, { gateway: options.gateway });
  await app.register(payPalRoutes, {
    prefix: "/paypal",
    gateway: options.gateway,
    publicUrl: options.publicUrl,
  });
}
