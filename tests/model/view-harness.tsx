/**
 * The view half of the model suite: generated paths walked through the real React view with Testing
 * Library. Every event the screen can send is a gesture (click, type, key) that must move the machine
 * as the path says; events from outside the screen (server replies, timers, other parts of the portal)
 * are played by the environment. After every step, what a person sees in each active state is asserted
 * by role and accessible name.
 *
 * The model suite walks every generated path on the machine alone (thousands a second); the screen
 * walks a covering set of them (`coveringViewPaths`): the fewest that together reach every state, take
 * every transition, make every move between state values and perform every distinct gesture the
 * generated paths do. A closing guard fails when the rendered walks (inspected on the live actor, not
 * planned) leave a state unreached or a transition untaken.
 */
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type InputFrom,
  type InspectionEvent,
  SimulatedClock,
} from "xstate";
import { choosePaths } from "../../e2e/models/replay-sampling.ts";
import { i18n } from "../../src/i18n/i18n.ts";
import { animationFramePending, runAnimationFrames } from "../setup-dom.ts";
import {
  activeStateKeys,
  declaredTransitions,
  deferredActors,
  flush,
  type GeneratedPath,
  generatePaths,
  isTransient,
  like,
  type ModelSpec,
  recordTransitions,
  type Snap,
  statePaths,
  walk,
} from "./harness.ts";

interface Mounted {
  element: ReactElement;
  /** The actor under test, once mounted. */
  actor: () => AnyActorRef;
}

export interface ViewSpec<TMachine extends AnyStateMachine> {
  model: ModelSpec<TMachine>;
  /**
   * Mounts the real view around an actor of `logic` (the machine with controlled actors), created with
   * the given options (`inspect` records what the screen made the machine do, for the coverage guard).
   */
  mount(
    logic: TMachine,
    options: {
      input: InputFrom<TMachine> | undefined;
      clock: SimulatedClock;
      inspect: (inspection: InspectionEvent) => void;
    },
  ): Mounted;
  /** Event types that come from outside the screen; the walk sends them to the actor as they are. */
  environment: string[];
  /**
   * Child machines the screen draws (the checkout's card form), run here in place of the model's
   * stand-ins, with actors of their own that never answer: their done events, walked by the model,
   * are sent to the actor (each child's own view test walks the child).
   */
  children?: Record<string, AnyActorLogic>;
  /** What a person does that sends each remaining event type. */
  gestures: Record<string, (user: UserEvent, event: AnyEventObject) => Promise<void>>;
  /** What a person sees in each (non-transient) state, by role and accessible name. */
  sees: Record<string, (snapshot: Snap<TMachine>) => void>;
}

/** What the screen walks made the live actor do: the states shown and the transitions taken. */
interface ViewRun {
  /** How many walks started (a run filtered by name starts fewer). */
  walked: number;
  reached: Set<string>;
  taken: Set<string>;
}

/**
 * The paths to walk through the screen: among `paths`, the fewest (greedily, shortest first where
 * they tie) that together cover everything the whole pool covers: each state reached, each declared
 * transition taken (both read from a walk of the machine alone), each move between state values, and
 * each distinct gesture (an event the screen sends, with its payload: "Auto-renew" and "One-time
 * purchase" are two clicks) from each state value it is made in. Every input is walked at least once.
 */
async function coveringViewPaths<TMachine extends AnyStateMachine>(
  spec: ViewSpec<TMachine>,
  paths: GeneratedPath<TMachine>[],
): Promise<GeneratedPath<TMachine>[]> {
  const all = statePaths(spec.model.machine);
  const coverage = new Map<GeneratedPath<TMachine>, string[]>();
  for (const path of paths) {
    const keys: string[] = [];
    const taken = new Set<string>();
    let from = "start";
    await walk(
      spec.model,
      path.input,
      path.steps.map((step) => step.event),
      taken,
      (index, snapshot) => {
        const event = path.steps[index]?.event;
        if (!event) return;
        const to = JSON.stringify(like(snapshot).value);
        const gesture = spec.environment.includes(event.type) ? event.type : JSON.stringify(event);
        keys.push(`move ${from} ${gesture} ${to}`);
        for (const key of activeStateKeys(snapshot, all)) keys.push(`state ${key}`);
        from = to;
      },
    );
    for (const key of taken) keys.push(`transition ${key}`);
    coverage.set(path, keys);
  }
  return choosePaths(paths, {
    sampling: { all: false, extra: 0, seed: 0 },
    coverage: (path) => coverage.get(path) ?? [],
    inputs: spec.model.inputs ?? [],
  });
}

/**
 * Lets the screen settle after a step, without waiting on the clock: React renders what the step
 * changed (act), then the animation frames Ark asked for run, as often as they ask for more. With no
 * motion in the test environment (tests/setup-dom.ts) that is all a dialog needs: a closed one
 * unmounts, and an open modal hides the page beneath it from assistive technology and traps focus.
 */
async function settle(): Promise<void> {
  await act(flush);
  for (let frame = 0; animationFramePending(); frame++) {
    // Ark settles in a few frames; an endless chain of them is an animation loop.
    if (frame === 20) throw new Error("the screen keeps requesting animation frames");
    await act(async () => {
      runAnimationFrames();
      await flush();
    });
  }
}

