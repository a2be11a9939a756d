import { randomBytes } from "node:crypto";
import type { IdentityProvider } from "../../src/domain/identity.ts";
import { sandboxIdentityDefaults } from "../gateways/sandbox-idp.ts";
import type { TestApp } from "./helpers.ts";

export const randomState = () => randomBytes(24).toString("base64url");

/** The rider on the sandbox's form: its prefilled values unless given. */
export interface SandboxForm {
  email?: string;
  firstName?: string;
  lastName?: string;
  action?: "continue" | "cancel";
}

/**
 * A rider's browser through the sandbox identity provider, as the portal starts it: GET the start
 * route (302 to the sandbox's authorize page), GET that page, post its form. Answers where the
 * sandbox sends the browser back, with the state and nonce the trip used.
 */
export async function sandboxTrip(
  t: TestApp,
  provider: IdentityProvider,
  form: SandboxForm = {},
): Promise<{ location: URL; state: string; nonce: string; page: string }> {
  const state = randomState();
  const nonce = randomState();
  const query = new URLSearchParams({ state, ...(provider === "google" ? { nonce } : {}) });
  const start = await t.app.inject({ method: "GET", url: `/accounts/oauth/${provider}?${query}` });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const authorize = new URL(String(start.headers.location));
  const shown = await t.app.inject({ method: "GET", url: authorize.pathname + authorize.search });
  if (shown.statusCode !== 200) throw new Error(`authorize page answered ${shown.statusCode}: ${shown.body}`);
  const hidden = Object.fromEntries(
    [...shown.body.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)].map((match) => [
      match[1],
      (match[2] ?? "").replaceAll("&#38;", "&").replaceAll("&#47;", "/"),
    ]),
  );
  const posted = await t.app.inject({
    method: "POST",
    url: authorize.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      ...hidden,
      email: form.email ?? sandboxIdentityDefaults.email,
      first_name: form.firstName ?? sandboxIdentityDefaults.firstName,
      last_name: form.lastName ?? sandboxIdentityDefaults.lastName,
      action: form.action ?? "continue",
    }).toString(),
  });
  if (posted.statusCode !== 302) throw new Error(`the form answered ${posted.statusCode}: ${posted.body}`);
  return {
    location: new URL(String(posted.headers.location), "https://portal.test"),
    state,
    nonce,
    page: shown.body,
  };
}

/** The credential the portal's return route would send to the server after a sandbox trip. */
export async function sandboxCredential(
  t: TestApp,
  provider: "google" | "facebook",
  form: SandboxForm = {},
): Promise<{ code: string; nonce: string }> {
  const { location, nonce } = await sandboxTrip(t, provider, form);
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  return { code, nonce };
}

/** The Apple id_token the sandbox hands the portal's /redirect route. */
export async function sandboxAppleToken(t: TestApp, form: SandboxForm = {}): Promise<string> {
  const { location } = await sandboxTrip(t, "apple", form);
  const [, redirect, , idToken] = location.pathname.split("/");
  if (redirect !== "redirect" || !idToken) throw new Error(`not the /redirect route: ${location}`);
  return decodeURIComponent(idToken);
}

/** POST /accounts/users/login with a provider's credential. */
export function socialLogin(
  t: TestApp,
  provider: "google" | "facebook",
  credential: { code: string; nonce?: string },
) {
  return t.app.inject({
    method: "POST",
    url: "/accounts/users/login",
    payload:
      provider === "google"
        ? { login_type: "Google", code: credential.code, nonce: credential.nonce }
        : { login_type: "Facebook", code: credential.code },
  });
}
