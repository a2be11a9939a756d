import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { unprovided } from "./unprovided.ts";

export interface CardClaimInput {
  /** A rider is signed in: the card can be added at once; a guest signs in first. */
  signedIn: boolean;
}

export interface CardClaimContext extends CardClaimInput {
  /** The refused claim's error code. */
  failure: number | null;
}

export type CardClaimEvent = { type: "claim.start" };

/*
 * "Add this card to an account" on /manage-card (issue 35): a signed-in rider adds the card they opened
 * by number and security code to their account (its card token stands for both); a guest is taken to
 * sign in first and comes back to the card. Added, the rider is told and lands on the card's page in
 * their account; refused (already on an account, blocked, the lookup expired), the reason shows and
 * nothing changed.
 */
export const cardClaimMachine = setup({
  types: {
    input: {} as CardClaimInput,
    context: {} as CardClaimContext,
    events: {} as CardClaimEvent,
    children: {} as { claim: "claim" },
  },
  actors: {
    /** Adds the opened card to the rider's account; the card's id. */
    claim: fromPromise<string>(unprovided("claim")),
  },
  actions: {
    notify: (_, _code: "cardClaimed") => unprovided("notify")(),
    /** Sign-in, coming back to /manage-card after it. */
    goToSignIn: unprovided("goToSignIn"),
    /** The card's page in the rider's account. */
    openCard: (_, _id: string) => unprovided("openCard")(),
    assignFailure: assign((_, failure: number) => ({ failure })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: "cardClaim",
  context: ({ input }) => ({ ...input, failure: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "claim.start": [
          { guard: "signedIn", target: "claiming", actions: "clearFailure" },
          { actions: "goToSignIn" },
        ],
      },
    },
    claiming: {
      tags: ["busy"],
      invoke: {
        id: "claim",
        src: "claim",
        onDone: {
          target: "done",
          actions: [
            { type: "notify", params: "cardClaimed" },
            { type: "openCard", params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: "idle",
          actions: { type: "assignFailure", params: ({ event }) => errorCodeOf(event.error) },
        },
      },
    },
    /** The card's page in the account is opening. */
    done: { tags: ["busy"] },
  },
});
