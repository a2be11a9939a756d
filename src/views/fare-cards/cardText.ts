import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FareMediumStatus, FareMediumType } from "../../domain/fare-media.ts";
import type { ActivityKind, ActivityRow, FareCapProgress } from "../../domain/transit/cards.ts";
import type { PassStatus } from "../../domain/transit/passes.ts";
import type { DateFormats } from "../shared/dates.ts";

/** Formats minor units in the deployment's currency and the rider's language (useMoney). */
export type MoneyFormat = (minorUnits: number) => string;

export function cardStatusText(i18n: I18n, status: FareMediumStatus): string {
  switch (status) {
    case "ACTIVE":
      // A card's word, apart from a pass's "Active": their genders differ in Spanish and French.
      return i18n._(msg({ message: "Active", context: "fare card status" }));
    case "BLOCKED":
      return i18n._(msg`Blocked`);
    case "INVALID":
      return i18n._(msg`Invalid`);
    case "SUSPENDED":
      return i18n._(msg`Suspended`);
  }
}

/** A rider type as riders say it (the agency's code, e.g. YOUTH, when it is not one of the usual ones). */
export function riderTypeText(i18n: I18n, riderType: string): string {
  switch (riderType) {
    case "ADULT":
      return i18n._(msg({ message: "Adult", context: "rider type" }));
    case "YOUTH":
      return i18n._(msg({ message: "Youth", context: "rider type" }));
    case "SENIOR":
      return i18n._(msg({ message: "Senior", context: "rider type" }));
    case "REDUCED":
      return i18n._(msg({ message: "Reduced fare", context: "rider type" }));
    default:
      return riderType;
  }
}

/**
 * A card's category as the rider's language says it: the fare system names a card's category after its
 * rider type ("Youth"), which is said as the rider type is; any other category is a name, shown as is.
 */
export function categoryText(i18n: I18n, category: string): string {
  const code = category.toUpperCase();
  const said = riderTypeText(i18n, code);
  return said === code ? category : said;
}

/**
 * What fare a card pays, in one line: its category and its rider type ("Student Plus · Youth"), or
 * one word when the category is named after the rider type ("Adult", never "Adult · Adult").
 */
export function fareKindText(i18n: I18n, category: string, riderType: string): string {
  const kinds = [categoryText(i18n, category), riderTypeText(i18n, riderType)];
  return [...new Set(kinds)].join(" · ");
}

export function cardTypeText(i18n: I18n, type: FareMediumType): string {
  switch (type) {
    case "VIRTUAL":
      return i18n._(msg`Virtual card`);
    case "PHYSICAL":
      return i18n._(msg`Physical card`);
    case "LIMITED_USE":
      return i18n._(msg`Limited-use ticket`);
  }
}

export function passStatusText(i18n: I18n, status: PassStatus): string {
  switch (status) {
    case "available":
      return i18n._(msg`Available`);
    case "active":
      return i18n._(msg`Active`);
    case "expired":
      return i18n._(msg`Expired`);
    case "spoiled":
      return i18n._(msg`Spoiled`);
  }
}

export function activityKindText(i18n: I18n, kind: ActivityKind): string {
  switch (kind) {
    case "tap":
      return i18n._(msg`Ride`);
    case "tap_pass":
      return i18n._(msg`Ride on a pass`);
    case "tap_capped":
      return i18n._(msg`Free ride (capped)`);
    case "purchase":
      return i18n._(msg`Purchase`);
    case "load":
      return i18n._(msg`Value added`);
    case "autoload":
      return i18n._(msg`Autoload`);
    case "transfer_in":
      return i18n._(msg`Transfer in`);
    case "transfer_out":
      return i18n._(msg`Transfer out`);
    case "refund":
      return i18n._(msg`Refund`);
    case "pass_attached":
      return i18n._(msg`Pass added`);
    case "blocked":
      return i18n._(msg`Card blocked`);
    case "unblocked":
      return i18n._(msg`Card unblocked`);
    case "linked":
      return i18n._(msg`Card linked`);
    case "unlinked":
      return i18n._(msg`Card unlinked`);
    case "replaced":
      return i18n._(msg`Reported lost`);
    case "replacement":
      return i18n._(msg`Replacement card`);
  }
}

/** A card number's last four digits ("0015"), as riders name their cards. */
export const lastFour = (number: string) => number.replace(/\D/g, "").slice(-4);

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

/** The row's description, worded from its kind and detail (cards.ts ActivityRow). */
export function activityDescription(i18n: I18n, row: Pick<ActivityRow, "kind" | "detail">): string {
  const { detail } = row;
  const route = text(detail.route);
  const pass = text(detail.pass);
  const card = text(detail.card);
  const order = text(detail.order);
  switch (row.kind) {
    case "tap":
      return route ? i18n._(msg`Fare paid on ${route}`) : i18n._(msg`Fare paid`);
    case "tap_pass":
      return route && pass ? i18n._(msg`${pass} used on ${route}`) : i18n._(msg`Ride on a pass`);
    case "tap_capped":
      return route
        ? i18n._(msg`Free ride on ${route}: fare cap reached`)
        : i18n._(msg`Free ride: fare cap reached`);
    case "purchase":
      return order ? i18n._(msg`Order ${order}`) : i18n._(msg`Purchase`);
    case "load":
      return order ? i18n._(msg`Value added, order ${order}`) : i18n._(msg`Value added`);
    case "autoload":
      return order ? i18n._(msg`Autoload, order ${order}`) : i18n._(msg`Autoload`);
    case "transfer_in":
      return card ? i18n._(msg`Transfer from ${card}`) : i18n._(msg`Transfer in`);
    case "transfer_out":
      return card ? i18n._(msg`Transfer to ${card}`) : i18n._(msg`Transfer out`);
    case "refund":
      return order ? i18n._(msg`Refund of order ${order}`) : i18n._(msg`Refund`);
    case "pass_attached":
      return pass ? i18n._(msg`${pass} added to the card`) : i18n._(msg`Pass added`);
    case "blocked":
      return i18n._(msg`The card was blocked`);
    case "unblocked":
      return i18n._(msg`The card was unblocked`);
    case "linked":
      return i18n._(msg`The card was linked to this account`);
    case "unlinked":
      return i18n._(msg`The card was unlinked from this account`);
    case "replaced":
      return card
        ? i18n._(msg`Reported lost or stolen: moved to the card ending ${card}`)
        : i18n._(msg`Reported lost or stolen`);
    case "replacement":
      return card
        ? i18n._(msg`Issued to replace the card ending ${card}, with what it held`)
        : i18n._(msg`Issued to replace a lost card`);
  }
}

/** "2 of 3 trips today — rides are free after 3", or "Capped: rides free until {time}". */
export function fareCapText(i18n: I18n, cap: FareCapProgress, dates: Pick<DateFormats, "dateTime">): string {
  if (cap.capped) {
    const until = dates.dateTime(cap.period_ends_at);
    return i18n._(msg`Capped: rides free until ${until}`);
  }
  const counted = cap.trips_counted;
  const trips = cap.trips;
  switch (cap.period) {
    case "day":
      return i18n._(msg`${counted} of ${trips} trips today — rides are free after ${trips}`);
    case "week":
      return i18n._(msg`${counted} of ${trips} trips this week — rides are free after ${trips}`);
    case "month":
      return i18n._(msg`${counted} of ${trips} trips this month — rides are free after ${trips}`);
  }
}
