import type { SmsProvider } from "./delivery.ts";

export interface SmsSettings {
  /** Endpoint that takes `POST {to, from, body}` as JSON. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Sender id or number; omitted from the request when null (the provider's default sender). */
  from: string | null;
  timeoutMs?: number;
}

/**
 * A generic HTTP SMS provider. Any answer outside 2xx is a failure; the provider's reply body is never
 * read into the error, since some providers echo the message (and its code) back.
 */
export function createHttpSmsProvider(settings: SmsSettings): SmsProvider {
  return {
    name: "http-sms",
    async deliver(message) {
      const response = await fetch(settings.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          authorization: `Bearer ${settings.token}`,
        },
        body: JSON.stringify({
          to: message.recipient,
          ...(settings.from === null ? {} : { from: settings.from }),
          body: message.body,
        }),
        redirect: "error",
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
    },
    async close() {},
  };
}
