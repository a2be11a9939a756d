/**
 * Model-based tests for state machines: paths generated with xstate/graph walk the real machine, with its
 * invoked actors replaced by deferred stubs that settle exactly at the generated
 * `xstate.done.actor.*` / `xstate.error.actor.*` steps. Coverage is measured from the transitions the
 * running actor actually took (inspection microsteps), not from what the generator meant to do.
 */
import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  type InspectionEvent,
  SimulatedClock,
  type SnapshotFrom,
  type StateValue,
} from "xstate";
import { TestModel } from "xstate/graph";

type MachineEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;
/** A snapshot of the machine, usable as a machine snapshot inside generic code. */
export type Snap<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine> & SnapshotLike;

export interface SnapshotLike {
  value: StateValue;
  can(event: AnyEventObject): boolean;
}

/** Samples for every event the machine handles, plus the done/error events of its invoked actors. */
export type EventSamples<TMachine extends AnyStateMachine, TActorEvents extends string = never> = {
  [Type in MachineEvent<TMachine>["type"] | TActorEvents]: [AnyEventObject, ...AnyEventObject[]];
};

export interface Journey<TMachine extends AnyStateMachine = AnyStateMachine> {
  name: string;
  /** Index into the spec's inputs; 0 by default. */
  input?: number;
  events: AnyEventObject[];
  /** The state the journey must end in, written out by hand. */
  expected: StateValue;
  /**
   * Sets up the world outside the machine before the walk (seeds the recorded browser storage, empties
   * the effect log), so `ends` can assert the effects the journey itself caused.
   */
  before?: () => void;
  /**
   * What else must hold at the end (the context a state value cannot show, and the recorded effects:
   * navigation, storage writes), written out by hand.
   */
  ends?: (snapshot: Snap<TMachine>) => void;
}

export interface ModelSpec<TMachine extends AnyStateMachine> {
  /** Must equal the machine file's base name (`app` for app.machine.ts). */
  name: string;
  /** The machine with every side effect replaced by a harmless fake (actions, non-deferred actors). */
  machine: TMachine;
  /** Each input starts its own graph (e.g. first visit and returning rider); coverage is their union. */
  inputs?: InputFrom<TMachine>[];
  /** Invoke ids whose promise actors the walk controls (they must equal the actor `src`). */
  deferred: string[];
  events: Record<string, AnyEventObject[]>;
  /** What makes two snapshots the same vertex: state value plus the context that matters. */
  serialize: (snapshot: Snap<TMachine>) => string;
  /**
   * Which generated paths to walk; all three by default. A machine whose carts or forms branch at
   * every step drops `simple` (loop-free routes grow exponentially): shortest and edge paths still
   * reach every state and take every transition, which the coverage guard checks.
   */
  pathKinds?: Array<"shortest" | "simple" | "edge">;
  /**
   * false leaves the machine out of `npm run test:mutation` unless it is named on the command line, for
   * a machine whose mutants would take the CI past its time budget (none today).
   */
  mutationCheck?: false;
  /** Records what the machine emits to its parent (`changed`), for the journeys to assert. */
  emitted?: (emitted: AnyEventObject) => void;
  /** Keeps the graph finite where context could grow forever. */
  filterEvents?: (snapshot: Snap<TMachine>, event: AnyEventObject) => boolean;
  /**
   * What must hold in every state: checked in every snapshot of the model graph, and with fast-check
   * over random sequences of events (which also reach contexts the graph folds together).
   */
  invariants: Array<{ name: string; holds: (snapshot: Snap<TMachine>) => boolean }>;
  /** One assertion per state node, keyed by its dotted path ("ready.session.guest"). */
  states: Record<string, (snapshot: Snap<TMachine>) => void>;
  journeys: Array<Journey<TMachine>>;
  /**
   * The journey the flows site opens the machine's page with, as "the usual way through" (its name);
   * without one, the first journey that ends where the flow finishes, else the first journey.
   */
  happyPath?: string;
}

