import { assign, setup } from "xstate";
import { unprovided } from "./unprovided.ts";

/** What the tour explains, in order; views give each step its text. */
export const tourSteps = ["products", "cart", "language", "account"] as const;
export type TourStep = (typeof tourSteps)[number];

export type TourEvent =
  | { type: "tour.start" }
  | { type: "tour.next" }
  | { type: "tour.back" }
  | { type: "tour.dismiss" };

export interface TourInput {
  enabled: boolean;
  /** The tour-done flag from browser storage. */
  done: boolean;
}

export interface TourContext {
  enabled: boolean;
  done: boolean;
  step: number;
}

/*
 * `offering` is the first-visit question ("take a quick tour?"), shown until the tour-done flag is
 * stored; finishing or dismissing either the question or the tour stores it, so a rider is asked once.
 * `touring` walks the steps; the header's "take tour" button restarts it from `hidden` at any time.
 */
export const tourMachine = setup({
  types: {
    input: {} as TourInput,
    context: {} as TourContext,
    events: {} as TourEvent,
  },
  actions: {
    rememberTourDone: unprovided("rememberTourDone"),
    resetStep: assign({ step: 0 }),
    nextStep: assign({ step: ({ context }) => context.step + 1 }),
    previousStep: assign({ step: ({ context }) => context.step - 1 }),
  },
  guards: {
    shouldOffer: ({ context }) => context.enabled && !context.done,
    isEnabled: ({ context }) => context.enabled,
    hasNextStep: ({ context }) => context.step < tourSteps.length - 1,
    hasPreviousStep: ({ context }) => context.step > 0,
  },
}).createMachine({
  id: "tour",
  context: ({ input }) => ({ enabled: input.enabled, done: input.done, step: 0 }),
  initial: "deciding",
  states: {
    deciding: {
      always: [{ guard: "shouldOffer", target: "offering" }, { target: "hidden" }],
    },
    hidden: {
      on: { "tour.start": { guard: "isEnabled", target: "touring", actions: "resetStep" } },
    },
    offering: {
      on: {
        "tour.start": { target: "touring", actions: "resetStep" },
        "tour.dismiss": { target: "hidden", actions: "rememberTourDone" },
      },
    },
    touring: {
      on: {
        "tour.next": [
          { guard: "hasNextStep", actions: "nextStep" },
          { target: "hidden", actions: "rememberTourDone" },
        ],
        "tour.back": { guard: "hasPreviousStep", actions: "previousStep" },
        "tour.dismiss": { target: "hidden", actions: "rememberTourDone" },
      },
    },
  },
});

export const selectTourStep = (snapshot: { context: TourContext }): TourStep =>
  tourSteps[snapshot.context.step] ?? "products";
export const selectTourEnabled = (snapshot: { context: TourContext }) => snapshot.context.enabled;
