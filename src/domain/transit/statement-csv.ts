import { type CsvField, csvAmount, toCsv } from "../csv.ts";
import type { Statement, StatementTrip } from "./statement.ts";

/** The words of a statement's CSV, in the rider's language. */
export interface StatementCsvWords {
  header: [string, string, string, string, string, string, string, string, string];
  purchase: string;
  load: string;
  trip: string;
  benefit: string;
  total: string;
  purchases: string;
  loads: string;
  trips: string;
  benefits: string;
  wallet: string;
  paidBy: Record<StatementTrip["paid_by"], string>;
}

const wallClock = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

/**
 * A statement as CSV (src/domain/csv.ts): one row per purchase, load, trip and commuter-benefit leg
 * (Section, Date, Time, Reference, Description, Card, Amount, Refunded, Net), dates as YYYY-MM-DD and
 * times as HH:mm on the agency's clock (every spreadsheet reads them alike), amounts as plain decimals,
 * then a blank line and one Total row per section, which equals the sum of that section's Net.
 */
export function statementCsv(statement: Statement, words: StatementCsvWords): string {
  const clock = wallClock(statement.time_zone);
  const when = (iso: string): [string, string] => {
    const parts = Object.fromEntries(
      clock.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
    );
    return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
  };
  const card = (held: { nickname: string; last4: string } | null) =>
    held ? `${held.nickname} •••• ${held.last4}` : words.wallet;
  const money = (amount: number, refunded: number): CsvField[] => [
    csvAmount(amount),
    csvAmount(refunded),
    csvAmount(amount - refunded),
  ];
  const rows: CsvField[][] = [words.header];
  for (const entry of statement.purchases)
    rows.push([
      words.purchase,
      ...when(entry.at),
      entry.order_number,
      entry.description,
      null,
      ...money(entry.amount, entry.refunded),
    ]);
  for (const entry of statement.loads)
    rows.push([
      words.load,
      ...when(entry.at),
      entry.order_number,
      null,
      card(entry.card),
      ...money(entry.amount, entry.refunded),
    ]);
  for (const entry of statement.trips)
    rows.push([
      words.trip,
      ...when(entry.at),
      null,
      [entry.route, entry.stop, words.paidBy[entry.paid_by]].filter(Boolean).join(", "),
      card(entry.card),
      ...money(entry.charged, 0),
    ]);
  for (const entry of statement.commuter_benefits)
    rows.push([
      words.benefit,
      ...when(entry.at),
      entry.order_number,
      entry.payment,
      null,
      ...money(entry.amount, entry.refunded),
    ]);
  rows.push([]);
  const totals: Array<[string, number]> = [
    [words.purchases, statement.totals.purchases],
    [words.loads, statement.totals.loads],
    [words.trips, statement.totals.trips],
    [words.benefits, statement.totals.commuter_benefits],
  ];
  for (const [name, net] of totals)
    rows.push([words.total, null, null, null, name, null, null, null, csvAmount(net)]);
  return toCsv(rows);
}

/** The file's name: `statement-<from>-to-<to>.csv`. */
export const statementFileName = (statement: Pick<Statement, "from" | "to">) =>
  `statement-${statement.from}-to-${statement.to}.csv`;
