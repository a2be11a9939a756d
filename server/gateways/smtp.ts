import nodemailer from "nodemailer";
import type { EmailProvider } from "./delivery.ts";

export interface SmtpSettings {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when the server offers it; add `?requireTLS=true` to insist)
   * or `smtps://user:pass@host:465` (TLS from the first byte).
   */
  url: string;
  /** From header and envelope sender, e.g. `Metro Transit <no-reply@example.org>`. */
  from: string;
}

/** Plain-text mail through one SMTP relay; a connection per message, which suits this volume. */
export function createSmtpProvider(settings: SmtpSettings): EmailProvider {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // The transport's own logger would print message data; failures reach the outbox log instead.
    logger: false,
    debug: false,
  });
  return {
    name: "smtp",
    async deliver(message) {
      await transport.sendMail({
        from: settings.from,
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.body,
      });
    },
    async close() {
      transport.close();
    },
  };
}
