import { createHmac } from "node:crypto";
import { type IdentityTransport, providerJson, textField, type VerifiedIdentity } from "./identity.ts";

const graphVersion = "v21.0";

/** Facebook Login's endpoints (the Graph API). */
const facebookEndpoints = {
  authorize: `https://www.facebook.com/${graphVersion}/dialog/oauth`,
  token: `https://graph.facebook.com/${graphVersion}/oauth/access_token`,
  debugToken: "https://graph.facebook.com/debug_token",
  me: `https://graph.facebook.com/${graphVersion}/me`,
} as const;

export interface FacebookSettings {
  appId: string;
  appSecret: string;
  /** Facebook's own unless given (the sandbox provider's in the demo and tests). */
  endpoints?: { authorize: string; token: string; debugToken: string; me: string };
  /** `fetch` unless given. */
  transport?: IdentityTransport;
}

/**
 * Facebook Login by the OAuth code flow. The code is exchanged for an access token with the app id,
 * secret and the same redirect_uri; the token is checked with debug_token (issued to this app, valid,
 * not expired) before /me gives id, email and names, and /me must name the user debug_token named.
 * Facebook returns only a confirmed primary address, so an email it gives counts as verified.
 */
export interface FacebookClient {
  appId: string;
  authorizeUrl(state: string): string;
  verify(code: string): Promise<VerifiedIdentity | null>;
}

export function createFacebookClient(
  settings: FacebookSettings & { redirectUri: string; now: () => Date },
): FacebookClient {
  const endpoints = settings.endpoints ?? facebookEndpoints;
  const transport: IdentityTransport = settings.transport ?? ((url, init) => fetch(url, init));
  const get = (base: string, query: Record<string, string>) => {
    const url = new URL(base);
    url.search = new URLSearchParams(query).toString();
    return providerJson(transport, url.toString(), { method: "GET" });
  };
  return {
    appId: settings.appId,
    authorizeUrl(state) {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({
        client_id: settings.appId,
        redirect_uri: settings.redirectUri,
        response_type: "code",
        scope: "email public_profile",
        state,
      }).toString();
      return url.toString();
    },
    async verify(code) {
      const exchanged = await get(endpoints.token, {
        client_id: settings.appId,
        client_secret: settings.appSecret,
        redirect_uri: settings.redirectUri,
        code,
      });
      const accessToken = exchanged ? textField(exchanged, "access_token") : null;
      if (!accessToken) return null;
      const debug = await get(endpoints.debugToken, {
        input_token: accessToken,
        access_token: `${settings.appId}|${settings.appSecret}`,
      });
      const data = debug?.data;
      if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
      const checked: Record<string, unknown> = { ...data };
      const expiresAt = checked.expires_at;
      const nowSeconds = settings.now().getTime() / 1000;
      if (
        String(checked.app_id) !== settings.appId ||
        checked.is_valid !== true ||
        typeof expiresAt !== "number" ||
        (expiresAt !== 0 && expiresAt <= nowSeconds)
      ) {
        return null;
      }
      const userId = checked.user_id === undefined ? null : String(checked.user_id);
      const proof = createHmac("sha256", settings.appSecret).update(accessToken).digest("hex");
      const me = await get(endpoints.me, {
        fields: "id,email,first_name,last_name",
        access_token: accessToken,
        appsecret_proof: proof,
      });
      const id = me ? textField(me, "id", 255) : null;
      if (!me || !id || (userId !== null && userId !== id)) return null;
      const email = textField(me, "email", 254);
      return {
        subject: id,
        email,
        emailVerified: email !== null,
        firstName: textField(me, "first_name", 200),
        lastName: textField(me, "last_name", 200),
      };
    },
  };
}
