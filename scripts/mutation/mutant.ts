/** One mutant of one machine: build it, compare its graph, run its model. Used by the mutation worker. */
import { type AnyStateMachine, createMachine } from "xstate";
import {
  assertStates,
  brokenBy,
  declaredTransitions,
  describeTransition,
  type ModelSpec,
  runModel,
  statePaths,
  testModel,
} from "../../tests/model/harness.ts";

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

export interface Mutant {
  transition: string;
  target: string;
  outcome: "killed" | "survived" | "invalid" | "loop" | "equivalent" | "hung";
}

interface Graph {
  /** The graph as text: equal texts, equal behaviour as far as the model can tell. */
  text: string;
  /** Every vertex's snapshot. */
  snapshots: unknown[];
}

/**
 * The machine's behaviour as the model sees it: every reachable vertex and edge for every input.
 * A mutant with the same graph cannot be told apart by any test of the model: it is equivalent.
 */
function graphOf(spec: ModelSpec<AnyStateMachine>, machine: AnyStateMachine): Graph {
  const maps = (spec.inputs ?? [undefined]).map((input) => testModel(spec, input, machine).getAdjacencyMap());
  const text = JSON.stringify(
    maps.map((map) =>
      Object.entries(map)
        .map(([vertex, { transitions }]) => [
          vertex,
          Object.entries(transitions)
            .map(([event, next]) => [event, spec.serialize((next as { state: unknown }).state as never)])
            .sort(),
        ])
        .sort(),
    ),
  );
  return { text, snapshots: maps.flatMap((map) => Object.values(map).map((vertex) => vertex.state)) };
}

/** The unmutated machine's graph, once per machine and thread. */
const originals = new Map<string, string>();
const originalGraph = (spec: ModelSpec<AnyStateMachine>): string => {
  let text = originals.get(spec.name);
  if (text === undefined) {
    text = graphOf(spec, spec.machine).text;
    originals.set(spec.name, text);
  }
  return text;
};

/**
 * Whether the model suite fails on a vertex of the mutant's graph without walking a path: the
 * shortest path to that vertex ends on it, so a state assertion that rejects it fails that walk,
 * and a broken invariant fails the suite's check of every reachable state.
 */
function failsOnAVertex(spec: ModelSpec<AnyStateMachine>, mutant: AnyStateMachine, graph: Graph): boolean {
  const all = statePaths(mutant);
  return graph.snapshots.some((snapshot) => {
    try {
      assertStates(spec, all, snapshot as never);
      return brokenBy(spec, snapshot as never).length > 0;
    } catch {
      return true;
    }
  });
}

/** The transitions to flip and the states to flip them to, for one machine. */
export function mutantsOf(
  machine: AnyStateMachine,
  states: string[],
): Array<{ transition: string; target: string }> {
  const result: Array<{ transition: string; target: string }> = [];
  for (const transition of declaredTransitions(machine).values()) {
    const original = transition.targets.split(",");
    for (const target of states) {
      // Retargeting a targetless transition to its own source changes nothing observable: not a mutant.
      if (original.includes(target) || (transition.targets === "(stay)" && target === transition.source))
        continue;
      result.push({ transition: transition.key, target });
    }
  }
  return result;
}

export function rebuild(
  machine: AnyStateMachine,
  config: Config = clone(machine.config) as Config,
): AnyStateMachine {
  return createMachine(config as never, machine.implementations as never) as unknown as AnyStateMachine;
}

/** Thrown when one macrostep evaluates guards past any sane count: an eventless loop (or raised events). */
class Runaway extends Error {}
const guardBudgetPerStep = 10_000;

/**
 * The mutant with its named guards counted per macrostep: a retarget that closes a cycle of eventless
 * transitions (or of raised events) would spin XState forever; the count stops it as an "endless loop"
 * within a moment instead of the time limit. The unmutated machine never comes near the budget.
 */
function withRunawayCheck(machine: AnyStateMachine): AnyStateMachine {
  let evaluations = 0;
  const guards = Object.fromEntries(
    Object.entries((machine.implementations.guards ?? {}) as Record<string, unknown>).map(([name, guard]) => [
      name,
      // Composite guards (and/or/not) carry a `check`; they are left alone, their parts are counted.
      typeof guard === "function" && !("check" in guard)
        ? (...args: unknown[]) => {
            evaluations += 1;
            if (evaluations > guardBudgetPerStep) throw new Runaway("endless macrostep");
            return (guard as (...inner: unknown[]) => unknown)(...args);
          }
        : guard,
    ]),
  );
  const checked = machine.provide({ guards } as never) as AnyStateMachine;
  const transition = checked.transition.bind(checked);
  const initial = checked.getInitialSnapshot.bind(checked);
  checked.transition = (...args: Parameters<typeof transition>) => {
    evaluations = 0;
    return transition(...args);
  };
  checked.getInitialSnapshot = (...args: Parameters<typeof initial>) => {
    evaluations = 0;
    return initial(...args);
  };
  return checked;
}

const isRunaway = (error: unknown): boolean =>
  error instanceof Runaway || (error instanceof Error && isRunaway(error.cause));

export async function evaluateMutant(
  spec: ModelSpec<AnyStateMachine>,
  transitionKey: string,
  target: string,
): Promise<Mutant["outcome"]> {
  const machine = spec.machine;
  const transition = declaredTransitions(machine).get(transitionKey);
  if (!transition) throw new Error(`${spec.name}: no transition ${transitionKey}`);
  const sourcePath = transition.source === "(root)" ? [] : transition.source.split(".");
  const event = transition.event === "(always)" ? "" : transition.event;
  // An eventless transition into its own state or an ancestor re-enters itself forever: XState would
  // spin without end (the suite would hang, which also fails it), so it is not run.
  if (event === "" && (transition.source === target || transition.source.startsWith(`${target}.`)))
    return "loop";
  const node = machine.getStateNodeById(
    `${machine.id}${sourcePath.length ? `.${sourcePath.join(".")}` : ""}`,
  );
  const branches = event === "" ? (node.always ?? []) : (node.transitions.get(event) ?? []);
  const index = branches.findIndex((branch) => describeTransition(branch).key === transition.key);
  if (index < 0) throw new Error(`${spec.name}: cannot find the config of ${transition.key}`);
  try {
    const config = clone(machine.config) as Config;
    retarget(config, sourcePath, event, index, `#${machine.id}.${target}`);
    const mutant = withRunawayCheck(rebuild(machine, config));
    const graph = graphOf(spec, mutant);
    if (graph.text === originalGraph(spec)) return "equivalent";
    if (failsOnAVertex(spec, mutant, graph)) return "killed";
    // Shortest paths, one path per edge and the journeys: what catches a wrong target.
    const run = await runModel({ ...spec, machine: mutant }, ["shortest", "edge"], {
      stopAtFirstFailure: true,
    });
    const failed = run.walks.find((walk) => walk.error !== null);
    if (!failed) return "survived";
    return isRunaway(failed.error) ? "loop" : "killed";
  } catch (error) {
    // An endless macrostep; or XState rejects the mutant, or crashes on the model's events: the suite
    // would fail too.
    return isRunaway(error) ? "loop" : "invalid";
  }
}
