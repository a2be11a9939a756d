import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import {
  brokenBy,
  declaredTransitions,
  emptyRun,
  generatePaths,
  isTransient,
  type ModelSpec,
  reachableSnapshots,
  statePaths,
  walkJourney,
  walkPath,
} from "./harness.ts";

const coverageDir = resolve(import.meta.dirname, "..", "..", ".tmp", "model-coverage");

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
    const run = emptyRun<TMachine>();

    it("has an assertion for every state and none for a state that does not exist", () => {
      const stable = [...all.entries()].filter(([, node]) => !isTransient(node)).map(([key]) => key);
      expect(Object.keys(spec.states).sort()).toEqual(stable.sort());
    });

    it.each(paths.map((path, index) => ({ index, path })))(
      "path $index walks as generated",
      async ({ path }) => {
        await walkPath(spec, path, run, all);
      },
    );

    it.each(spec.journeys)("journey: $name", async (journey) => {
      await walkJourney(spec, journey, run, all);
    });

    it("keeps every invariant in every state the model graph reaches", () => {
      const broken = reachableSnapshots(spec).flatMap((snapshot) =>
        brokenBy(spec, snapshot).map((name) => `${name} in ${spec.serialize(snapshot)}`),
      );
      expect(broken).toEqual([]);
    });

    it("reaches every state and takes every transition", () => {
      const unreached = [...all.entries()]
        .filter(([key, node]) => !isTransient(node) && !run.reached.has(key))
        .map(([key]) => key);
      const untaken = [...declared.keys()].filter((key) => !run.taken.has(key));
      expect({ unreached, untaken }).toEqual({ unreached: [], untaken: [] });
    });

    it("tells every state apart: each assertion rejects a snapshot where its state is not active", () => {
      const blind = Object.entries(spec.states)
        // A parallel region is active in every snapshot: there is nothing to tell it apart from.
        .filter(([key]) => run.observed.some(({ active }) => !active.includes(key)))
        .filter(([key, assertion]) =>
          run.observed
            .filter(({ active }) => !active.includes(key))
            .every(({ snapshot }) => {
              try {
                assertion(snapshot);
                return true;
              } catch {
                return false;
              }
            }),
        )
        .map(([key]) => key);
      expect(blind).toEqual([]);
    });

    afterAll(() => {
      const stable = [...all.values()].filter((node) => !isTransient(node)).length;
      const row: CoverageRow = {
        machine: spec.name,
        states: stable,
        transitions: declared.size,
        paths: paths.length,
        statesCovered: [...run.reached].filter((key) => all.has(key)).length,
        transitionsCovered: [...declared.keys()].filter((key) => run.taken.has(key)).length,
      };
      mkdirSync(coverageDir, { recursive: true });
      writeFileSync(join(coverageDir, `${spec.name}.json`), JSON.stringify(row));
    });
  });
}