/** Identity, for inference: `export const fooModel = defineModel({ ... })`. */
export function defineModel<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
): ModelSpec<TMachine> {
  return spec;
}

/** Every state node below the root, by dotted path. */
export function statePaths(machine: AnyStateMachine): Map<string, AnyStateNode> {
  const result = new Map<string, AnyStateNode>();
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      result.set(child.path.join("."), child);
      visit(child);
    }
  };
  visit(machine.root);
  return result;
}

/** A state whose eventless transitions always leave it at once: never observed at rest. */
export function isTransient(node: AnyStateNode): boolean {
  const always = node.always ?? [];
  return (
    always.length > 0 &&
    always.some((transition) => !transition.guard && (transition.target?.length ?? 0) > 0)
  );
}

export interface TransitionInfo {
  key: string;
  source: string;
  event: string;
  targets: string;
  guard: string;
}

export function describeTransition(transition: {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
}): TransitionInfo {
  const source = transition.source.path.join(".") || "(root)";
  const targets = transition.target?.length
    ? transition.target.map((node) => node.path.join(".") || "(root)").join(",")
    : "(stay)";
  const guard =
    typeof transition.guard === "string"
      ? transition.guard
      : typeof transition.guard === "object" && transition.guard !== null && "type" in transition.guard
        ? String(transition.guard.type)
        : "";
  const event = transition.eventType || "(always)";
  return { key: `${source} | ${event} | ${targets} | ${guard}`, source, event, targets, guard };
}

/** Every transition the definition declares (on, always, invoke onDone/onError), keyed uniquely. */
export function declaredTransitions(machine: AnyStateMachine): Map<string, TransitionInfo> {
  const result = new Map<string, TransitionInfo>();
  const nodes = [machine.root, ...statePaths(machine).values()];
  for (const node of nodes) {
    for (const list of node.transitions.values()) {
      for (const transition of list) {
        const info = describeTransition(transition);
        result.set(info.key, info);
      }
    }
    for (const transition of node.always ?? []) {
      const info = describeTransition(transition);
      result.set(info.key, info);
    }
  }
  return result;
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Deferred stand-ins for invoked promise actors: each invocation waits until the walk settles it. */
export function deferredActors(ids: string[]) {
  const pending = new Map<string, Deferred[]>();
  const actors = Object.fromEntries(
    ids.map((id) => [
      id,
      fromPromise(
        ({ signal }) =>
          new Promise((resolve, reject) => {
            const queue = pending.get(id) ?? [];
            const entry = { resolve, reject };
            queue.push(entry);
            pending.set(id, queue);
            // A stopped invocation (its state was left) can no longer be settled: forget it.
            signal.addEventListener("abort", () => {
              const index = queue.indexOf(entry);
              if (index >= 0) queue.splice(index, 1);
            });
          }),
      ),
    ]),
  );
  const take = (id: string): Deferred => {
    const next = pending.get(id)?.shift();
    if (!next) throw new Error(`The path settles "${id}" but the machine is not running it`);
    return next;
  };
  return {
    actors,
    settle(event: AnyEventObject): boolean {
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      if (done?.[1]) {
        take(done[1]).resolve((event as { output?: unknown }).output);
        return true;
      }
      if (failed?.[1]) {
        take(failed[1]).reject((event as { error?: unknown }).error);
        return true;
      }
      return false;
    },
  };
}

/** Lets settled promises and the events they send run (a few microtask turns; no timers). */
export const flush = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
};

/**
 * An actor's `inspect` option that adds every transition the machine under test takes (the root actor,
 * which has no parent, not its children) to `taken`, keyed as `declaredTransitions` keys them.
 */
export function recordTransitions(taken: Set<string>): (inspection: InspectionEvent) => void {
  return (inspection) => {
    const isRoot = (inspection.actorRef as { _parent?: unknown })._parent === undefined;
    if (inspection.type === "@xstate.microstep" && isRoot) {
      for (const transition of (
        inspection as unknown as { _transitions: Parameters<typeof describeTransition>[0][] }
      )._transitions) {
        taken.add(describeTransition(transition).key);
      }
    }
  };
}

