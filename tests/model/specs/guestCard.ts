import { expect } from "vitest";
import { guestCardMachine, guestCardProblems } from "../../../src/machines/guestCard.machine.ts";
import { languageNeverChanges } from "../../support/language.ts";
import { activityPageOne, activityPageTwo, guestCard } from "../../support/passes.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError, serverError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.openCard"
  | "xstate.error.actor.openCard"
  | "xstate.done.actor.loadCard"
  | "xstate.error.actor.loadCard"
  | "xstate.done.actor.loadActivity"
  | "xstate.error.actor.loadActivity"
  | "xstate.done.actor.finish"
  | "xstate.error.actor.finish";

const noMatchError = { code: 42214, message: "The card number or security code is not correct." };
/** A throttled attempt, as the client reports it: the code and the reply's Retry-After. */
const throttledError = { code: 42901, message: "Too many attempts.", retryAfter: 540 };
const expiredError = { code: 40101, message: "Unauthorized" };

const events = {
  "form.change": [
    { type: "form.change", values: { cardNumber: "6000 0000 0000 0031" } },
    { type: "form.change", values: { securityCode: "123" } },
    { type: "form.change", values: { cardNumber: "6000 0000" } },
  ],
  "form.submit": [{ type: "form.submit" }],
  "card.retry": [{ type: "card.retry" }],
  "card.refresh": [{ type: "card.refresh" }],
  "activity.more": [{ type: "activity.more" }],
  "card.done": [{ type: "card.done" }],
  "xstate.done.actor.openCard": [{ type: "xstate.done.actor.openCard", output: guestCard }],
  "xstate.error.actor.openCard": [
    { type: "xstate.error.actor.openCard", error: noMatchError },
    { type: "xstate.error.actor.openCard", error: throttledError },
    { type: "xstate.error.actor.openCard", error: serverError },
  ],
  "xstate.done.actor.loadCard": [{ type: "xstate.done.actor.loadCard", output: guestCard }],
  "xstate.error.actor.loadCard": [
    { type: "xstate.error.actor.loadCard", error: expiredError },
    { type: "xstate.error.actor.loadCard", error: networkError },
  ],
  "xstate.done.actor.loadActivity": [
    { type: "xstate.done.actor.loadActivity", output: activityPageOne },
    { type: "xstate.done.actor.loadActivity", output: activityPageTwo },
  ],
  "xstate.error.actor.loadActivity": [
    { type: "xstate.error.actor.loadActivity", error: expiredError },
    { type: "xstate.error.actor.loadActivity", error: networkError },
  ],
  "xstate.done.actor.finish": [{ type: "xstate.done.actor.finish", output: undefined }],
  "xstate.error.actor.finish": [{ type: "xstate.error.actor.finish", error: networkError }],
} satisfies EventSamples<typeof guestCardMachine, ActorEvents>;

const change = events["form.change"];
const submit = events["form.submit"][0];
const opened = events["xstate.done.actor.openCard"][0];
const refused = events["xstate.error.actor.openCard"];
const read = events["xstate.done.actor.loadCard"][0];
const readFailed = events["xstate.error.actor.loadCard"];
const activity = events["xstate.done.actor.loadActivity"];
const activityFailed = events["xstate.error.actor.loadActivity"];
const done = events["card.done"][0];
const finished = events["xstate.done.actor.finish"][0];
const more = events["activity.more"][0];
const retry = events["card.retry"][0];

/** The card opened with a valid pair, then its first page of activity. */
const openedCard = [change[0], change[1], submit, opened, activity[0]];

