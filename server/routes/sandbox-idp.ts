import type { FastifyInstance, FastifyReply } from "fastify";
import { type IdentityProvider, identityProviders } from "../../src/domain/identity.ts";
import {
  type AuthorizeCheck,
  personOf,
  providerNames,
  type SandboxIdp,
  sandboxIdentityDefaults,
} from "../gateways/sandbox-idp.ts";
import { isCleanText } from "../plugins/input.ts";

/** The pages' looks, as a file (the CSP admits no inline style). */
const stylesheet = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f5f7}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d4da;border-radius:8px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
label{font-weight:600}
input[type=email],input[type=text]{box-sizing:border-box;width:100%;min-height:44px;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:4px}
button{min-height:44px;min-width:7rem;margin:.5rem .5rem 0 0;padding:.5rem 1rem;font:inherit;border-radius:4px;border:1px solid #1d4ed8;cursor:pointer}
button[value=continue]{background:#1d4ed8;color:#fff}
button[value=cancel]{background:#fff;color:#1d4ed8}
[role=alert]{color:#b91c1c;font-weight:600}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0}}
`;

const html = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Query or form fields as plain strings; anything else (arrays, unclean text) as absent. */
function fieldsOf(source: unknown): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  if (typeof source !== "object" || source === null) return fields;
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === "string" && value.length <= 2048 && isCleanText(value)) fields[key] = value;
  }
  return fields;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<link rel="stylesheet" href="/sandbox-idp/sandbox.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function authorizePage(
  provider: IdentityProvider,
  check: Extract<AuthorizeCheck, { ok: true }>,
  values: { email: string; firstName: string; lastName: string },
  problem: string | null,
): string {
  const title = `Sign in to ${providerNames[provider]} (sandbox)`;
  const hidden = (name: string, value: string | null) =>
    value === null ? "" : `<input type="hidden" name="${name}" value="${html(value)}">\n`;
  const field = (id: string, label: string, value: string, autocomplete: string) =>
    `<p><label for="${id}">${label}</label><br>
<input id="${id}" name="${id}" type="${id === "email" ? "email" : "text"}" value="${html(value)}" autocomplete="${autocomplete}" required></p>\n`;
  return page(
    title,
    `<h1>${html(title)}</h1>
<p>This is the portal's sandbox identity provider: no password is asked and nothing leaves this server. The same email is the same ${providerNames[provider]} identity next time.</p>
${problem ? `<p role="alert">${html(problem)}</p>\n` : ""}<form method="post" action="/sandbox-idp/${provider}/authorize">
${hidden("client_id", check.clientId)}${hidden("redirect_uri", provider === "apple" ? null : check.redirectUri)}${hidden("state", check.state)}${hidden("nonce", check.nonce)}${field("email", "Email", values.email, "email")}${field("first_name", "First name", values.firstName, "given-name")}${field("last_name", "Last name", values.lastName, "family-name")}<p><button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
</form>`,
  );
}

function refusedPage(reply: FastifyReply, provider: IdentityProvider, message: string, status = 400) {
  const title = `Sign in to ${providerNames[provider]} (sandbox)`;
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(page(title, `<h1>${html(title)}</h1>\n<p role="alert">${html(message)}</p>`));
}

/**
 * The sandbox identity provider's pages and endpoints (server/gateways/sandbox-idp.ts), under
 * /sandbox-idp: an authorize page per provider (plain HTML, no script or style) whose Continue and
 * Cancel send the browser back to the portal, and over HTTP the same token, debug_token, /me and key
 * set endpoints the server reaches in process.
 */
export default async function sandboxIdpRoutes(app: FastifyInstance, options: { idp: SandboxIdp }) {
  const { idp } = options;
  const limited = { rateLimit: { max: 60, timeWindow: "1 minute" } };

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  for (const provider of identityProviders) {
    app.get(`/${provider}/authorize`, { config: limited }, async (request, reply) => {
      const check = idp.checkAuthorize(provider, fieldsOf(request.query));
      if (!check.ok) return refusedPage(reply, provider, check.message);
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(authorizePage(provider, check, sandboxIdentityDefaults, null));
    });

    app.post(`/${provider}/authorize`, { config: limited }, async (request, reply) => {
      const fields = fieldsOf(request.body);
      const check = idp.checkAuthorize(provider, fields);
      if (!check.ok) return refusedPage(reply, provider, check.message);
      if (fields.action === "cancel") {
        const back = await idp.complete(provider, check, { action: "cancel" });
        return back ? reply.redirect(back, 302) : refusedPage(reply, provider, "Try again later.", 503);
      }
      const person = personOf(fields);
      if (fields.action !== "continue" || !person) {
        const values = {
          email: fields.email ?? "",
          firstName: fields.first_name ?? "",
          lastName: fields.last_name ?? "",
        };
        return reply
          .code(400)
          .type("text/html; charset=utf-8")
          .send(
            authorizePage(provider, check, values, "Enter an email address, a first name and a last name."),
          );
      }
      const back = await idp.complete(provider, check, { action: "continue", person });
      return back ? reply.redirect(back, 302) : refusedPage(reply, provider, "Try again later.", 503);
    });
  }

  const endpoint = async (method: string, path: string, params: URLSearchParams, reply: FastifyReply) => {
    const answered = await idp.answer(method, path, params);
    return reply.code(answered.status).header("cache-control", "no-store").send(answered.body);
  };
  const paramsOf = (source: unknown) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fieldsOf(source)))
      if (value !== undefined) params.set(key, value);
    return params;
  };

  app.get("/sandbox.css", { config: limited }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(stylesheet),
  );
  app.get("/jwks", { config: limited }, async (_request, reply) =>
    endpoint("GET", "/jwks", new URLSearchParams(), reply),
  );
  app.post("/google/token", { config: limited }, async (request, reply) =>
    endpoint("POST", "/google/token", paramsOf(request.body), reply),
  );
  for (const path of ["/facebook/oauth/access_token", "/facebook/debug_token", "/facebook/me"]) {
    app.get(path, { config: limited }, async (request, reply) =>
      endpoint("GET", path, paramsOf(request.query), reply),
    );
  }
}
