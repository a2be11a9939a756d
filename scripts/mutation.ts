/**
 * npm run test:mutation: flips every transition target of every machine to every other state, in turn,
 * and runs that machine's model (shortest and per-edge paths, state assertions, hand-pinned journeys)
 * against the mutant. A mutant the model still accepts "survived": the suite would not notice that
 * wrong target. Mutants run on worker threads with a time limit each; one that does not finish would
 * hang the suite, which fails it, so it counts as caught. A mutant is killed without walking a path when
 * a vertex of its graph fails a state assertion or breaks an invariant (the suite checks both there);
 * otherwise the journeys, then the shortest and per-edge paths, are walked until one fails.
 *
 * A machine's outcome depends only on the files its fingerprint hashes (scripts/mutation/fingerprint.ts:
 * its spec and everything the spec imports, and this check's own code). A full run with no survivor
 * records each machine's fingerprint and counts in tests/model/mutation-record.json; a later run
 * mutates only the machines whose fingerprint differs from the record (changed, or new), and lists the
 * others with the counts recorded for them.
 * Usage: npm run test:mutation [-- --all | --record | --update | machine ...]
 *   (no argument) the machines changed since the record; --all every machine; --record every machine,
 *   then the record is written anew when none survived; --update the machines changed since the record,
 *   then their entries are written into it when none survived (the others' stand: their fingerprints
 *   still match); machine ... those machines only.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { runModel, statePaths } from "../tests/model/harness.ts";
import { models } from "../tests/model/specs/index.ts";
import { fingerprintOf } from "./mutation/fingerprint.ts";
import { type Mutant, mutantsOf, rebuild } from "./mutation/mutant.ts";
import type { MutantTask } from "./mutation/worker.ts";

const timeLimitMs = 30_000;
const workerUrl = new URL("./mutation/worker.ts", import.meta.url);

/**
 * Long-lived worker threads, one per core. A mutant that runs past the time limit has its thread
 * ended and replaced, and counts as "hung".
 */
class Lane {
  private worker = new Worker(workerUrl);