async function walkView<TMachine extends AnyStateMachine>(
  spec: ViewSpec<TMachine>,
  run: ViewRun,
  input: InputFrom<TMachine> | undefined,
  steps: Array<{ event: AnyEventObject; state?: unknown }>,
  expectedEnd?: unknown,
): Promise<void> {
  run.walked += 1;
  const all = statePaths(spec.model.machine);
  const stubs = deferredActors(spec.model.deferred);
  const logic = spec.model.machine.provide({
    actors: { ...stubs.actors, ...spec.children },
  }) as TMachine;
  const user = userEvent.setup();
  const mounted = spec.mount(logic, {
    input,
    clock: new SimulatedClock(),
    inspect: recordTransitions(run.taken),
  });
  render(<I18nProvider i18n={i18n}>{mounted.element}</I18nProvider>);
  await settle();
  const trail: string[] = [];
  const see = async () => {
    // Settled, a dialog is open or gone: one still mounted closed waits for an exit animation.
    const closing = document.querySelectorAll(
      '[role="dialog"][data-state="closed"], [role="alertdialog"][data-state="closed"]',
    );
    if (closing.length > 0) {
      throw new Error(`${trail.join(" → ")}: a closed dialog is still mounted (an exit animation?)`);
    }
    const snapshot = mounted.actor().getSnapshot();
    for (const key of activeStateKeys(snapshot, all)) {
      run.reached.add(key);
      const sees = spec.sees[key];
      if (!sees) throw new Error(`${spec.model.name}: nothing seen is asserted for state "${key}"`);
      // Settled, what a state shows is there at the first look; `waitFor` stays for rendering that
      // takes more than a settled promise (a lazily loaded view), and its deadline (tests/setup-dom.ts)
      // only says how long a broken assertion takes to fail.
      try {
        await waitFor(() => sees(mounted.actor().getSnapshot() as Snap<TMachine>));
      } catch (error) {
        throw new Error(`${trail.join(" → ")}: what "${key}" shows: ${String(error)}`);
      }
    }
  };
  await see();
  for (const step of steps) {
    const { event } = step;
    if (event.type === "xstate.init") continue;
    trail.push(event.type);
    if (spec.environment.includes(event.type)) {
      await act(async () => {
        const child = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
        if ((child !== undefined && spec.children?.[child]) || !stubs.settle(event))
          mounted.actor().send(event);
        await flush();
      });
    } else {
      const gesture = spec.gestures[event.type];
      if (!gesture) throw new Error(`${spec.model.name}: no gesture sends "${event.type}"`);
      try {
        await gesture(user, event);
      } catch (error) {
        // Which step of which path: a gesture's own error names only the control it could not find.
        const from = JSON.stringify(like(mounted.actor().getSnapshot()).value);
        throw new Error(`${trail.join(" → ")} (${JSON.stringify(event)} in ${from}): ${String(error)}`);
      }
    }
    await settle();
    const expected = step.state === undefined ? undefined : like(step.state).value;
    if (expected !== undefined) {
      await waitFor(() =>
        expect(like(mounted.actor().getSnapshot()).value, trail.join(" → ")).toEqual(expected),
      );
    }
    await see();
  }
  if (expectedEnd !== undefined) {
    await waitFor(() =>
      expect(like(mounted.actor().getSnapshot()).value, trail.join(" → ")).toEqual(expectedEnd),
    );
  }
}

export function describeViewModel<TMachine extends AnyStateMachine>(spec: ViewSpec<TMachine>): void {
  // Choosing the covering set walks the machine alone, which is asynchronous: Vitest awaits the suite's
  // factory before it runs the tests it declares.
  describe(`${spec.model.name} view model`, async () => {
    afterEach(() => cleanup());
    const all = statePaths(spec.model.machine);
    // Chosen among the shortest and per-edge paths: together they reach every state and make every move
    // (measured on every machine: the loop-free routes add no state, transition, move or gesture to
    // them), and the loop-free routes of a form or a session are thousands, seconds to generate.
    const paths = await coveringViewPaths(spec, generatePaths(spec.model, ["shortest", "edge"]));
    const run: ViewRun = { walked: 0, reached: new Set(), taken: new Set() };

    it("has a gesture or an outside source for every event, and a visible assertion for every state", () => {
      const events = Object.keys(spec.model.events);
      expect(events.filter((type) => !spec.environment.includes(type) && !spec.gestures[type])).toEqual([]);
      expect(
        [...Object.keys(spec.gestures), ...spec.environment].filter((type) => !events.includes(type)),
      ).toEqual([]);
      const stable = [...all.entries()].filter(([, node]) => !isTransient(node)).map(([key]) => key);
      expect(Object.keys(spec.sees).sort()).toEqual(stable.sort());
    });

    it.each(paths.map((path, index) => ({ index, path })))(
      "path $index, through the screen",
      async ({ path }) => {
        await walkView(spec, run, path.input, path.steps);
      },
    );

    it.each(spec.model.journeys)("journey through the screen: $name", async (journey) => {
      await walkView(
        spec,
        run,
        spec.model.inputs?.[journey.input ?? 0],
        journey.events.map((event) => ({ event })),
        journey.expected,
      );
    });

    // Tests in a file run in order: this one sees what every walk above made the live actor do.
    it("reaches every state and takes every transition through the screen", (context) => {
      // Run by name alone (`-t`), the walks above did not all run: there is nothing to judge.
      if (run.walked < paths.length + spec.model.journeys.length) context.skip();
      const unreached = [...all.entries()]
        .filter(([key, node]) => !isTransient(node) && !run.reached.has(key))
        .map(([key]) => key);
      const untaken = [...declaredTransitions(spec.model.machine).keys()].filter(
        (key) => !run.taken.has(key),
      );
      expect({ unreached, untaken }).toEqual({ unreached: [], untaken: [] });
    });
  });
}
