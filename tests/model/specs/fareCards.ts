import { expect } from "vitest";
import type { FareCardsLoad } from "../../../src/domain/transit/cards.ts";
import { fareCardsMachine, nicknameProblem } from "../../../src/machines/fareCards.machine.ts";
import {
  activityOne,
  activityTwo,
  cardNotEmptyError,
  commuteId,
  commuteLoad,
  emptyLoad,
  listLoad,
  lostId,
  lostLoad,
  networkError,
  notFoundError,
  renamedDetail,
  renamedLoad,
  unknownCardId,
} from "../../support/fare-cards.ts";
import { languageNeverChanges } from "../../support/language.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.load"
  | "xstate.error.actor.load"
  | "xstate.done.actor.loadActivity"
  | "xstate.error.actor.loadActivity"
  | "xstate.done.actor.rename"
  | "xstate.error.actor.rename"
  | "xstate.done.actor.unlink"
  | "xstate.error.actor.unlink"
  | "xstate.done.actor.remove"
  | "xstate.error.actor.remove";

const pageSize = 12;

export const events = {
  "route.changed": [
    { type: "route.changed", cardId: null },
    { type: "route.changed", cardId: commuteId },
    { type: "route.changed", cardId: unknownCardId },
  ],
  "cards.retry": [{ type: "cards.retry" }],
  "activity.more": [{ type: "activity.more" }],
  "nickname.edit": [{ type: "nickname.edit" }],
  "nickname.change": [
    { type: "nickname.change", value: "Work card" },
    { type: "nickname.change", value: "  " },
    { type: "nickname.change", value: "x".repeat(41) },
  ],
  "nickname.submit": [{ type: "nickname.submit" }],
  "nickname.cancel": [{ type: "nickname.cancel" }],
  "unlink.ask": [{ type: "unlink.ask" }],
  "unlink.confirm": [{ type: "unlink.confirm" }],
  "unlink.cancel": [{ type: "unlink.cancel" }],
  "remove.ask": [{ type: "remove.ask" }],
  "remove.confirm": [{ type: "remove.confirm" }],
  "remove.cancel": [{ type: "remove.cancel" }],
  "card.changed": [{ type: "card.changed" }],
  "card.relabel": [{ type: "card.relabel" }],
  "card.linked": [{ type: "card.linked", id: lostId }],
  "xstate.done.actor.load": [
    { type: "xstate.done.actor.load", output: listLoad },
    { type: "xstate.done.actor.load", output: emptyLoad },
    { type: "xstate.done.actor.load", output: commuteLoad },
    { type: "xstate.done.actor.load", output: renamedLoad },
    { type: "xstate.done.actor.load", output: lostLoad },
  ],
  "xstate.error.actor.load": [
    { type: "xstate.error.actor.load", error: networkError },
    { type: "xstate.error.actor.load", error: notFoundError },
  ],
  "xstate.done.actor.loadActivity": [{ type: "xstate.done.actor.loadActivity", output: activityTwo }],
  "xstate.error.actor.loadActivity": [{ type: "xstate.error.actor.loadActivity", error: networkError }],
  "xstate.done.actor.rename": [{ type: "xstate.done.actor.rename", output: renamedDetail }],
  "xstate.error.actor.rename": [{ type: "xstate.error.actor.rename", error: networkError }],
  "xstate.done.actor.unlink": [{ type: "xstate.done.actor.unlink", output: undefined }],
  "xstate.error.actor.unlink": [{ type: "xstate.error.actor.unlink", error: networkError }],
  "xstate.done.actor.remove": [{ type: "xstate.done.actor.remove", output: undefined }],
  "xstate.error.actor.remove": [
    { type: "xstate.error.actor.remove", error: cardNotEmptyError },
    { type: "xstate.error.actor.remove", error: networkError },
  ],
} satisfies EventSamples<typeof fareCardsMachine, ActorEvents>;

/** Where the screen sent the rider and what it announced, during a walk. */
const fareCardsEffects: string[] = [];

const route = events["route.changed"];
const load = events["xstate.done.actor.load"];
const loadFailed = events["xstate.error.actor.load"];
const e = (type: keyof typeof events, index = 0) =>
  events[type][index] as (typeof events)[typeof type][number];

