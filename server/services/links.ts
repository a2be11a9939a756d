import { defaultPublicUrl } from "../config/env.ts";

/**
 * Links in emails start with the configured public origin (PUBLIC_URL), never with the request's Host
 * header or protocol: a forged Host must not turn a reset link into the attacker's. Without one (tests,
 * a server built by hand) the default is this server on localhost.
 */
export function publicLink(publicUrl: string | null, path: string): string {
  return `${publicUrl ?? defaultPublicUrl(8080)}${path}`;
}
