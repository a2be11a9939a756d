/** Prints the model suite's coverage table from the rows each machine's suite wrote. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CoverageRow } from "../tests/model/suite.ts";

const dir = resolve(import.meta.dirname, "..", ".tmp", "model-coverage");
export function coverageTable(): string {
  if (!existsSync(dir)) return "no model coverage recorded";
  const rows: CoverageRow[] = readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as CoverageRow)
    .sort((a, b) => a.machine.localeCompare(b.machine));
  const pct = (part: number, whole: number) => `${whole === 0 ? 100 : Math.round((part / whole) * 100)} %`;
  const header = ["machine", "states", "transitions", "paths", "states covered", "transitions covered"];
  const body = rows.map((row) => [
    row.machine,
    String(row.states),
    String(row.transitions),
    String(row.paths),
    `${row.statesCovered} (${pct(row.statesCovered, row.states)})`,
    `${row.transitionsCovered} (${pct(row.transitionsCovered, row.transitions)})`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}

if (import.meta.main) console.log(coverageTable());