/**
 * Runs events through a live actor of the machine. Actor events settle the matching deferred stub;
 * the others are sent. `onSnapshot` sees the snapshot after every step.
 */
export async function walk<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  input: InputFrom<TMachine> | undefined,
  events: AnyEventObject[],
  taken: Set<string>,
  onStep?: (index: number, snapshot: Snap<TMachine>) => void,
): Promise<Snap<TMachine>> {
  const stubs = deferredActors(spec.deferred);
  const logic = spec.machine.provide({ actors: stubs.actors }) as TMachine;
  const actor = createActor(logic, {
    ...(input === undefined ? {} : { input }),
    clock: new SimulatedClock(),
    inspect: recordTransitions(taken),
  });
  let failure: unknown = null;
  actor.subscribe({ error: (error) => (failure = error) });
  if (spec.emitted) actor.on("*", spec.emitted);
  actor.start();
  await flush();
  for (const [index, event] of events.entries()) {
    if (event.type !== "xstate.init" && !stubs.settle(event)) actor.send(event as EventFromLogic<TMachine>);
    await flush();
    if (failure) throw failure;
    onStep?.(index, actor.getSnapshot() as Snap<TMachine>);
  }
  const final = actor.getSnapshot() as Snap<TMachine>;
  actor.stop();
  return final;
}

/** The graph of a model for one input; `machine` replaces the spec's (the mutation check uses it). */
export function testModel<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  input: InputFrom<TMachine> | undefined,
  machine: AnyStateMachine = spec.machine,
) {
  return new TestModel(machine as TMachine, {
    events: Object.values(spec.events).flat() as EventFromLogic<TMachine>[],
    serializeState: (snapshot) => spec.serialize(snapshot as Snap<TMachine>),
    // Only events the state handles: an ignored event adds no edge, and an actor event is only
    // meaningful while that actor runs.
    filterEvents: (snapshot, event) =>
      (snapshot as unknown as SnapshotLike).can(event) &&
      (spec.filterEvents?.(snapshot as Snap<TMachine>, event) ?? true),
    ...(input === undefined ? {} : { input }),
    // A model graph is small by design; a runaway one (a context that grows, a mutant) fails fast.
    limit: 20_000,
  });
}

/** Every snapshot the model graph reaches, for each input (its vertices). */
export function reachableSnapshots<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  machine: AnyStateMachine = spec.machine,
): Array<Snap<TMachine>> {
  return (spec.inputs ?? [undefined]).flatMap((input) =>
    Object.values(testModel(spec, input, machine).getAdjacencyMap()).map(
      (vertex) => (vertex as { state: unknown }).state as Snap<TMachine>,
    ),
  );
}

/** The invariants a snapshot breaks, by name. */
export function brokenBy<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  snapshot: Snap<TMachine>,
): string[] {
  return spec.invariants.filter((invariant) => !invariant.holds(snapshot)).map((invariant) => invariant.name);
}

export interface GeneratedPath<TMachine extends AnyStateMachine> {
  /** shortest: to each state; simple: every loop-free route; edge: to each transition. */
  kind: "shortest" | "simple" | "edge";
  input: InputFrom<TMachine> | undefined;
  steps: Array<{ event: AnyEventObject; state: Snap<TMachine> }>;
  state: Snap<TMachine>;
}

/**
 * What @xstate/graph's path generators do unless asked for duplicates: drop each path whose events
 * begin a longer path kept, longest first. The library compares every path with every kept one (its
 * cost grew with the square of the paths: seconds for the checkout and form models); a tree of the
 * kept event sequences answers the same question in one walk. Same paths, same order.
 */
