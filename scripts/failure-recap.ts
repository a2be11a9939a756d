/**
 * The failures of a test run, said again at its very end. CI keeps only the tail of a long output,
 * where the end-to-end list pushes a failed unit test's report out of sight; each runner therefore
 * also writes JSON results under .tmp/results, and this module turns them into a short recap.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = resolve(import.meta.dirname, "..");
export const resultsDir = join(root, ".tmp", "results");
const resultsFile = (step: string) => join(resultsDir, `${step}.json`);

/** Extra vitest arguments: the usual report on the terminal, and the recap reporter's file (RECAP_FILE). */
export const vitestResults = (step: string): { args: string[]; env: Record<string, string> } => ({
  args: ["--reporter=default", `--reporter=${join(root, "scripts", "recap-reporter.ts")}`],
  env: { RECAP_FILE: resultsFile(step) },
});

/** Playwright's JSON reporter, for playwright.config.ts. */
export const playwrightResultsReporter = (): ["json", { outputFile: string }] => [
  "json",
  { outputFile: resultsFile("e2e") },
];

interface Failure {
  title: string;
  message: string;
}

const linesKept = 12;
const excerpt = (message: string): string => {
  const lines = stripVTControlCharacters(message).trimEnd().split("\n");
  const kept = lines.slice(0, linesKept).map((line) => `      ${line}`);
  if (lines.length > linesKept) kept.push(`      … ${lines.length - linesKept} more lines`);
  return kept.join("\n");
};

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{
    title: string;
    ok: boolean;
    tests: Array<{ projectName?: string; results: Array<{ status: string; error?: { message?: string } }> }>;
  }>;
  suites?: PlaywrightSuite[];
}

const playwrightFailures = (suites: PlaywrightSuite[], path: string[] = []): Failure[] =>
  suites.flatMap((suite) => {
    const here = suite.title ? [...path, suite.title] : path;
    // A test that failed and then passed its retry fails the run too (failOnFlakyTests): it is listed.
    const failedResult = (spec: NonNullable<PlaywrightSuite["specs"]>[number]) =>
      spec.tests
        .flatMap((test) => test.results)
        .find((result) => result.status !== "passed" && result.status !== "skipped");
    const specs = (suite.specs ?? [])
      .filter((spec) => !spec.ok || failedResult(spec))
      .map((spec) => {
        const failed = failedResult(spec);
        return {
          title: [...here, spec.title].join(" › ") + (spec.ok ? " (failed, then passed its retry)" : ""),
          message: failed?.error?.message ?? failed?.status ?? "",
        };
      });
    return [...specs, ...playwrightFailures(suite.suites ?? [], here)];
  });

const failuresOf = (step: string): Failure[] | undefined => {
  const file = resultsFile(step);
  if (!existsSync(file)) return undefined;
  try {
    const results: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (step === "e2e") {
      const report = results as { suites?: PlaywrightSuite[]; errors?: Array<{ message?: string }> };
      const errors = (report.errors ?? []).map((error) => ({ title: "run", message: error.message ?? "" }));
      return [...playwrightFailures(report.suites ?? []), ...errors];
    }
    return (results as { failures: Failure[] }).failures;
  } catch {
    return undefined;
  }
};

/** The recap of the failed steps, or an empty string when none failed. */
export const failureRecap = (failedSteps: string[]): string =>
  failedSteps
    .map((step) => {
      const failures = failuresOf(step);
      if (failures === undefined || failures.length === 0)
        return `✘ ${step}: no failed test recorded; its own output above says what went wrong.`;
      const listed = failures.map((failure) => `  ✘ ${failure.title}\n${excerpt(failure.message)}`);
      return [`✘ ${step}: ${failures.length} failed`, ...listed].join("\n");
    })
    .join("\n\n");
