/**
 * npm test: typecheck, lint, i18n catalogs, unit + component + model tests, server tests, end-to-end.
 * Every step runs even if an earlier one failed, so one run shows everything that is wrong.
 * `npm run test:timings` then prints where the time went.
 *
 * Two lanes at once: the end-to-end step (about three quarters of the time, and it keeps only about
 * 1.2 of 2 cores busy: Chromium and the server wait on each other) runs at normal priority with its
 * output live; the other steps run one after another beside it at low priority (`nice`), so they take
 * only the CPU the browser leaves, and print their output when each ends. `--one-by-one` runs every
 * step alone, in order, as before (to measure a step by itself).
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { failureRecap, resultsDir, vitestResults } from "./failure-recap.ts";
import { coverageTable } from "./model-coverage.ts";
import { stepsFile } from "./test-timings.ts";

const root = resolve(import.meta.dirname, "..");
const bin = (pkg: string, file: string) => join(root, "node_modules", pkg, file);
const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const oneByOne = flags.includes("--one-by-one");

interface Step {
  name: string;
  args: string[];
  env?: Record<string, string>;
  after?: () => void;
}

const steps: Step[] = [
  { name: "typecheck", args: [bin("typescript", "bin/tsc"), "--noEmit", "-p", "tsconfig.json"] },
  { name: "lint", args: [bin("@biomejs/biome", "bin/biome"), "check", "."] },
  { name: "i18n", args: [join(root, "scripts", "i18n-check.ts")] },
  {
    name: "unit",
    args: [
      bin("vitest", "vitest.mjs"),
      "run",
      "--project",
      "pure",
      "--project",
      "unit",
      ...vitestResults("unit").args,
    ],
    env: vitestResults("unit").env,
    after: () => console.log(`\nModel coverage\n${coverageTable()}\n`),
  },
  {
    name: "server",
    args: [bin("vitest", "vitest.mjs"), "run", "--project", "server", ...vitestResults("server").args],
    env: vitestResults("server").env,
  },
  { name: "e2e", args: [join(root, "scripts", "e2e.ts")] },
];

const niceBinary = ["/usr/bin/nice", "/bin/nice"].find((path) => existsSync(path));
const logsDir = join(root, ".tmp", "step-logs");

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

/**
 * Runs one step. A background step runs at low priority with its output in a file, printed in one
 * piece when it ends (so it never cuts through the end-to-end list); a foreground one prints live.
 */
function run(step: Step, background: boolean): Promise<StepResult> {
  const started = performance.now();
  const logFile = join(logsDir, `${step.name}.log`);
  const log = background ? openSync(logFile, "w") : null;
  const [command, args] =
    background && niceBinary
      ? [niceBinary, ["-n", "15", process.execPath, ...step.args]]
      : [process.execPath, step.args];
  if (!background) console.log(`\n▶ ${step.name}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: log === null ? "inherit" : ["ignore", log, log],
    env: { ...process.env, ...step.env },
  });
  return new Promise((done) => {
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (log !== null) {
        closeSync(log);
        console.log(`\n▶ ${step.name} (beside the end-to-end step, ${seconds.toFixed(1)} s)`);
        process.stdout.write(readFileSync(logFile, "utf8"));
      }
      step.after?.();
      done({ name: step.name, ok: code === 0, seconds });
    });
  });
}

/** Runs steps one after another. */
async function inOrder(chosen: Step[], background: boolean): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of chosen) results.push(await run(step, background));
  return results;
}

rmSync(join(root, ".tmp", "model-coverage"), { recursive: true, force: true });
rmSync(resultsDir, { recursive: true, force: true });
rmSync(logsDir, { recursive: true, force: true });
mkdirSync(logsDir, { recursive: true });
const chosen = steps.filter((candidate) => only.length === 0 || only.includes(candidate.name));
const wallStarted = performance.now();
const e2e = chosen.find((step) => step.name === "e2e");
const others = chosen.filter((step) => step !== e2e);
const results =
  oneByOne || e2e === undefined || others.length === 0
    ? await inOrder(chosen, false)
    : (await Promise.all([inOrder([e2e], false), inOrder(others, true)]))
        .flat()
        .sort(
          (a, b) =>
            chosen.findIndex((step) => step.name === a.name) -
            chosen.findIndex((step) => step.name === b.name),
        );
const wallSeconds = (performance.now() - wallStarted) / 1000;
// For `npm run test:timings`, with what each runner wrote there.
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  stepsFile,
  JSON.stringify(
    { steps: results, wallSeconds, lanes: !oneByOne && e2e !== undefined && others.length > 0 },
    null,
    2,
  ),
);

// CI shows the end of the output: say again, here, which tests failed and why.
const recap = failureRecap(results.filter((step) => !step.ok).map((step) => step.name));
if (recap) console.log(`\n${recap}`);

console.log("\nSummary");
for (const { name, ok, seconds } of results)
  console.log(`  ${ok ? "✔" : "✘"} ${name.padEnd(10)} ${seconds.toFixed(1)} s`);
console.log(`  total      ${wallSeconds.toFixed(1)} s on the clock`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
