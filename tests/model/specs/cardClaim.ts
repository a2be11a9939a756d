import { expect } from "vitest";
import { cardClaimMachine } from "../../../src/machines/cardClaim.machine.ts";
import { apiError, commuteId, networkError } from "../../support/fare-cards.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.claim" | "xstate.error.actor.claim";

const alreadyLinkedError = apiError(422, 42216, "This card is already linked to an account.");
const claimExpiredError = apiError(422, 42214, "The card number and security code do not match a card.");

const events = {
  "claim.start": [{ type: "claim.start" }],
  "xstate.done.actor.claim": [{ type: "xstate.done.actor.claim", output: commuteId }],
  "xstate.error.actor.claim": [
    { type: "xstate.error.actor.claim", error: networkError },
    { type: "xstate.error.actor.claim", error: alreadyLinkedError },
    { type: "xstate.error.actor.claim", error: claimExpiredError },
  ],
} satisfies EventSamples<typeof cardClaimMachine, ActorEvents>;

/** What a walk announced, opened and asked for. */
const cardClaimEffects: string[] = [];

export const cardClaimModel = defineModel({
  name: "cardClaim",
  machine: cardClaimMachine.provide({
    actions: {
      notify: (_, code) => void cardClaimEffects.push(`notify ${code}`),
      openCard: (_, id) => void cardClaimEffects.push(`open ${id}`),
      goToSignIn: () => void cardClaimEffects.push("sign in"),
    },
  }),
  inputs: [{ signedIn: true }, { signedIn: false }],
  deferred: ["claim"],
  events,
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.signedIn, snapshot.context.failure]),
  invariants: [
    {
      name: "a guest's card is never claimed before they sign in",
      holds: (s) => s.context.signedIn || s.matches("idle"),
    },
  ],
  states: {
    idle: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "claim.start" })).toBe(true);
    },
    claiming: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.failure).toBeNull();
      // A second click sends nothing more.
      expect(snapshot.can({ type: "claim.start" })).toBe(false);
    },
    done: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
  },
  journeys: [
    {
      name: "a signed-in rider adds the card, is told, and lands on it",
      before: () => void cardClaimEffects.splice(0),
      events: [events["claim.start"][0], events["xstate.done.actor.claim"][0]],
      expected: "done",
      ends: () => expect(cardClaimEffects).toEqual(["notify cardClaimed", `open ${commuteId}`]),
    },
    {
      name: "a guest is taken to sign in first and nothing is sent",
      before: () => void cardClaimEffects.splice(0),
      input: 1,
      events: [events["claim.start"][0]],
      expected: "idle",
      ends: (snapshot) => {
        expect(cardClaimEffects).toEqual(["sign in"]);
        expect(snapshot.children.claim).toBeUndefined();
      },
    },
    {
      name: "a card already on an account says so; trying again clears it",
      events: [events["claim.start"][0], events["xstate.error.actor.claim"][1]],
      expected: "idle",
      ends: (snapshot) => expect(snapshot.context.failure).toBe(42216),
    },
  ],
});
