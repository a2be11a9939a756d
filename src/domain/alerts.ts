/**
 * The alerts a rider chooses under Account → Notifications (issue 35): `GET /accounts/users/alerts` →
 * `{ alerts: AlertSettings }`, `PUT` the same fields but `channels` → the saved settings. A low balance
 * is told when a fare takes a card's stored value from the amount or more to under it; a pass ending
 * within the days chosen (one an auto-renewal will replace is not) and an auto-renewal charging within
 * three days, by the maintenance pass; the autoload's pause as before; security changes (password,
 * email, two-factor) always. Alerts go by email,
 * and by text too when two-factor is on with a confirmed phone, in the rider's language; each goes
 * through the outbox once.
 */
export interface AlertSettings {
  low_balance: { enabled: boolean; below: number };
  pass_ending: { enabled: boolean; days: number };
  renewal_soon: { enabled: boolean };
  autoload_paused: { enabled: boolean };
  /** Where alerts go: the email, and the phone (masked, "•••• 4567") when texts go too. */
  channels: { email: string; text: string | null };
}

export type AlertSettingsInput = Omit<AlertSettings, "channels">;

/** The amount a low balance is told under, in minor units: from 1.00 to 1,000.00. */
export const lowBalanceLimits = { min: 100, max: 100_000 } as const;

/** How many days before a pass ends it may be told: 1 to 30. */
export const passEndingLimits = { min: 1, max: 30 } as const;

/** How many days before an auto-renewal charges it is told. */
export const renewalNoticeDays = 3;

/** What a rider who never saved alerts gets: every alert, a low balance under 5.00, 3 days ahead. */
export const defaultAlerts: AlertSettingsInput = {
  low_balance: { enabled: true, below: 500 },
  pass_ending: { enabled: true, days: 3 },
  renewal_soon: { enabled: true },
  autoload_paused: { enabled: true },
};
