/**
 * npm run test:timings: where the last `npm test` spent its time, read from what it left in
 * .tmp/results: each step's seconds (scripts/test.ts), each vitest file's fixed costs apart from its
 * tests (scripts/recap-reporter.ts), and each Playwright spec's and test's duration (its JSON report).
 * A new test costs what its file's setup costs: the fixed-cost columns say what that is.
 * Usage: npm run test:timings [-- --top N]
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resultsDir } from "./failure-recap.ts";

export interface FileTimings {
  project: string;
  file: string;
  tests: number;
  environmentMs: number;
  prepareMs: number;
  setupMs: number;
  collectMs: number;
  hooksMs: number;
  testsMs: number;
}

export interface TestTiming {
  file: string;
  name: string;
  ms: number;
}

export interface StepTiming {
  name: string;
  ok: boolean;
  seconds: number;
}

/** Where scripts/test.ts writes each step's time. */
export const stepsFile = join(resultsDir, "steps.json");

const read = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : undefined;

const s = (ms: number) => (ms / 1000).toFixed(1);

/** A Markdown table, so the README's testing section can take it as printed. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...rows.map(line),
  ].join("\n");
}

const fixedMs = (file: FileTimings) =>
  file.environmentMs + file.prepareMs + file.setupMs + file.collectMs + file.hooksMs;

/**
 * The environment's set-up (jsdom and its globals), counted once a worker: a project that does not
 * isolate its files sets it up once a worker, and Vitest reports that one time again on each of the
 * worker's files (the same number; vitest/dist/chunks/base.*.js), which summed read as 0.85 s of jsdom
 * a file.
 */
const environmentOnce = (files: FileTimings[]): number =>
  [...new Set(files.map((file) => file.environmentMs))].reduce((total, ms) => total + ms, 0);

function vitestReport(step: string, top: number): string | null {
  const report = read<{ timings?: { files: FileTimings[]; slowest: TestTiming[] } }>(
    join(resultsDir, `${step}.json`),
  );
  if (!report?.timings) return null;
  const { files, slowest } = report.timings;
  const projects = [...new Set(files.map((file) => file.project))];
  const sum = (list: FileTimings[], pick: (file: FileTimings) => number) =>
    list.reduce((total, file) => total + pick(file), 0);
  const perProject = projects.map((project) => {
    const mine = files.filter((file) => file.project === project);
    return [
      project,
      String(mine.length),
      String(sum(mine, (file) => file.tests)),
      s(environmentOnce(mine) + sum(mine, (file) => file.prepareMs)),
      s(sum(mine, (file) => file.setupMs)),
      s(sum(mine, (file) => file.collectMs)),
      s(sum(mine, (file) => file.hooksMs)),
      s(sum(mine, (file) => file.testsMs)),
      s(
        (environmentOnce(mine) + sum(mine, (file) => fixedMs(file) - file.environmentMs)) /
          Math.max(1, mine.length),
      ),
    ];
  });
  const worst = [...files]
    .sort((a, b) => fixedMs(b) + b.testsMs - (fixedMs(a) + a.testsMs))
    .slice(0, top)
    .map((file) => [
      file.file,
      String(file.tests),
      s(file.environmentMs + file.prepareMs),
      s(file.setupMs),
      s(file.collectMs),
      s(file.hooksMs),
      s(file.testsMs),
    ]);
  return [
    `## ${step}: seconds of worker time (two workers share the wall clock)`,
    table(
      [
        "project",
        "files",
        "tests",
        "environment (once a worker)",
        "setup files",
        "import + collect",
        "hooks",
        "tests",
        "fixed s a file",
      ],
      perProject,
    ),
    "",
    `Slowest ${worst.length} files`,
    table(["file", "tests", "environment", "setup files", "import + collect", "hooks", "tests"], worst),
    "",
    `Slowest ${Math.min(top, slowest.length)} tests`,
    table(
      ["test", "s"],
      slowest.slice(0, top).map((test) => [`${test.file} › ${test.name}`.slice(0, 140), s(test.ms)]),
    ),
  ].join("\n");
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{
    title: string;
    tests: Array<{ projectName?: string; results: Array<{ duration: number; workerIndex?: number }> }>;
  }>;
  suites?: PlaywrightSuite[];
}

function e2eReport(top: number): string | null {
  const report = read<{ suites?: PlaywrightSuite[]; stats?: { duration: number } }>(
    join(resultsDir, "e2e.json"),
  );
  if (!report?.suites) return null;
  const tests: TestTiming[] = [];
  const visit = (suite: PlaywrightSuite, file: string, path: string[]) => {
    const here = suite.title && suite.title !== file ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          tests.push({
            file,
            name: [test.projectName, ...here, spec.title].filter(Boolean).join(" › "),
            ms: result.duration,
          });
    for (const inner of suite.suites ?? []) visit(inner, file, here);
  };
  for (const suite of report.suites) visit(suite, suite.file ?? suite.title, []);
  const files = [...new Set(tests.map((test) => test.file))]
    .map((file) => {
      const mine = tests.filter((test) => test.file === file);
      const total = mine.reduce((sum, test) => sum + test.ms, 0);
      return { file, count: mine.length, total };
    })
    .sort((a, b) => b.total - a.total);
  const all = files.reduce((sum, file) => sum + file.total, 0);
  return [
    `## e2e: ${tests.length} tests, ${s(all)} s of worker time, ${s(report.stats?.duration ?? 0)} s on the clock`,
    table(
      ["spec", "tests", "s", "s a test"],
      files.map((file) => [file.file, String(file.count), s(file.total), s(file.total / file.count)]),
    ),
    "",
    `Slowest ${Math.min(top, tests.length)} tests`,
    table(
      ["test", "s"],
      [...tests]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, top)
        .map((test) => [`${test.file} › ${test.name}`.slice(0, 140), s(test.ms)]),
    ),
  ].join("\n");
}

if (import.meta.main) {
  const topAt = process.argv.indexOf("--top");
  const top = topAt >= 0 ? Number(process.argv[topAt + 1] ?? 10) : 10;
  const steps = read<StepTiming[]>(stepsFile);
  const sections = [
    steps
      ? `## npm test, by step\n${table(
          ["step", "result", "s"],
          [
            ...steps.map((step) => [step.name, step.ok ? "passed" : "failed", step.seconds.toFixed(1)]),
            ["total", "", steps.reduce((sum, step) => sum + step.seconds, 0).toFixed(1)],
          ],
        )}`
      : null,
    vitestReport("unit", top),
    vitestReport("server", top),
    vitestReport("pg", top),
    e2eReport(top),
  ].filter((section): section is string => section !== null);
  console.log(
    sections.length > 0
      ? sections.join("\n\n")
      : "No timings yet: run `npm test` (or one of its steps: `npm test -- unit`) first.",
  );
}
