/**
 * npm test: typecheck, lint, unused exports (knip), i18n catalogs, unit + component + model tests, server tests, end-to-end.
 * Every step runs even if an earlier one failed, so one run shows everything that is wrong.
 * `npm run test:timings` then prints where the time went.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { failureRecap, resultsDir, vitestResults } from "./failure-recap.ts";
import { coverageTable } from "./model-coverage.ts";
import { stepsFile } from "./test-timings.ts";

const root = resolve(import.meta.dirname, "..");
const bin = (pkg: string, file: string) => join(root, "node_modules", pkg, file);
const only = process.argv.slice(2);

const steps: Array<{ name: string; args: string[]; env?: Record<string, string>; after?: () => void }> = [
  { name: "typecheck", args: [bin("typescript", "bin/tsc"), "--noEmit", "-p", "tsconfig.json"] },
  { name: "lint", args: [bin("@biomejs/biome", "bin/biome"), "check", "."] },
  // Nothing is exported that nothing imports (issue 37): a dead export is code no test reaches.
  {
    name: "exports",
    args: [bin("knip", "bin/knip.js"), "--include", "exports,types,duplicates", "--no-progress"],
  },
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

rmSync(join(root, ".tmp", "model-coverage"), { recursive: true, force: true });
rmSync(resultsDir, { recursive: true, force: true });
const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const step of steps.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
  console.log(`\n▶ ${step.name}`);
  const started = performance.now();
  const result = spawnSync(process.execPath, step.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  const seconds = (performance.now() - started) / 1000;
  step.after?.();
  results.push({ name: step.name, ok: result.status === 0, seconds });
}
// For `npm run test:timings`, with what each runner wrote there.
mkdirSync(resultsDir, { recursive: true });
writeFileSync(stepsFile, JSON.stringify(results, null, 2));

// CI shows the end of the output: say again, here, which tests failed and why.
const recap = failureRecap(results.filter((step) => !step.ok).map((step) => step.name));
if (recap) console.log(`\n${recap}`);

console.log("\nSummary");
for (const { name, ok, seconds } of results)
  console.log(`  ${ok ? "✔" : "✘"} ${name.padEnd(10)} ${seconds.toFixed(1)} s`);
const total = results.reduce((sum, step) => sum + step.seconds, 0);
console.log(`  total      ${total.toFixed(1)} s`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