  evaluate(task: MutantTask): Promise<Mutant["outcome"]> {
    return new Promise((resolve, reject) => {
      const worker = this.worker;
      const settle = () => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
      };
      const onMessage = (outcome: Mutant["outcome"]) => {
        settle();
        resolve(outcome);
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const timer = setTimeout(() => {
        settle();
        void worker.terminate();
        this.worker = new Worker(workerUrl);
        resolve("hung");
      }, timeLimitMs);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.postMessage(task);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

const lanes = Array.from({ length: Math.max(1, availableParallelism()) }, () => new Lane());

/** Evaluates every task on the lanes, keeping the tasks' order in the result. */
async function evaluateAll(tasks: MutantTask[]): Promise<Array<Mutant["outcome"]>> {
  const results: Array<Mutant["outcome"]> = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (next < tasks.length) {
        const index = next++;
        const task = tasks[index];
        if (task) results[index] = await lane.evaluate(task);
      }
    }),
  );
  return results;
}

interface Recorded {
  fingerprint: string;
  mutants: number;
  killed: number;
  hung: number;
  invalid: number;
  loop: number;
  equivalent: number;
}
interface MutationRecord {
  recorded: string;
  machines: Record<string, Recorded>;
}
const recordFile = join(import.meta.dirname, "..", "tests", "model", "mutation-record.json");
const record: MutationRecord = existsSync(recordFile)
  ? (JSON.parse(readFileSync(recordFile, "utf8")) as MutationRecord)
  : { recorded: "never", machines: {} };

const args = process.argv.slice(2);
const recording = args.includes("--record");
const updating = args.includes("--update");
const full = recording || args.includes("--all");
const only = args.filter((arg) => !arg.startsWith("--"));
const rows: Array<Record<string, string | number>> = [];
const fresh: Record<string, Recorded> = {};
let survivors = 0;
const skipped = models
  .filter((model) => only.length === 0 && model.mutationCheck === false)
  .map((model) => model.name);
if (skipped.length > 0)
  console.log(`Not mutated in a full run (name them to check them): ${skipped.join(", ")}`);
const chosen = models.filter((model) =>
  only.length === 0 ? model.mutationCheck !== false : only.includes(model.name),
);
const fingerprints = new Map(chosen.map((spec) => [spec.name, fingerprintOf(spec.name).hash]));
const unchanged = new Set(
  full || only.length > 0
    ? []
    : chosen
        .filter((spec) => record.machines[spec.name]?.fingerprint === fingerprints.get(spec.name))
        .map((spec) => spec.name),
);
if (unchanged.size > 0)
  console.log(
    `Unchanged since the full run recorded ${record.recorded} (their outcomes stand; --all mutates them again): ${[...unchanged].join(", ")}`,
  );
for (const spec of chosen) {
  const kept = record.machines[spec.name];
  if (unchanged.has(spec.name) && kept) {
    rows.push({
      machine: spec.name,
      mutants: kept.mutants,
      killed: kept.killed,
      "hung (suite would time out)": kept.hung,
      "crashed (XState error)": kept.invalid,
      "endless loop (stopped)": kept.loop,
      "equivalent (same graph)": kept.equivalent,
      survived: 0,
      seconds: `recorded ${record.recorded}`,
    });
    continue;
  }
  const started = performance.now();
  // Control: the same machine rebuilt from its config must pass, or every "kill" below means nothing.
  const control = await runModel({ ...spec, machine: rebuild(spec.machine) }, ["shortest", "edge"]);
  const broken = control.walks.find((walk) => walk.error !== null);
  if (broken)
    throw new Error(`${spec.name}: the unmutated machine fails "${broken.name}": ${String(broken.error)}`);

  const candidates = mutantsOf(spec.machine, [...statePaths(spec.machine).keys()]);
  const outcomes = await evaluateAll(
    candidates.map(({ transition, target }) => ({ machine: spec.name, transition, target })),
  );
  const count = (outcome: Mutant["outcome"]) => outcomes.filter((candidate) => candidate === outcome).length;
  candidates.forEach(({ transition, target }, index) => {
    const outcome = outcomes[index];
    if (outcome === "survived" || outcome === "hung")
      console.log(`${outcome.toUpperCase()} ${spec.name}: ${transition} -> ${target}`);
  });
  survivors += count("survived");
  fresh[spec.name] = {
    fingerprint: fingerprints.get(spec.name) ?? "",
    mutants: candidates.length,
    killed: count("killed"),
    hung: count("hung"),
    invalid: count("invalid"),
    loop: count("loop"),
    equivalent: count("equivalent"),
  };
  rows.push({
    machine: spec.name,
    mutants: candidates.length,
    killed: count("killed"),
    "hung (suite would time out)": count("hung"),
    "crashed (XState error)": count("invalid"),
    "endless loop (stopped)": count("loop"),
    "equivalent (same graph)": count("equivalent"),
    survived: count("survived"),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  });
}
await Promise.all(lanes.map((lane) => lane.close()));
console.table(rows);
const total = rows.reduce((sum, row) => sum + Number(row.mutants), 0);
console.log(
  `${rows.length} machines, ${total} mutants: ${rows.length - unchanged.size} machines mutated now, ${unchanged.size} as recorded.`,
);
console.log(survivors === 0 ? "No mutant survived." : `${survivors} mutant(s) survived.`);
if ((recording || updating) && survivors === 0) {
  // An update keeps the entries of the machines it did not mutate: their fingerprints still match.
  const machines = recording ? fresh : { ...record.machines, ...fresh };
  const next: MutationRecord = { recorded: new Date().toISOString().slice(0, 10), machines };
  writeFileSync(recordFile, `${JSON.stringify(next, null, 2)}\n`);
  // Formatted as the linter wants it, so the record passes `npm run lint` as written.
  spawnSync(
    join(import.meta.dirname, "..", "node_modules", ".bin", "biome"),
    ["format", "--write", recordFile],
    {
      stdio: "ignore",
    },
  );
  console.log(
    `Recorded ${Object.keys(fresh).length} machines (of ${Object.keys(machines).length}) in ${recordFile}`,
  );
}
process.exit(survivors === 0 ? 0 : 1);
