/**
 * The one table `npm run bench` prints: every figure next to its budget. A section of the bench (or
 * another module: bundle sizes, Lighthouse scores) returns its rows; `within` is null for a figure
 * that has no budget and is only reported. Figures are never asserted in tests.
 */
export interface BenchRow {
  figure: string;
  measured: string;
  budget: string;
  /** Whether `measured` keeps to `budget`; null: report only. */
  within: boolean | null;
}

/** A row with no budget: the figure is reported for the record. */
export function reportOnly(figure: string, measured: string): BenchRow {
  return { figure, measured, budget: "", within: null };
}

/** A row whose figure must stay at or under `limit` (times, sizes). */
export function atMost(
  figure: string,
  value: number,
  limit: number,
  format: (n: number) => string,
): BenchRow {
  return { figure, measured: format(value), budget: `<= ${format(limit)}`, within: value <= limit };
}

/** A row whose figure must reach at least `floor` (rates, ratios, scores). */
export function atLeast(
  figure: string,
  value: number,
  floor: number,
  format: (n: number) => string,
): BenchRow {
  return { figure, measured: format(value), budget: `>= ${format(floor)}`, within: value >= floor };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const withinText = (within: boolean | null) => (within === null ? "report only" : within ? "yes" : "no");

/** The rows as an aligned text table (columns figure, measured, budget, within). */
function formatBenchTable(rows: readonly BenchRow[]): string {
  const header = ["figure", "measured", "budget", "within"] as const;
  const cells = rows.map((row) => [row.figure, row.measured, row.budget, withinText(row.within)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? "").length)),
  );
  const line = (values: readonly string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`;
  return [line(header), rule, ...cells.map(line)].join("\n");
}

/** Prints the table, and how many budgeted figures are out of budget (the process still succeeds). */
export function printBenchTable(rows: readonly BenchRow[]): void {
  console.log(formatBenchTable(rows));
  const over = rows.filter((row) => row.within === false);
  if (over.length > 0)
    console.log(`\n${over.length} figure(s) out of budget: ${over.map((row) => row.figure).join("; ")}`);
}
