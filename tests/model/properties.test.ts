import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokenInvariants, eventSequences } from "./properties.ts";
import { models } from "./specs/index.ts";

describe.each(models.map((spec) => ({ name: spec.name, spec })))("$name machine invariants", ({ spec }) => {
  it("states at least one invariant", () => {
    expect(spec.invariants.length).toBeGreaterThan(0);
  });

  it.each((spec.inputs ?? [undefined]).map((input, index) => ({ index, input })))(
    "hold after any sequence of events (input $index)",
    ({ input }) => {
      fc.assert(
        fc.property(eventSequences(spec), (events) => {
          expect(brokenInvariants(spec, input, events)).toEqual([]);
        }),
        { numRuns: Number(process.env.FC_RUNS ?? 200) },
      );
    },
  );
});
