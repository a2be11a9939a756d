/**
 * A vitest reporter that writes what failed, for the recap at the end of `npm test`: failed tests,
 * errors of a file outside its tests, and unhandled errors (which fail a run whose tests all passed).
 * The file it writes is named by RECAP_FILE; without it the reporter does nothing.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

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
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ failures }, null, 2));
  }
}