export function withoutPrefixPaths<TPath extends { steps: ReadonlyArray<{ event: unknown }> }>(
  paths: readonly TPath[],
): TPath[] {
  type Branch = Map<string, Branch>;
  const kept: TPath[] = [];
  const root: Branch = new Map();
  for (const path of [...paths].sort((a, z) => z.steps.length - a.steps.length)) {
    const events = path.steps.map((step) => JSON.stringify(step.event));
    let branch: Branch | undefined = root;
    for (const event of events) {
      branch = branch.get(event);
      if (!branch) break;
    }
    if (branch && kept.length > 0) continue;
    kept.push(path);
    let at = root;
    for (const event of events) {
      let next = at.get(event);
      if (!next) {
        next = new Map();
        at.set(event, next);
      }
      at = next;
    }
  }
  return kept;
}

export function generatePaths<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  kinds: Array<GeneratedPath<TMachine>["kind"]> = spec.pathKinds ?? ["shortest", "simple", "edge"],
): GeneratedPath<TMachine>[] {
  const result: GeneratedPath<TMachine>[] = [];
  for (const input of spec.inputs ?? [undefined]) {
    const model = testModel(spec, input);
    const toPath =
      (kind: GeneratedPath<TMachine>["kind"]) =>
      (path: { steps: unknown; state: unknown }): GeneratedPath<TMachine> => ({
        kind,
        input,
        steps: path.steps as GeneratedPath<TMachine>["steps"],
        state: path.state as Snap<TMachine>,
      });
    const everyShortest = model.getShortestPaths({ allowDuplicatePaths: true });
    if (kinds.includes("shortest")) result.push(...withoutPrefixPaths(everyShortest).map(toPath("shortest")));
    if (kinds.includes("simple"))
      result.push(
        ...withoutPrefixPaths(model.getSimplePaths({ allowDuplicatePaths: true })).map(toPath("simple")),
      );
    // One path per edge: the shortest way to its source, then the edge, so a transition back to an
    // already visited state (which neither generator needs) is walked too.
    const toVertex = new Map(
      everyShortest.map((path) => [spec.serialize(path.state as Snap<TMachine>), path]),
    );
    // One edge path per (state, event, next state): transitions are state-level, so walking the same
    // move again from another context adds no coverage, only time.
    const seenMoves = new Set<string>();
    for (const [vertex, { transitions }] of kinds.includes("edge")
      ? Object.entries(model.getAdjacencyMap())
      : []) {
      const prefix = toVertex.get(vertex);
      if (!prefix) continue;
      for (const { event, state } of Object.values(transitions) as Array<{
        event: AnyEventObject;
        state: Snap<TMachine>;
      }>) {
        const move = JSON.stringify([like(prefix.state).value, event.type, like(state).value]);
        if (seenMoves.has(move)) continue;
        seenMoves.add(move);
        result.push(toPath("edge")({ steps: [...prefix.steps, { event, state }], state }));
      }
    }
  }
  const seen = new Set<string>();
  return result.filter((path) => {
    const key = JSON.stringify([path.input, path.steps.map((step) => step.event)]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The machine-snapshot surface generic code needs. */
export const like = (snapshot: unknown): SnapshotLike => snapshot as SnapshotLike;

/** State keys whose node is active in the snapshot. */
export function activeStateKeys(snapshot: { _nodes?: unknown }, all: Map<string, AnyStateNode>): string[] {
  const nodes = (snapshot as { _nodes: AnyStateNode[] })._nodes;
  return nodes.map((node) => node.path.join(".")).filter((key) => all.has(key));
}

/** Readable Given/When/Then text of one step, for QA and for failure messages. */
function describeStep(event: AnyEventObject, value: StateValue): string {
  const { type, ...rest } = event;
  const payload = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
  return `when ${type}${payload} then ${JSON.stringify(value)}`;
}

interface PathWalk {
  name: string;
  /** null when the walk matched every step. */
  error: unknown;
}

export interface ModelRun<TMachine extends AnyStateMachine> {
  walks: PathWalk[];
  reached: Set<string>;
  taken: Set<string>;
  /** Every snapshot the walks observed, with the state keys active in it. */
  observed: Array<{ snapshot: Snap<TMachine>; active: string[] }>;
}

/** Checks one snapshot against the assertions of every state active in it. */
export function assertStates<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  all: Map<string, AnyStateNode>,
  snapshot: Snap<TMachine>,
  run?: ModelRun<TMachine>,
): void {
  const active = activeStateKeys(snapshot, all);
  run?.observed.push({ snapshot, active });
  for (const key of active) {
    run?.reached.add(key);
    const assertion = spec.states[key];
    if (!assertion) throw new Error(`No assertion for state "${key}" of ${spec.name}`);
    assertion(snapshot);
  }
}

/** Walks one generated path, checking each step's state, context projection and state assertions. */
export async function walkPath<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  path: GeneratedPath<TMachine>,
  run: ModelRun<TMachine>,
  all: Map<string, AnyStateNode> = statePaths(spec.machine),
): Promise<void> {
  const events = path.steps.map((step) => step.event);
  const trail: string[] = [];
  await walk(spec, path.input, events, run.taken, (index, snapshot) => {
    const expected = path.steps[index]?.state;
    const event = events[index];
    if (!expected || !event) throw new Error("walked past the generated path");
    trail.push(describeStep(event, like(expected).value));
    const actual = like(snapshot).value;
    if (
      JSON.stringify(actual) !== JSON.stringify(like(expected).value) ||
      spec.serialize(snapshot) !== spec.serialize(expected)
    ) {
      throw new Error(
        `${spec.name}: expected ${spec.serialize(expected)} but was ${spec.serialize(snapshot)}\n${trail.join("\n")}`,
      );
    }
    assertStates(spec, all, snapshot, run);
  });
}

/** Walks a hand-pinned journey and checks its written-out end state. */
export async function walkJourney<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  journey: Journey<TMachine>,
  run: ModelRun<TMachine>,
  all: Map<string, AnyStateNode> = statePaths(spec.machine),
): Promise<void> {
  journey.before?.();
  const final = await walk(
    spec,
    spec.inputs?.[journey.input ?? 0],
    journey.events,
    run.taken,
    (_, snapshot) => assertStates(spec, all, snapshot, run),
  );
  if (JSON.stringify(like(final).value) !== JSON.stringify(journey.expected)) {
    throw new Error(
      `${spec.name} journey "${journey.name}": ended in ${JSON.stringify(like(final).value)}, expected ${JSON.stringify(journey.expected)}`,
    );
  }
  journey.ends?.(final as Snap<TMachine>);
}

export function emptyRun<TMachine extends AnyStateMachine>(): ModelRun<TMachine> {
  return { walks: [], reached: new Set(), taken: new Set(), observed: [] };
}

/** Every path and journey of a model, outside any test runner (for the mutation check). */
export async function runModel<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  kinds: Array<GeneratedPath<TMachine>["kind"]> = spec.pathKinds ?? ["shortest", "simple", "edge"],
  /** Stop at the first failing walk (the mutation check only needs to know that one fails). */
  { stopAtFirstFailure = false }: { stopAtFirstFailure?: boolean } = {},
): Promise<ModelRun<TMachine>> {
  const run = emptyRun<TMachine>();
  const all = statePaths(spec.machine);
  const attempt = async (name: string, walk: () => Promise<void>): Promise<boolean> => {
    try {
      await walk();
      run.walks.push({ name, error: null });
      return true;
    } catch (error) {
      run.walks.push({ name, error });
      return false;
    }
  };
  // Journeys first: few, hand-pinned, and the likeliest to fail fast (before paths are even generated).
  for (const journey of spec.journeys) {
    const passed = await attempt(journey.name, () => walkJourney(spec, journey, run, all));
    if (!passed && stopAtFirstFailure) return run;
  }
  for (const [index, path] of generatePaths(spec, kinds).entries()) {
    const passed = await attempt(`path ${index}`, () => walkPath(spec, path, run, all));
    if (!passed && stopAtFirstFailure) return run;
  }
  return run;
}
