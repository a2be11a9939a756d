/**
 * A rider's statement for a date range (issue 35), as employers ask for commuter-benefit claims:
 * `GET /transit/statement?from=YYYY-MM-DD&to=YYYY-MM-DD` → `Statement`. The days are the agency's
 * (its time zone), both included, at most `statementMaxDays` of them. Purchases (passes and cards),
 * loads (value onto a card or the wallet), trips (taps of the rider's cards) and commuter-benefit use
 * (the legs paid by a card marked as a commuter benefits card) are listed apart, each with its total,
 * in minor units of `currency`. The portal shows it as a printable page and writes it as CSV.
 */

const statementMaxDays = 366;

export interface StatementPurchase {
  at: string;
  order_number: string;
  /** What was bought: "2 × Adult Day Pass, Youth 7-Day Pass". */
  description: string;
  amount: number;
  /** Given back since (refunds); the net is `amount - refunded`. */
  refunded: number;
}

export interface StatementLoad {
  at: string;
  order_number: string;
  /** Where the value went: the card's nickname and last four digits, or null for the wallet. */
  card: { nickname: string; last4: string } | null;
  amount: number;
  refunded: number;
}

export interface StatementTrip {
  at: string;
  card: { nickname: string; last4: string };
  route: string;
  stop: string | null;
  paid_by: "stored_value" | "pass" | "cap";
  /** What the card's stored value paid. */
  charged: number;
}

export interface StatementBenefit {
  at: string;
  order_number: string;
  /** The commuter benefits card: "Visa •••• 4242". */
  payment: string;
  amount: number;
  refunded: number;
}

export interface Statement {
  from: string;
  to: string;
  time_zone: string;
  currency: string;
  purchases: StatementPurchase[];
  loads: StatementLoad[];
  trips: StatementTrip[];
  commuter_benefits: StatementBenefit[];
  /** Net of refunds; trips are the stored value they took. */
  totals: { purchases: number; loads: number; trips: number; commuter_benefits: number };
}

/** Why a range is refused (the same words in the portal and the server). */
export const statementRangeMessages = {
  invalid: "Enter dates as YYYY-MM-DD.",
  order: "The end date must be on or after the start date.",
  tooLong: `A statement covers at most ${statementMaxDays} days.`,
} as const;

/** Days from `from` to `to`, both included; null when either is not a real calendar day. */
function statementDays(from: string, to: string): number | null {
  const day = (text: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
    const time = Date.parse(`${text}T00:00:00Z`);
    return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? null : time;
  };
  const start = day(from);
  const end = day(to);
  if (start === null || end === null) return null;
  return Math.round((end - start) / 86_400_000) + 1;
}

/** What is wrong with a range, or null. */
export function statementRangeProblem(from: string, to: string): keyof typeof statementRangeMessages | null {
  const days = statementDays(from, to);
  if (days === null) return "invalid";
  if (days < 1) return "order";
  if (days > statementMaxDays) return "tooLong";
  return null;
}
