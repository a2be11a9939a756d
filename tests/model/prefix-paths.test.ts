import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMachine } from "xstate";
import { TestModel } from "xstate/graph";
import { withoutPrefixPaths } from "./harness.ts";

/*
 * generatePaths drops the paths that begin a longer one itself (withoutPrefixPaths) instead of letting
 * @xstate/graph compare every pair. These properties hold it to the library's own answer: any set of
 * paths, handed to the library as a path generator's output, comes back as the same paths in the same
 * order.
 */
const model = new TestModel(createMachine({ initial: "idle", states: { idle: {} } }));

type FakePath = { steps: Array<{ event: { type: string } }>; state: number };

const libraryAnswer = (paths: FakePath[]): FakePath[] =>
  model
    .getPaths(() => paths as never, {})
    .map((path) => paths.find((candidate) => candidate.state === (path.state as unknown)) as FakePath);

const pathsArbitrary = fc
  .array(fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 5 }), { maxLength: 40 })
  .map((sequences) =>
    sequences.map(
      (types, index): FakePath => ({ steps: types.map((type) => ({ event: { type } })), state: index }),
    ),
  );

describe("withoutPrefixPaths", () => {
  it("keeps what @xstate/graph keeps, in its order, for any paths (2000 runs)", () => {
    fc.assert(
      fc.property(pathsArbitrary, (paths) => {
        expect(withoutPrefixPaths(paths).map((path) => path.state)).toEqual(
          libraryAnswer(paths).map((path) => path.state),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("drops a path that begins a longer one, an empty path when any other is kept, and equal twins", () => {
    const path = (state: number, ...types: string[]): FakePath => ({
      steps: types.map((type) => ({ event: { type } })),
      state,
    });
    const kept = withoutPrefixPaths([
      path(0),
      path(1, "a"),
      path(2, "a", "b"),
      path(3, "a", "b"),
      path(4, "b"),
    ]);
    expect(kept.map((each) => each.state)).toEqual([2, 4]);
    expect(withoutPrefixPaths([path(0)]).map((each) => each.state)).toEqual([0]);
  });
});
