/**
 * npm run test:mutation: flips every transition target of every machine to every other state, in turn,
 * and runs that machine's model (generated paths, state assertions, hand-pinned journeys) against the
 * mutant. A mutant the model still accepts "survived": the suite would not notice that wrong target.
 * Usage: npm run test:mutation [-- machine ...]
 */
import { type AnyStateMachine, createMachine } from "xstate";
import {
  declaredTransitions,
  describeTransition,
  type ModelSpec,
  runModel,
  statePaths,
  testModel,
} from "../tests/model/harness.ts";
import { models } from "../tests/model/specs/index.ts";

type Config = Record<string, unknown>;

/** Deep copy of plain objects and arrays; functions and class instances are shared. */
function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clone(inner)])) as T;
  }
  return value;
}

const asList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The config of the state at `path`. */
function stateConfig(root: Config, path: string[]): Config {
  let node = root;
  for (const key of path) node = (node.states as Record<string, Config>)[key] as Config;
  return node;
}

/** Replaces branch `index` of `event` on the state at `source` with one that targets `target`. */
function retarget(root: Config, source: string[], event: string, index: number, target: string): void {
  const node = stateConfig(root, source);
  const setBranch = (holder: Config, key: string) => {
    const branches = asList(holder[key]).map((branch) =>
      typeof branch === "string" ? { target: branch } : branch,
    );
    const branch = branches[index] as Config | undefined;
    if (!branch) throw new Error(`no branch ${index} for ${event} on ${source.join(".")}`);
    branches[index] = { ...branch, target };
    holder[key] = branches;
  };
  if (event === "") {
    setBranch(node, "always");
    return;
  }
  const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  if (actorEvent) {
    const invoke = asList(node.invoke).find((entry) => (entry as Config).id === actorEvent[2]) as
      | Config
      | undefined;
    if (!invoke) throw new Error(`no invoke ${actorEvent[2]} on ${source.join(".")}`);
    setBranch(invoke, actorEvent[1] === "done" ? "onDone" : "onError");
    return;
  }
  setBranch(node.on as Config, event);
}

interface Mutant {
  transition: string;
  target: string;
  outcome: "killed" | "survived" | "invalid" | "loop" | "equivalent";
}

/**
 * The machine's behaviour as the model sees it: every reachable vertex and edge for every input.
 * A mutant with the same graph cannot be told apart by any test of the model: it is equivalent.
 */
function graphOf(spec: ModelSpec<AnyStateMachine>, machine: AnyStateMachine): string {
  return JSON.stringify(
    (spec.inputs ?? [undefined]).map((input) =>
      Object.entries(testModel(spec, input, machine).getAdjacencyMap())
        .map(([vertex, { transitions }]) => [
          vertex,
          Object.entries(transitions)
            .map(([event, next]) => [event, spec.serialize((next as { state: unknown }).state as never)])
            .sort(),
        ])
        .sort(),
    ),
  );
}

async function mutate(spec: ModelSpec<AnyStateMachine>): Promise<Mutant[]> {
  const machine = spec.machine;
  const states = [...statePaths(machine).keys()];
  const mutants: Mutant[] = [];
  // Control: the same machine rebuilt from its config must pass, or every "kill" below means nothing.
  const control = await runModel({
    ...spec,
    machine: createMachine(
      clone(machine.config) as never,
      machine.implementations as never,
    ) as unknown as AnyStateMachine,
  });
  const broken = control.walks.find((walk) => walk.error !== null);
  if (broken)
    throw new Error(`${spec.name}: the unmutated machine fails "${broken.name}": ${String(broken.error)}`);
  const originalGraph = graphOf(spec, machine);
  for (const transition of declaredTransitions(machine).values()) {
    const original = transition.targets.split(",");
    const sourcePath = transition.source === "(root)" ? [] : transition.source.split(".");
    const node = machine.getStateNodeById(
      `${machine.id}${sourcePath.length ? `.${sourcePath.join(".")}` : ""}`,
    );
    const event = transition.event === "(always)" ? "" : transition.event;
    const branches = event === "" ? (node.always ?? []) : (node.transitions.get(event) ?? []);
    const index = branches.findIndex((branch) => describeTransition(branch).key === transition.key);
    if (index < 0) throw new Error(`${spec.name}: cannot find the config of ${transition.key}`);
    // Retargeting a targetless transition to its own source changes nothing observable: not a mutant.
    const candidates = states.filter(
      (state) =>
        !original.includes(state) && !(transition.targets === "(stay)" && state === transition.source),
    );
    for (const target of candidates) {
      let outcome: Mutant["outcome"];
      // An eventless transition into its own state or an ancestor re-enters itself forever: XState
      // would spin without end (the suite would hang, which also fails it), so it is not run.
      if (event === "" && (transition.source === target || transition.source.startsWith(`${target}.`))) {
        mutants.push({ transition: transition.key, target, outcome: "loop" });
        continue;
      }

      try {
        const config = clone(machine.config) as Config;
        retarget(config, sourcePath, event, index, `#${machine.id}.${target}`);
        const mutant = createMachine(
          config as never,
          machine.implementations as never,
        ) as unknown as AnyStateMachine;
        if (graphOf(spec, mutant) === originalGraph) {
          outcome = "equivalent";
        } else {
          const run = await runModel({ ...spec, machine: mutant });
          outcome = run.walks.some((walk) => walk.error !== null) ? "killed" : "survived";
        }
      } catch (error) {
        // XState rejects the mutant (or it crashes on the model's events): the suite would fail too.
        outcome = "invalid";
        if (process.env.MUTATION_VERBOSE)
          console.log(
            `invalid ${spec.name}: ${transition.key} -> ${target}: ${String(error).split("\n")[0]}`,
          );
      }
      mutants.push({ transition: transition.key, target, outcome });
    }
  }
  return mutants;
}

const only = process.argv.slice(2);
let survivors = 0;
const rows: Array<Record<string, string | number>> = [];
for (const spec of models.filter((model) => only.length === 0 || only.includes(model.name))) {
  const started = performance.now();
  const mutants = await mutate(spec);
  const survived = mutants.filter((mutant) => mutant.outcome === "survived");
  survivors += survived.length;
  rows.push({
    machine: spec.name,
    mutants: mutants.length,
    killed: mutants.filter((mutant) => mutant.outcome === "killed").length,
    "crashed (XState error)": mutants.filter((mutant) => mutant.outcome === "invalid").length,
    "endless eventless loop": mutants.filter((mutant) => mutant.outcome === "loop").length,
    "equivalent (same graph)": mutants.filter((mutant) => mutant.outcome === "equivalent").length,
    survived: survived.length,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  });
  for (const mutant of survived)
    console.log(`SURVIVED ${spec.name}: ${mutant.transition} -> ${mutant.target}`);
}
console.table(rows);
console.log(survivors === 0 ? "No mutant survived." : `${survivors} mutant(s) survived.`);
process.exit(survivors === 0 ? 0 : 1);
