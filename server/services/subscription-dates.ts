/** One day in milliseconds. */
const dayMs = 24 * 60 * 60_000;

/** How long an auto-renewed pass lasts when neither its expiry nor its validity is known. */
const fallbackRenewalDays = 30;

/**
 * When an auto-renewed pass renews: its expiry when it has one, else `at` plus the pass's
 * valid days, else `at` plus 30 days. Shared by checkout's subscriptions and a card's auto-renew.
 */
export function renewsAtFor(pass: { expiresAt: Date | null; validDays: number | null }, at: Date): Date {
  return pass.expiresAt ?? new Date(at.getTime() + renewalPeriodMs(pass.validDays));
}

/** How long one renewal period of a pass lasts: its product's days, else 30. */
export const renewalPeriodMs = (validDays: number | null): number =>
  (validDays ?? fallbackRenewalDays) * dayMs;