export const fareCardsModel = defineModel({
  name: "fareCards",
  machine: fareCardsMachine.provide({
    // Its language switches are walked as `card.relabel` events (language-changes.wiring.test.ts).
    actors: { languageChanges: languageNeverChanges },
    actions: {
      openCard: (_, id) => void fareCardsEffects.push(`open ${id}`),
      showList: () => void fareCardsEffects.push("list"),
      notify: (_, code) => void fareCardsEffects.push(`notify ${code}`),
    },
  }),
  inputs: [
    { cardId: null, pageSize },
    // A bookmark of one card's page.
    { cardId: commuteId, pageSize },
  ],
  deferred: ["load", "loadActivity", "rename", "unlink", "remove"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    if (event.type === "route.changed") return event.cardId !== context.cardId;
    if (event.type === "xstate.done.actor.load") {
      const asked = snapshot.children.load?.getSnapshot().input?.id ?? null;
      const output = event.output as FareCardsLoad;
      // The list alone for /faremedia; for a card, that card (renamed once it was), or another card's
      // page, which the machine must refuse.
      if (asked === null) return output === listLoad || output === emptyLoad;
      if (asked !== commuteId) return false;
      if (output === renamedLoad) return context.nickname !== "" || context.card?.nickname === "Work card";
      return output === commuteLoad || output === lostLoad;
    }
    if (event.type === "xstate.error.actor.load" && event.error === notFoundError) {
      return snapshot.children.load?.getSnapshot().input?.id !== null;
    }
    if (event.type === "nickname.change") return snapshot.matches({ card: "editingNickname" });
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.cardId,
      snapshot.context.cards.length,
      snapshot.context.card?.nickname ?? null,
      snapshot.context.activity.length,
      snapshot.context.next,
      snapshot.context.error,
      snapshot.context.failure,
      snapshot.context.nickname,
      snapshot.context.nicknameProblem,
    ]),
  invariants: [
    {
      name: "a card is shown only for the route's card",
      holds: (s) => s.context.card === null || s.context.card.faremedia_id === s.context.cardId,
    },
    {
      name: "the card's page has its card",
      holds: (s) => !s.matches("card") || s.context.card !== null,
    },
    {
      name: "the list alone is shown only on /faremedia",
      holds: (s) => !s.matches("listing") || (s.context.cardId === null && s.context.card === null),
    },
    {
      name: "an error is kept only while loading has failed",
      holds: (s) => (s.context.error !== null) === s.matches("failed"),
    },
    {
      name: "a nickname problem is what the typed nickname has",
      holds: (s) =>
        s.context.nicknameProblem === null ||
        s.context.nicknameProblem === nicknameProblem(s.context.nickname),
    },
    {
      name: "no activity without a card",
      holds: (s) => s.context.card !== null || (s.context.activity.length === 0 && s.context.next === null),
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.load?.getSnapshot().input).toEqual({
        id: snapshot.context.cardId,
        limit: pageSize,
      });
      expect(snapshot.context.card).toBeNull();
    },
    listing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.cardId).toBeNull();
      expect(snapshot.context.card).toBeNull();
      expect(snapshot.context.error).toBeNull();
    },
    notFound: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.cardId).not.toBeNull();
      expect(snapshot.context.card).toBeNull();
      expect(snapshot.context.error).toBeNull();
    },
    failed: (snapshot) => {
      expect(snapshot.context.error).toBe(50301);
      expect(snapshot.can({ type: "cards.retry" })).toBe(true);
      expect(snapshot.context.card).toBeNull();
    },
    card: (snapshot) => {
      expect(snapshot.context.card?.faremedia_id).toBe(snapshot.context.cardId);
      expect(snapshot.context.cards.length).toBeGreaterThan(0);
    },
    "card.viewing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "nickname.edit" })).toBe(true);
      expect(snapshot.context.nicknameProblem).toBeNull();
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "more").toBe(true);
    },
    "card.loadingMore": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadActivity?.getSnapshot().input).toEqual({
        id: snapshot.context.cardId,
        limit: pageSize,
        after: "cursor-2",
      });
    },
    "card.editingNickname": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "nickname.cancel" })).toBe(true);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "rename").toBe(true);
    },
    "card.savingNickname": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.rename?.getSnapshot().input).toEqual({
        id: snapshot.context.cardId,
        nickname: snapshot.context.nickname.trim(),
      });
      expect(nicknameProblem(snapshot.context.nickname)).toBeNull();
    },
    "card.confirmingUnlink": (snapshot) => {
      expect(snapshot.context.card?.can.unlink).toBe(true);
      expect(snapshot.can({ type: "unlink.confirm" })).toBe(true);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "unlink").toBe(true);
    },
    "card.unlinking": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.unlink?.getSnapshot().input).toEqual({ id: snapshot.context.cardId });
    },
    "card.confirmingRemove": (snapshot) => {
      expect(snapshot.context.card?.can.remove).toBe(true);
      expect(snapshot.can({ type: "remove.confirm" })).toBe(true);
      expect(snapshot.context.failure === null || snapshot.context.failure.kind === "remove").toBe(true);
    },
    "card.removing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.remove?.getSnapshot().input).toEqual({ id: snapshot.context.cardId });
    },
    "card.refreshing": (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.load?.getSnapshot().input).toEqual({
        id: snapshot.context.cardId,
        limit: pageSize,
      });
      expect(snapshot.context.nickname).toBe("");
    },
  },
  journeys: [
    {
      name: "a card's page shows its details and first activity page, and Show more appends the next",
      input: 1,
      events: [load[2], e("activity.more"), e("xstate.done.actor.loadActivity")],
      expected: { card: "viewing" },
      ends: (snapshot) => {
        expect(snapshot.context.activity).toEqual([...activityOne.activity, ...activityTwo.activity]);
        expect(snapshot.context.next).toBeNull();
        expect(snapshot.can({ type: "activity.more" })).toBe(false);
      },
    },
    {
      name: "choosing a card from the list opens its page",
      events: [load[0], route[1], load[2]],
      expected: { card: "viewing" },
      ends: (snapshot) => expect(snapshot.context.cards).toBe(commuteLoad.cards),
    },
    {
      name: "a card that is not the rider's is not found",
      events: [load[0], route[2], loadFailed[1]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.cardId).toBe(unknownCardId),
    },
    {
      name: "an answer about another card than the route's is never shown",
      input: 1,
      events: [load[4]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.card).toBeNull(),
    },
    {
      name: "the nickname is checked, saved, announced and the card read again",
      before: () => void fareCardsEffects.splice(0),
      input: 1,
      events: [
        load[2],
        e("nickname.edit"),
        e("nickname.change", 1),
        e("nickname.submit"),
        e("nickname.change", 2),
        e("nickname.submit"),
        e("nickname.change", 0),
        e("nickname.submit"),
        e("xstate.done.actor.rename"),
        load[3],
      ],
      expected: { card: "viewing" },
      ends: (snapshot) => {
        expect(snapshot.context.card?.nickname).toBe("Work card");
        expect(fareCardsEffects).toEqual(["notify cardRenamed"]);
      },
    },
    {
      name: "a nickname too long stays in the form with its problem",
      input: 1,
      events: [load[2], e("nickname.edit"), e("nickname.change", 2), e("nickname.submit")],
      expected: { card: "editingNickname" },
      ends: (snapshot) => expect(snapshot.context.nicknameProblem).toBe("tooLong"),
    },
    {
      name: "a refused nickname keeps what was typed",
      input: 1,
      events: [
        load[2],
        e("nickname.edit"),
        e("nickname.change", 0),
        e("nickname.submit"),
        e("xstate.error.actor.rename"),
      ],
      expected: { card: "editingNickname" },
      ends: (snapshot) => {
        expect(snapshot.context.nickname).toBe("Work card");
        expect(snapshot.context.failure).toEqual({ kind: "rename", code: 50301 });
      },
    },
    {
      name: "unlinking asks first, then goes to the list and says so",
      before: () => void fareCardsEffects.splice(0),
      input: 1,
      events: [load[2], e("unlink.ask"), e("unlink.confirm"), e("xstate.done.actor.unlink")],
      expected: "loading",
      ends: (snapshot) => {
        expect(snapshot.context.cardId).toBeNull();
        expect(fareCardsEffects).toEqual(["list", "notify cardUnlinked"]);
      },
    },
    {
      name: "a card still holding value is not removed: the question stays with why",
      input: 1,
      events: [load[2], e("remove.ask"), e("remove.confirm"), e("xstate.error.actor.remove")],
      expected: { card: "confirmingRemove" },
      ends: (snapshot) => expect(snapshot.context.failure).toEqual({ kind: "remove", code: 42223 }),
    },
    {
      name: "removing goes to the list and says so",
      before: () => void fareCardsEffects.splice(0),
      input: 1,
      events: [load[2], e("remove.ask"), e("remove.confirm"), e("xstate.done.actor.remove"), load[0]],
      expected: "listing",
      ends: () => expect(fareCardsEffects).toEqual(["list", "notify cardRemoved"]),
    },
    {
      name: "the card read again as another card is not found",
      input: 1,
      events: [load[2], e("card.changed"), load[4]],
      expected: "notFound",
    },
    {
      name: "a language switch reads the card being viewed again, for the server's names in it (issue 34)",
      input: 1,
      events: [load[2], e("card.relabel")],
      expected: { card: "refreshing" },
    },
    {
      name: "a language switch while a nickname is typed leaves the typing alone",
      input: 1,
      events: [load[2], e("nickname.edit"), e("card.relabel")],
      expected: { card: "editingNickname" },
    },
    {
      name: "a change made elsewhere reads the card again",
      input: 1,
      events: [load[2], e("card.changed"), load[2]],
      expected: { card: "viewing" },
    },
    {
      name: "a linked card opens its page",
      before: () => void fareCardsEffects.splice(0),
      events: [load[0], e("card.linked")],
      expected: "listing",
      ends: () => expect(fareCardsEffects).toEqual([`open ${lostId}`]),
    },
    {
      name: "a lost connection stops at the failure and is retried",
      events: [loadFailed[0], e("cards.retry"), load[0]],
      expected: "listing",
    },
    {
      name: "cancelling the nickname form keeps the old nickname and forgets what was typed",
      input: 1,
      events: [load[2], e("nickname.edit"), e("nickname.change"), e("nickname.cancel")],
      expected: { card: "viewing" },
      ends: (snapshot) => {
        expect(snapshot.context.nickname).toBe("");
        expect(snapshot.context.card?.nickname).toBe("Commute card");
      },
    },
    {
      name: "Unlink asks first and sends nothing yet",
      input: 1,
      events: [load[2], e("unlink.ask")],
      expected: { card: "confirmingUnlink" },
      ends: (snapshot) => expect(snapshot.children.unlink).toBeUndefined(),
    },
    {
      name: "keeping the card after the unlink question goes back to the card",
      input: 1,
      events: [load[2], e("unlink.ask"), e("unlink.cancel")],
      expected: { card: "viewing" },
    },
    {
      name: "a failed unlink stays on its question with why",
      input: 1,
      events: [load[2], e("unlink.ask"), e("unlink.confirm"), e("xstate.error.actor.unlink")],
      expected: { card: "confirmingUnlink" },
      ends: (snapshot) => expect(snapshot.context.failure).toEqual({ kind: "unlink", code: 50301 }),
    },
    {
      name: "Remove asks first and sends nothing yet",
      input: 1,
      events: [load[2], e("remove.ask")],
      expected: { card: "confirmingRemove" },
      ends: (snapshot) => expect(snapshot.children.remove).toBeUndefined(),
    },
    {
      name: "keeping the card after the remove question goes back to the card",
      input: 1,
      events: [load[2], e("remove.ask"), e("remove.cancel")],
      expected: { card: "viewing" },
    },
    {
      name: "more activity that could not be read keeps the rows shown and says so",
      input: 1,
      events: [load[2], e("activity.more"), e("xstate.error.actor.loadActivity")],
      expected: { card: "viewing" },
      ends: (snapshot) => {
        expect(snapshot.context.activity).toEqual(activityOne.activity);
        expect(snapshot.context.failure).toEqual({ kind: "more", code: 50301 });
      },
    },
    {
      name: "a card gone when read again (unlinked elsewhere) is not found",
      input: 1,
      events: [load[2], e("card.changed"), loadFailed[1]],
      expected: "notFound",
      ends: (snapshot) => expect(snapshot.context.card).toBeNull(),
    },
    {
      name: "a lost connection when read again stops at the failure",
      input: 1,
      events: [load[2], e("card.changed"), loadFailed[0]],
      expected: "failed",
    },
    {
      name: "a rider without cards sees the empty list",
      events: [load[1]],
      expected: "listing",
      ends: (snapshot) => expect(snapshot.context.cards).toEqual([]),
    },
  ],
});
