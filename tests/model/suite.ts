import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AnyEventObject, AnyStateMachine } from "xstate";
import {
  activeStateKeys,
  declaredTransitions,
  describeStep,
  generatePaths,
  isTransient,
  like,
  type ModelSpec,
  type Snap,
  statePaths,
  walk,
} from "./harness.ts";

export const coverageDir = resolve(import.meta.dirname, "..", "..", ".tmp", "model-coverage");

export interface CoverageRow {
  machine: string;
  states: number;
  transitions: number;
  paths: number;
  statesCovered: number;
  transitionsCovered: number;
}

/**
 * The model suite of one machine: every generated path walked and asserted step by step, the hand-pinned
 * journeys, and the coverage guards (unreached or unasserted states, untaken transitions, assertion keys
 * that name no state).
 */
export function describeModel<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>): void {
  describe(`${spec.name} machine model`, () => {
    const all = statePaths(spec.machine);
    const declared = declaredTransitions(spec.machine);
    const paths = generatePaths(spec);
    const taken = new Set<string>();
    const reached = new Set<string>();

    const check = (snapshot: Snap<TMachine>) => {
      for (const key of activeStateKeys(snapshot, all)) {
        reached.add(key);
        const assertion = spec.states[key];
        if (!assertion) throw new Error(`No assertion for state "${key}" of ${spec.name}`);
        assertion(snapshot);
      }
    };

    it("has an assertion for every state and none for a state that does not exist", () => {
      const stable = [...all.entries()].filter(([, node]) => !isTransient(node)).map(([key]) => key);
      expect(Object.keys(spec.states).sort()).toEqual(stable.sort());
    });

    it.each(paths.map((path, index) => ({ index, path })))(
      "path $index walks as generated",
      async ({ path }) => {
        const events = path.steps.map((step) => step.event as AnyEventObject);
        const trail: string[] = [];
        await walk(spec, path.input, events, taken, (index, snapshot) => {
          const expected = path.steps[index]?.state as Snap<TMachine> | undefined;
          const event = events[index];
          if (!expected || !event) throw new Error("walked past the generated path");
          trail.push(describeStep(event, like(expected).value));
          expect(like(snapshot).value, trail.join("\n")).toEqual(like(expected).value);
          expect(spec.serialize(snapshot), trail.join("\n")).toBe(spec.serialize(expected));
          check(snapshot);
        });
      },
    );

    it.each(spec.journeys)("journey: $name", async ({ events, expected, input }) => {
      const final = await walk(spec, spec.inputs?.[input ?? 0], events, taken, (_, snapshot) =>
        check(snapshot),
      );
      expect(like(final).value).toEqual(expected);
    });

    it("reaches every state and takes every transition", () => {
      const unreached = [...all.entries()]
        .filter(([key, node]) => !isTransient(node) && !reached.has(key))
        .map(([key]) => key);
      const untaken = [...declared.keys()].filter((key) => !taken.has(key));
      expect({ unreached, untaken }).toEqual({ unreached: [], untaken: [] });
    });

    afterAll(() => {
      const stable = [...all.values()].filter((node) => !isTransient(node)).length;
      const row: CoverageRow = {
        machine: spec.name,
        states: stable,
        transitions: declared.size,
        paths: paths.length,
        statesCovered: [...reached].filter((key) => all.has(key)).length,
        transitionsCovered: [...declared.keys()].filter((key) => taken.has(key)).length,
      };
      mkdirSync(coverageDir, { recursive: true });
      writeFileSync(join(coverageDir, `${spec.name}.json`), JSON.stringify(row));
    });
  });
}
