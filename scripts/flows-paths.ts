/**
 * npm run flows:paths [machine ...]: the generated model paths of each machine as numbered
 * Given / When / Then steps, printed and written to flows-site/paths/<machine>.json for QA to review,
 * diff and pick.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { StateValue } from "xstate";
import { generatePaths } from "../tests/model/harness.ts";
import { models } from "../tests/model/specs/index.ts";
import { readablePath } from "./flows/text.ts";

const root = resolve(import.meta.dirname, "..");
const out = join(root, "flows-site", "paths");
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const unknown = only.filter((name) => !models.some((model) => model.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown machine(s): ${unknown.join(", ")}. Known: ${models.map((model) => model.name).join(", ")}`,
  );
  process.exit(1);
}

for (const spec of models.filter((model) => only.length === 0 || only.includes(model.name))) {
  const paths = generatePaths(spec).map((path, index) =>
    readablePath(
      index + 1,
      path.input,
      path.steps.map((step) => ({ event: step.event, state: step.state as { value: StateValue } })),
    ),
  );
  console.log(`\n# ${spec.name}: ${paths.length} paths`);
  for (const path of paths) {
    console.log(
      `\nPath ${path.number}${path.input === undefined ? "" : ` (input ${JSON.stringify(path.input)})`}`,
    );
    path.steps.forEach((step, index) => {
      console.log(`  ${index + 1}. Given ${step.given}\n     When ${step.when}\n     Then ${step.then}`);
    });
  }
  const file = join(out, `${spec.name}.json`);
  writeFileSync(file, `${JSON.stringify({ machine: spec.name, paths }, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
}
