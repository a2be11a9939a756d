/**
 * Passes and devices (issue 13; spec sections 3 "Pass", "Device", "Transaction", 4 "Pass", 8), shared
 * by the server (server/routes/transit/passes.ts, devices.ts) and the portal (src/services/passes.service.ts,
 * devices.service.ts). Riders only (confirmed email). Any id not the rider's own answers 404 notFound,
 * the same bytes for another rider's id, an unknown id and a non-uuid.
 *
 * Passes
 * - `GET  /transit/passes?limit&after`        → `PassPage`: every pass of the rider (pass history),
 *     newest purchase first, keyset pages.
 * - `GET  /transit/passes/unattached`         → `{ passes: PassSummary[] }`: the rider's passes on no
 *     fare card, usable ones only.
 * - `GET  /transit/passes/:id`                → `{ pass: PassDetail }` (404: "Pass details not found.")
 * - `POST /transit/passes/:id/attach` `{ fare_medium }` → `{ pass: PassDetail }`: an unattached pass
 *     onto one of the rider's ACTIVE cards. Refused with passNotEligible when the pass's rider types
 *     do not include the card's ("The selected passes are not eligible for this fare media."),
 *     fareCardUnavailable when the card is not ACTIVE, passNotMovable when it is not available.
 * - `POST /transit/passes/:id/move` `MovePassRequest` → `{ pass: PassDetail }`: to the cloud or to one
 *     of the rider's devices. Only an `available` pass moves (passNotMovable for active, expired or
 *     spoiled ones); moving where it already is answers the pass as it is.
 *
 * Devices (registered by the mobile app; the portal names and removes them)
 * - `GET    /transit/devices`                 → `{ devices: Device[] }`
 * - `POST   /transit/devices` `RegisterDeviceRequest` → 201 `{ device }` (the app's call; the same
 *     installation id answers the device it made)
 * - `PATCH  /transit/devices/:id` `{ nickname }` → `{ device }`
 * - `DELETE /transit/devices/:id`             → 204: its passes go back to the cloud.
 *
 * Purchase history with bank-card taps (spec: Transaction)
 * - `GET  /transit/transactions?limit&after`  → `TransactionPage`
 */

const passStatuses = ["available", "active", "expired", "spoiled"] as const;
export type PassStatus = (typeof passStatuses)[number];
type PassLocation = "cloud" | "device";

export interface PassSummary {
  id: string;
  /** The product's name in the request's language. */
  name: string;
  status: PassStatus;
  location: PassLocation;
  /** When on a device: which. */
  device: { id: string; nickname: string } | null;
  /** The card it is on; null for an unattached pass. */
  fare_medium: { id: string; nickname: string; card_number: string } | null;
  serial_number: string;
  purchased_at: string;
  /** First activation (a tap); null while available. */
  activated_at: string | null;
  expires_at: string | null;
  /**
   * How many days the pass lasts from its first use (its `expires_at` is set then); null or absent
   * when it has no such life.
   */
  valid_days?: number | null;
  /** Null: unlimited rides. */
  usable_count: number | null;
  used_count: number;
  /** usable_count - used_count; null when unlimited. */
  remaining: number | null;
  /**
   * Whether the pass's product allows subscriptions, so the card's page may offer "Renew
   * automatically" for it (POST /transit/faremedia/:id/auto_renew). Absent counts as false.
   */
  auto_renewable?: boolean;
  /** The product's uuid, when known (what an auto-renewal or a one-time purchase buys again). */
  product?: string;
}

export interface PassDetail extends PassSummary {
  description: string;
  order: { id: string; number: string };
  /** Rider types it may be attached to (empty: any). */
  rider_types: string[];
  /** Whether it may move now (available only), and be attached (unattached and available). */
  can_move: boolean;
  can_attach: boolean;
}

export interface PassPage {
  passes: PassSummary[];
  next: string | null;
}

export type MovePassRequest = { to: "cloud" } | { to: "device"; device: string };

export interface Device {
  id: string;
  nickname: string;
  /** The phone's model as the app reported it ("Pixel 9", "iPhone 16"). */
  model: string;
  /** How many passes it holds. */
  tickets: number;
  registered_at: string;
}

export interface RegisterDeviceRequest {
  nickname: string;
  model: string;
  installation_id: string;
}

export const deviceNicknameMaxLength = 40;

/** A tap of a saved bank card at a reader: the fare charged through the gateway. */
export interface Transaction {
  id: string;
  /** What the rider quotes: "TX-" and 10 digits. */
  transaction_number: string;
  tapped_at: string;
  /** Items purchased: the fare of one ride, in the request's language ("Adult fare, Route 10 Crosstown"). */
  items: Array<{ name: string; amount: number }>;
  amount: number;
  currency: string;
  /** The bank card tapped: "Visa •••• 4242". */
  payment_method: { id: string | null; label: string };
  /** Free because a fare cap was reached. */
  capped: boolean;
}

export interface TransactionPage {
  transactions: Transaction[];
  next: string | null;
}

export const passMessages = {
  notFound: "Pass details not found.",
  notEligible: "The selected passes are not eligible for this fare media.",
  toCloud: "Pass successfully transferred to cloud.",
  toDevice: "Pass successfully transferred to device.",
} as const;

const _deviceMessages = {
  removeFailed: "Device removed failed.",
  updateFailed: "Device update failed.",
} as const;
