/**
 * A vitest reporter that writes what failed, for the recap at the end of `npm test`: failed tests,
 * errors of a file outside its tests, and unhandled errors (which fail a run whose tests all passed).
 * It also writes where the time went (`npm run test:timings` prints it): each file's fixed costs
 * (environment, harness, setup files, import and collection, hooks such as a database or an app made
 * in beforeAll) apart from its tests' own time, and the slowest tests.
 * The file it writes is named by RECAP_FILE; without it the reporter does nothing.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import type { FileTimings, TestTiming } from "./test-timings.ts";

interface Recorded {
  title: string;
  message: string;
}

type Reported = { message?: string; stack?: string; name?: string; diff?: string };
/** The message, the diff when there is one, and the stack frames of the project's own code. */
const textOf = (error: Reported): string => {
  const frames = (error.stack ?? "")
    .split("\n")
    .filter(
      (line) => /^\s+at /.test(line) && !line.includes("node_modules") && !line.includes("<anonymous>"),
    );
  return [`${error.name ?? "Error"}: ${error.message ?? ""}`, error.diff ?? "", ...frames]
    .filter((part) => part !== "")
    .join("\n");
};

export default class RecapReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<Reported>): void {
    const file = process.env.RECAP_FILE;
    if (!file) return;
    const failures: Recorded[] = modules.flatMap((module) => {
      const where = module.relativeModuleId;
      const tests = [...module.children.allTests("failed")].map((test) => {
        const result = test.result();
        const errors = result.state === "failed" ? result.errors : [];
        return { title: `${where} › ${test.fullName}`, message: errors.map(textOf).join("\n") };
      });
      const outside = module
        .errors()
        .map((error) => ({ title: `${where} (outside its tests)`, message: textOf(error) }));
      return [...tests, ...outside];
    });
    for (const error of unhandled) failures.push({ title: "unhandled error", message: textOf(error) });
    const files: FileTimings[] = [];
    const tests: TestTiming[] = [];
    for (const module of modules) {
      const diagnostic = module.diagnostic();
      const own = [...module.children.allTests()].map((test) => ({
        file: module.relativeModuleId,
        name: test.fullName,
        ms: test.diagnostic()?.duration ?? 0,
      }));
      const testsMs = own.reduce((sum, test) => sum + test.ms, 0);
      tests.push(...own);
      files.push({
        project: module.project.name,
        file: module.relativeModuleId,
        tests: own.length,
        environmentMs: diagnostic.environmentSetupDuration,
        prepareMs: diagnostic.prepareDuration,
        setupMs: diagnostic.setupDuration,
        collectMs: diagnostic.collectDuration,
        // What the file's tests took together, less each test's own time: its hooks (beforeAll,
        // beforeEach, afterAll), where a database or an app is made.
        hooksMs: Math.max(0, diagnostic.duration - testsMs),
        testsMs,
      });
    }
    const slowest = tests.sort((a, b) => b.ms - a.ms).slice(0, 40);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ failures, timings: { files, slowest } }, null, 2));
  }
}
