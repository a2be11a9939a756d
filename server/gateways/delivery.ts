import type { OutgoingMessage } from "./outbox.ts";
import { createHttpSmsProvider, type SmsSettings } from "./sms.ts";
import { createSmtpProvider, type SmtpSettings } from "./smtp.ts";

/**
 * A real way out for one channel. `deliver` resolves once the provider accepted the message and throws
 * otherwise; its errors must never carry the message body (bodies hold codes and links).
 */
export interface DeliveryProvider {
  /** Recorded on every message it carries, e.g. "smtp". */
  readonly name: string;
  deliver(message: OutgoingMessage): Promise<void>;
  close(): Promise<void>;
}

export type EmailProvider = DeliveryProvider;
export type SmsProvider = DeliveryProvider;

/** The provider of each channel; null keeps that channel in the sandbox (the dev mailbox). */
export interface DeliveryProviders {
  email: EmailProvider | null;
  sms: SmsProvider | null;
}

export interface RetryPolicy {
  /** Attempts per message, the first one included; after the last one the row stays `failed`. */
  maxAttempts: number;
  /** Wait after failed attempt n (1-based) before the next one; the last value repeats. */
  delaysMs: number[];
  /** How often the dispatcher looks for messages due a retry. */
  intervalMs: number;
  /** How long a claimed message is hidden from other dispatchers; longer than any provider timeout. */
  leaseMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  delaysMs: [15_000, 60_000, 5 * 60_000, 15 * 60_000],
  intervalMs: 10_000,
  leaseMs: 2 * 60_000,
};

/** What the environment chose; no provider at all is the sandbox. */
export interface DeliveryConfig {
  smtp: SmtpSettings | null;
  sms: SmsSettings | null;
  retry?: Partial<RetryPolicy>;
}

export const sandboxDelivery: DeliveryConfig = { smtp: null, sms: null };

export function createProviders(config: DeliveryConfig): DeliveryProviders {
  return {
    email: config.smtp ? createSmtpProvider(config.smtp) : null,
    sms: config.sms ? createHttpSmsProvider(config.sms) : null,
  };
}
