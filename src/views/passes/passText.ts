import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { PassStatus, PassSummary } from "../../domain/transit/passes.ts";

/** Where a pass is: the cloud, or the device's nickname. */
export function locationText(i18n: I18n, pass: Pick<PassSummary, "location" | "device">): string {
  if (pass.location === "device") {
    const name = pass.device?.nickname ?? "";
    return name === "" ? i18n._(msg`On a device`) : i18n._(msg`On ${name}`);
  }
  return i18n._(msg`Cloud`);
}

/** Rides left: a number, or unlimited. */
export function remainingText(i18n: I18n, pass: Pick<PassSummary, "remaining" | "usable_count">): string {
  return pass.usable_count === null || pass.remaining === null
    ? i18n._(msg`Unlimited`)
    : String(pass.remaining);
}

/** Why a pass cannot move (spec section 4: an active or spoiled pass cannot be moved). */
export function immovableText(i18n: I18n, status: PassStatus): string {
  switch (status) {
    case "active":
      return i18n._(msg`This pass is active: a pass in use cannot be moved.`);
    case "spoiled":
      return i18n._(msg`This pass is spoiled (cancelled) and cannot be moved.`);
    case "expired":
      return i18n._(msg`This pass has expired and cannot be moved.`);
    case "available":
      return i18n._(msg`This pass can no longer be moved.`);
  }
}

/**
 * When a pass ends: its date once it has one (a pass's life starts at its first ride), else how long
 * it lasts from the first use, else never.
 */
export function expiryText(
  i18n: I18n,
  pass: Pick<PassSummary, "expires_at" | "valid_days">,
  day: (iso: string) => string,
): string {
  if (pass.expires_at) return day(pass.expires_at);
  if (pass.valid_days) {
    return i18n._(plural(pass.valid_days, { one: "# day after first use", other: "# days after first use" }));
  }
  return i18n._(msg`Never`);
}
