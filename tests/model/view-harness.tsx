/**
 * The view half of the model suite: the same generated paths, walked through the real React view with
 * Testing Library. Every event the screen can send is a gesture (click, type, key) that must move the
 * machine as the path says; events from outside the screen (server replies, timers, other parts of the
 * portal) are played by the environment. After every step, what a person sees in each active state is
 * asserted by role and accessible name.
 */
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type InputFrom,
  SimulatedClock,
} from "xstate";
import { i18n } from "../../src/i18n/i18n.ts";
import { animationFramePending, runAnimationFrames } from "../setup-dom.ts";
import {
  activeStateKeys,
  deferredActors,
  flush,
  type GeneratedPath,
  generatePaths,
  isTransient,
  like,
  type ModelSpec,
  type Snap,
  statePaths,
} from "./harness.ts";

export interface Mounted {
  element: ReactElement;
  /** The actor under test, once mounted. */
  actor: () => AnyActorRef;
}

export interface ViewSpec<TMachine extends AnyStateMachine> {
  model: ModelSpec<TMachine>;
  /** Mounts the real view around an actor of `logic` (the machine with controlled actors). */
  mount(logic: TMachine, options: { input: InputFrom<TMachine> | undefined; clock: SimulatedClock }): Mounted;
  /** Event types that come from outside the screen; the walk sends them to the actor as they are. */
  environment: string[];
  /** What a person does that sends each remaining event type. */
  gestures: Record<string, (user: UserEvent, event: AnyEventObject) => Promise<void>>;
  /** What a person sees in each (non-transient) state, by role and accessible name. */
  sees: Record<string, (snapshot: Snap<TMachine>) => void>;
  /** Which generated paths to walk through the view (all kinds by default). */
  kinds?: Array<GeneratedPath<TMachine>["kind"]>;
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
  input: InputFrom<TMachine> | undefined,
  steps: Array<{ event: AnyEventObject; state?: unknown }>,
  expectedEnd?: unknown,
): Promise<void> {
  const all = statePaths(spec.model.machine);
  const stubs = deferredActors(spec.model.deferred);
  const logic = spec.model.machine.provide({ actors: stubs.actors }) as TMachine;
  const user = userEvent.setup();
  const mounted = spec.mount(logic, { input, clock: new SimulatedClock() });
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
      const sees = spec.sees[key];
      if (!sees) throw new Error(`${spec.model.name}: nothing seen is asserted for state "${key}"`);
      // Settled, what a state shows is there at the first look; `waitFor` stays for rendering that
      // takes more than a settled promise (a lazily loaded view), and its deadline (tests/setup-dom.ts)
      // only says how long a broken assertion takes to fail.
      await waitFor(() => sees(mounted.actor().getSnapshot() as Snap<TMachine>));
    }
  };
  await see();
  for (const step of steps) {
    const { event } = step;
    if (event.type === "xstate.init") continue;
    trail.push(event.type);
    if (spec.environment.includes(event.type)) {
      await act(async () => {
        if (!stubs.settle(event)) mounted.actor().send(event);
        await flush();
      });
    } else {
      const gesture = spec.gestures[event.type];
      if (!gesture) throw new Error(`${spec.model.name}: no gesture sends "${event.type}"`);
      await gesture(user, event);
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
  describe(`${spec.model.name} view model`, () => {
    afterEach(() => cleanup());
    const all = statePaths(spec.model.machine);
    const kinds = spec.kinds ?? spec.model.pathKinds ?? ["shortest", "simple", "edge"];
    const paths = generatePaths(spec.model, kinds);

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
        await walkView(spec, path.input, path.steps);
      },
    );

    it.each(spec.model.journeys)("journey through the screen: $name", async (journey) => {
      await walkView(
        spec,
        spec.model.inputs?.[journey.input ?? 0],
        journey.events.map((event) => ({ event })),
        journey.expected,
      );
    });
  });
}