export const guestCardModel = defineModel({
  name: "guestCard",
  // Its language switches are walked as `card.refresh` events (language-changes.wiring.test.ts).
  machine: guestCardMachine.provide({ actors: { languageChanges: languageNeverChanges } }),
  inputs: [
    { holdsToken: false, activityPageSize: 12 },
    { holdsToken: true, activityPageSize: 12 },
  ],
  deferred: ["openCard", "loadCard", "loadActivity", "finish"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    if (event.type === "xstate.done.actor.loadActivity") {
      const after = snapshot.children.loadActivity?.getSnapshot().input?.after ?? null;
      return after === null ? event.output === activityPageOne : event.output === activityPageTwo;
    }
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.cardNumber,
      snapshot.context.securityCode,
      snapshot.context.problems,
      snapshot.context.card?.faremedia_id ?? null,
      snapshot.context.activity.map((row) => row.id),
      snapshot.context.activityNext,
      snapshot.context.notice,
      snapshot.context.error,
    ]),
  invariants: [
    {
      name: "a card is held only until the guest is done or the token expires",
      holds: (s) => s.context.card === null || !s.matches("form"),
    },
    {
      name: "the form never keeps a card or its activity",
      holds: (s) => !s.matches("form") || (s.context.card === null && s.context.activity.length === 0),
    },
    {
      name: "a pair is sent only when the form holds",
      holds: (s) => !s.matches("opening") || Object.keys(guestCardProblems(s.context)).length === 0,
    },
    {
      name: "no activity row is listed twice",
      holds: (s) => new Set(s.context.activity.map((row) => row.id)).size === s.context.activity.length,
    },
  ],
  states: {
    form: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.card).toBeNull();
      expect(snapshot.can(submit)).toBe(true);
    },
    opening: (snapshot) => {
      expect(snapshot.children.openCard?.getSnapshot().input).toEqual({
        cardNumber: "6000000000000031",
        securityCode: "123",
      });
    },
    loadingCard: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
    card: (snapshot) => {
      expect(snapshot.context.card).toBe(guestCard);
      expect(snapshot.context.notice).toBeNull();
      expect(snapshot.context.cardNumber).toBe("");
      expect(snapshot.context.securityCode).toBe("");
      expect(snapshot.can(done)).toBe(true);
    },
    "card.refreshing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      // The card read before stays while it is read again.
      expect(snapshot.context.card).toBe(guestCard);
    },
    "card.loadingActivity": (snapshot) => {
      expect(snapshot.children.loadActivity?.getSnapshot().input).toEqual({
        limit: 12,
        after: snapshot.context.activityNext,
      });
    },
    "card.activity": (snapshot) => {
      expect(snapshot.can(more)).toBe(snapshot.context.activityNext !== null);
      expect(snapshot.can(retry)).toBe(snapshot.context.error !== null);
    },
    cardFailed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can(retry)).toBe(true);
    },
    leaving: (snapshot) => expect(snapshot.hasTag("busy")).toBe(true),
  },
  journeys: [
    {
      name: "after an expired kept token the form works like a first visit: nothing is read until a pair is sent",
      input: 1,
      events: [readFailed[0], submit, change[0], change[1], submit, refused[0]],
      expected: "form",
      ends: (snapshot) => {
        expect(snapshot.context.notice).toEqual({ kind: "noMatch" });
        expect(snapshot.children.loadCard).toBeUndefined();
      },
    },
    {
      name: "a kept token that expires while the activity loads goes back to the form and stays there",
      input: 1,
      events: [read, activityFailed[0]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "expired" }),
    },
    {
      name: "Done on a kept token goes back to the form even when the server could not be told",
      input: 1,
      events: [read, activity[0], done, events["xstate.error.actor.finish"][0]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "done" }),
    },
    {
      name: "activity that could not be read shows its failure beside the card",
      events: [...openedCard.slice(0, 4), activityFailed[1]],
      expected: { card: "activity" },
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50301);
        expect(snapshot.children.loadActivity).toBeUndefined();
      },
    },
    {
      name: "an older page that failed is asked again with its cursor, the rows shown kept",
      events: [...openedCard, more, activityFailed[1], retry],
      expected: { card: "loadingActivity" },
      ends: (snapshot) => {
        expect(snapshot.context.activity).toEqual(activityPageOne.activity);
        expect(snapshot.context.activityNext).toBe("activity-cursor-2");
      },
    },
    {
      name: "a guest opens the card with its number and security code and sees its activity",
      events: openedCard,
      expected: { card: "activity" },
      ends: (snapshot) => {
        expect(snapshot.context.card).toBe(guestCard);
        expect(snapshot.context.activity).toEqual(activityPageOne.activity);
      },
    },
    {
      name: "Show more appends the older activity, then there is no more",
      events: [...openedCard, more, activity[1]],
      expected: { card: "activity" },
      ends: (snapshot) => {
        expect(snapshot.context.activity).toHaveLength(2);
        expect(snapshot.can(more)).toBe(false);
      },
    },
    {
      name: "an empty form is refused before anything is sent",
      events: [submit],
      expected: "form",
      ends: (snapshot) =>
        expect(snapshot.context.problems).toEqual({ cardNumber: "required", securityCode: "required" }),
    },
    {
      name: "a card number that is not 16 digits is refused",
      events: [change[2], change[1], submit],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.problems).toEqual({ cardNumber: "invalid" }),
    },
    {
      name: "typing in a field clears its problem",
      events: [submit, change[0]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.problems).toEqual({ securityCode: "required" }),
    },
    {
      name: "a wrong pair gets one message and the code is typed again",
      events: [change[0], change[1], submit, refused[0]],
      expected: "form",
      ends: (snapshot) => {
        expect(snapshot.context.notice).toEqual({ kind: "noMatch" });
        expect(snapshot.context.securityCode).toBe("");
        expect(snapshot.context.cardNumber).toBe("6000 0000 0000 0031");
      },
    },
    {
      name: "too many attempts say how many minutes to wait",
      events: [change[0], change[1], submit, refused[1]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "throttled", minutes: 9 }),
    },
    {
      name: "another failure says so on the form",
      events: [change[0], change[1], submit, refused[2]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "failed", code: 50001 }),
    },
    {
      name: "Done forgets the card and says goodbye",
      events: [...openedCard, done, finished],
      expected: "form",
      ends: (snapshot) => {
        expect(snapshot.context.notice).toEqual({ kind: "done" });
        expect(snapshot.context.card).toBeNull();
      },
    },
    {
      name: "Done still forgets the card when the server could not be told",
      events: [...openedCard, done, events["xstate.error.actor.finish"][0]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "done" }),
    },
    {
      name: "a kept card token opens the card without the form",
      input: 1,
      events: [read, activity[0]],
      expected: { card: "activity" },
    },
    {
      name: "an expired card token goes back to the form with a message",
      input: 1,
      events: [readFailed[0]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "expired" }),
    },
    {
      name: "a token that expires while the activity loads goes back to the form too",
      events: [change[0], change[1], submit, opened, activityFailed[0]],
      expected: "form",
      ends: (snapshot) => {
        expect(snapshot.context.notice).toEqual({ kind: "expired" });
        expect(snapshot.context.card).toBeNull();
      },
    },
    {
      name: "activity that could not be read keeps the card and is retried",
      events: [change[0], change[1], submit, opened, activityFailed[1], retry, activity[0]],
      expected: { card: "activity" },
      ends: (snapshot) => {
        expect(snapshot.context.error).toBeNull();
        expect(snapshot.context.activity).toEqual(activityPageOne.activity);
      },
    },
    {
      name: "a card that could not be read is retried by hand",
      input: 1,
      events: [readFailed[1], retry, read],
      expected: { card: "loadingActivity" },
    },
    {
      name: "a card that could not be read can still be put away",
      input: 1,
      events: [readFailed[1], done, finished],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
    {
      name: "after adding value the card is read again in place: it stays on screen meanwhile (issue 34)",
      events: [...openedCard, events["card.refresh"][0]],
      expected: { card: "refreshing" },
      ends: (snapshot) => expect(snapshot.context.card).toBe(guestCard),
    },
    {
      name: "a card whose token expired while it was read again goes back to the form, saying so",
      events: [...openedCard, events["card.refresh"][0], readFailed[0]],
      expected: "form",
      ends: (snapshot) => {
        expect(snapshot.context.notice).toEqual({ kind: "expired" });
        expect(snapshot.context.card).toBeNull();
      },
    },
    {
      name: "a resumed card whose token expired while it was read again goes back to the form, not to reading it",
      input: 1,
      events: [read, activity[0], events["card.refresh"][0], readFailed[0]],
      expected: "form",
      ends: (snapshot) => expect(snapshot.context.notice).toEqual({ kind: "expired" }),
    },
    {
      name: "a card that could not be read again offers to try again",
      events: [...openedCard, events["card.refresh"][0], readFailed[1]],
      expected: "cardFailed",
      ends: (snapshot) => expect(snapshot.context.error).not.toBeNull(),
    },
    {
      name: "after adding value the card is read again with its activity from the start",
      events: [...openedCard, more, activity[1], events["card.refresh"][0], read],
      expected: { card: "loadingActivity" },
      ends: (snapshot) => {
        expect(snapshot.context.activity).toEqual([]);
      },
    },
  ],
});
