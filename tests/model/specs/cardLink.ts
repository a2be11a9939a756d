import { expect } from "vitest";
import {
  cardLinkMachine,
  emptyLinkDraft,
  linkProblems,
  linkRequest,
} from "../../../src/machines/cardLink.machine.ts";
import {
  alreadyLinkedError,
  commuteDetail,
  linkBlockedError,
  multipleMatchesError,
  networkError,
  noMatchError,
  notFoundError,
  throttledError,
} from "../../support/fare-cards.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents = "xstate.done.actor.link" | "xstate.error.actor.link";

const events = {
  "link.open": [{ type: "link.open" }],
  "link.change": [
    { type: "link.change", values: { number: "6000 0000 0000 0015", code: "123" } },
    { type: "link.change", values: { number: "6000 0000", code: "" } },
    { type: "link.change", values: { nickname: "My card" } },
    { type: "link.change", values: { nickname: "x".repeat(41) } },
  ],
  "link.submit": [{ type: "link.submit" }],
  "link.cancel": [{ type: "link.cancel" }],
  "xstate.done.actor.link": [{ type: "xstate.done.actor.link", output: commuteDetail }],
  "xstate.error.actor.link": [
    { type: "xstate.error.actor.link", error: noMatchError },
    { type: "xstate.error.actor.link", error: multipleMatchesError },
    { type: "xstate.error.actor.link", error: alreadyLinkedError },
    { type: "xstate.error.actor.link", error: linkBlockedError },
    { type: "xstate.error.actor.link", error: notFoundError },
    { type: "xstate.error.actor.link", error: throttledError },
    { type: "xstate.error.actor.link", error: networkError },
  ],
} satisfies EventSamples<typeof cardLinkMachine, ActorEvents>;

/** What a walk announced and emitted. */
const cardLinkEffects: string[] = [];

const change = events["link.change"];
const submit = events["link.submit"][0];
const refused = events["xstate.error.actor.link"];

export const cardLinkModel = defineModel({
  name: "cardLink",
  machine: cardLinkMachine.provide({
    actions: {
      notify: (_, code) => void cardLinkEffects.push(`notify ${code}`),
      // Run alone here: what it tells its parent (the fare cards machine) is recorded.
      announce: (_, id) => void cardLinkEffects.push(`tell parent ${id}`),
    },
  }),
  deferred: ["link"],
  events,
  pathKinds: ["shortest", "edge"],
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.draft,
      snapshot.context.problems,
      snapshot.context.failure,
    ]),
  invariants: [
    {
      name: "closed, nothing typed is kept",
      holds: (s) =>
        !s.matches("closed") ||
        (JSON.stringify(s.context.draft) === JSON.stringify(emptyLinkDraft) && s.context.failure === null),
    },
    {
      name: "only a form without problems is sent",
      holds: (s) => !s.matches("linking") || Object.keys(linkProblems(s.context.draft)).length === 0,
    },
    {
      name: "a shown problem is one the form has",
      holds: (s) =>
        Object.entries(s.context.problems).every(
          ([key, problem]) => linkProblems(s.context.draft)[key as keyof typeof s.context.draft] === problem,
        ),
    },
    {
      name: "a refused attempt asks for the security code again",
      holds: (s) => s.context.failure === null || s.context.draft.code === "",
    },
  ],
  states: {
    closed: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "link.open" })).toBe(true);
      expect(snapshot.context.problems).toEqual({});
    },
    editing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "link.cancel" })).toBe(true);
      expect(snapshot.can({ type: "link.open" })).toBe(false);
    },
    linking: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.link?.getSnapshot().input).toEqual(linkRequest(snapshot.context.draft));
      expect(snapshot.context.failure).toBeNull();
    },
  },
  journeys: [
    {
      name: "a card is linked with its number without spaces, announced and emitted",
      before: () => void cardLinkEffects.splice(0),
      events: [events["link.open"][0], change[0], change[2], submit],
      expected: "linking",
      ends: (snapshot) =>
        expect(linkRequest(snapshot.context.draft)).toEqual({
          card_number: "6000000000000015",
          security_code: "123",
          nickname: "My card",
        }),
    },
    {
      name: "a linked card closes the dialog, says so and tells the fare cards machine which card it is",
      before: () => void cardLinkEffects.splice(0),
      events: [events["link.open"][0], change[0], submit, events["xstate.done.actor.link"][0]],
      expected: "closed",
      ends: () =>
        expect(cardLinkEffects).toEqual([
          "notify cardLinked",
          `tell parent ${events["xstate.done.actor.link"][0].output.faremedia_id}`,
        ]),
    },
    {
      name: "a short number and no code are refused before anything is sent",
      events: [events["link.open"][0], change[1], submit],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.problems).toEqual({ number: "invalid", code: "required" }),
    },
    {
      name: "a nickname too long is refused before anything is sent",
      events: [events["link.open"][0], change[0], change[3], submit],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.problems).toEqual({ nickname: "tooLong" }),
    },
    ...refused.map((event, index) => ({
      name: `refusal ${index + 1} (${(event.error as { code: number }).code}) comes back to the form with the number kept`,
      events: [events["link.open"][0], change[0], submit, event],
      expected: "editing",
      ends: (snapshot: { context: { draft: { number: string; code: string }; failure: unknown } }) => {
        expect(snapshot.context.draft.number).toBe("6000 0000 0000 0015");
        expect(snapshot.context.draft.code).toBe("");
        expect(snapshot.context.failure).toEqual({
          code: (event.error as { code: number }).code,
          retryMinutes: (event.error as { code: number }).code === 42901 ? 5 : null,
        });
      },
    })),
    {
      name: "cancelling closes the dialog",
      events: [events["link.open"][0], change[0], events["link.cancel"][0]],
      expected: "closed",
    },
    {
      name: "cancelling forgets what was typed",
      events: [events["link.open"][0], change[0], events["link.cancel"][0], events["link.open"][0]],
      expected: "editing",
      ends: (snapshot) => expect(snapshot.context.draft).toEqual(emptyLinkDraft),
    },
  ],
});
