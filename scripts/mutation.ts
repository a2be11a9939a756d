/**
 * npm run test:mutation: flips every transition target of every machine to every other state, in turn,
 * and runs that machine's model (shortest and per-edge paths, state assertions, hand-pinned journeys)
 * against the mutant. A mutant the model still accepts "survived": the suite would not notice that
 * wrong target. Each mutant runs in a worker thread with a time limit; one that does not finish would
 * hang the suite, which fails it, so it counts as caught.
 * Usage: npm run test:mutation [-- machine ...]
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { runModel, statePaths } from "../tests/model/harness.ts";
import { models } from "../tests/model/specs/index.ts";
import { type Mutant, mutantsOf, rebuild } from "./mutation/mutant.ts";

const timeLimitMs = 30_000;
const workerUrl = new URL("./mutation/worker.ts", import.meta.url);

function evaluate(machine: string, transition: string, target: string): Promise<Mutant["outcome"]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: { machine, transition, target } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve("hung");
    }, timeLimitMs);
    worker.once("message", (outcome: Mutant["outcome"]) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Runs `tasks` with at most `limit` at a time, keeping their order in the result. */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  });
  await Promise.all(lanes);
  return results;
}

const only = process.argv.slice(2);
const rows: Array<Record<string, string | number>> = [];
let survivors = 0;
const skipped = models
  .filter((model) => only.length === 0 && model.mutationCheck === false)
  .map((model) => model.name);
if (skipped.length > 0)
  console.log(`Not mutated in a full run (name them to check them): ${skipped.join(", ")}`);
for (const spec of models.filter((model) =>
  only.length === 0 ? model.mutationCheck !== false : only.includes(model.name),
)) {
  const started = performance.now();
  // Control: the same machine rebuilt from its config must pass, or every "kill" below means nothing.
  const control = await runModel({ ...spec, machine: rebuild(spec.machine) }, ["shortest", "edge"]);
  const broken = control.walks.find((walk) => walk.error !== null);
  if (broken)
    throw new Error(`${spec.name}: the unmutated machine fails "${broken.name}": ${String(broken.error)}`);

  const candidates = mutantsOf(spec.machine, [...statePaths(spec.machine).keys()]);
  const outcomes = await pool(
    candidates.map(
      ({ transition, target }) =>
        () =>
          evaluate(spec.name, transition, target),
    ),
    Math.max(1, availableParallelism()),
  );
  const count = (outcome: Mutant["outcome"]) => outcomes.filter((candidate) => candidate === outcome).length;
  candidates.forEach(({ transition, target }, index) => {
    if (outcomes[index] === "survived") console.log(`SURVIVED ${spec.name}: ${transition} -> ${target}`);
  });
  survivors += count("survived");
  rows.push({
    machine: spec.name,
    mutants: candidates.length,
    killed: count("killed"),
    "hung (suite would time out)": count("hung"),
    "crashed (XState error)": count("invalid"),
    "endless eventless loop": count("loop"),
    "equivalent (same graph)": count("equivalent"),
    survived: count("survived"),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  });
}
console.table(rows);
console.log(survivors === 0 ? "No mutant survived." : `${survivors} mutant(s) survived.`);
process.exit(survivors === 0 ? 0 : 1);
