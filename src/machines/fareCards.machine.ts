import { assign, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import type { FareMedium } from "../domain/fare-media.ts";
import { containsCardNumber } from "../domain/payments/free-text.ts";
import type { FareCardsLoad } from "../domain/transit/cards.ts";
import {
  type ActivityPage,
  type ActivityRow,
  cardNicknameMaxLength,
  type FareCardDetail,
} from "../domain/transit/cards.ts";
import { cardLinkMachine } from "./cardLink.machine.ts";
import { languageChangesStandIn } from "./languageChanges.ts";
import { unprovided } from "./unprovided.ts";

export interface FareCardsInput {
  /** The route's `:cardId`, null on /faremedia. */
  cardId: string | null;
  /** Activity rows per page. */
  pageSize: number;
}

export type NicknameProblem = "required" | "invalid" | "tooLong";

/** What failed on the card's page (loading the card itself is `error`). */
export interface CardFailure {
  kind: "more" | "rename" | "unlink" | "remove";
  code: number;
}

/** The success toasts this screen asks for (src/domain/notices.ts codes). */
export type FareCardsNotice = "cardRenamed" | "cardUnlinked" | "cardRemoved";

export interface FareCardsContext {
  cardId: string | null;
  pageSize: number;
  cards: FareMedium[];
  card: FareCardDetail | null;
  activity: ActivityRow[];
  /** The cursor of the next (older) activity page; null on the last. */
  next: string | null;
  /** Why the screen could not be read (failed). */
  error: number | null;
  failure: CardFailure | null;
  nickname: string;
  nicknameProblem: NicknameProblem | null;
}

export type FareCardsEvent =
  | { type: "route.changed"; cardId: string | null }
  | { type: "cards.retry" }
  | { type: "activity.more" }
  | { type: "nickname.edit" }
  | { type: "nickname.change"; value: string }
  | { type: "nickname.submit" }
  | { type: "nickname.cancel" }
  | { type: "unlink.ask" }
  | { type: "unlink.confirm" }
  | { type: "unlink.cancel" }
  | { type: "remove.ask" }
  | { type: "remove.confirm" }
  | { type: "remove.cancel" }
  /** Something else changed the card (block, auto-renew, money actions): read it again. */
  | { type: "card.changed" }
  /** A card was linked: open its page. */
  | { type: "card.linked"; id: string }
  /**
   * The rider switched language: a card being viewed is read again, for the server's names (fare
   * caps, routes, passes) in it. A card whose nickname is being typed, or a question being asked, is
   * left as it is.
   */
  | { type: "card.relabel" };

export interface LoadInput {
  id: string | null;
  limit: number;
}

/** A nickname as typed, checked: required, at most cardNicknameMaxLength characters. */
export function nicknameProblem(value: string): NicknameProblem | null {
  const text = value.trim();
  if (text === "") return "required";
  // Never a card number (the server refuses it too): src/domain/payments/free-text.ts.
  if (containsCardNumber(text)) return "invalid";
  return [...text].length > cardNicknameMaxLength ? "tooLong" : null;
}

const failureOf = (kind: CardFailure["kind"], error: unknown): CardFailure => ({
  kind,
  code: errorCodeOf(error),
});
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const loadedOf = ({ event }: { event: { output: FareCardsLoad } }) => event.output;

/*
 * The fare cards screen (/faremedia/:cardId?, spec sections 3 "Fare medium", 4 "Fare card", 5, 8). The
 * route is the truth: every change of it arrives as `route.changed` and `loading` reads the rider's
 * cards and, when the route names one, that card and its newest activity together. A card that is not
 * the rider's (or an answer about another card) is `notFound`. On the card's page one thing happens at
 * a time: more activity (keyset pages), the nickname form, the unlink or remove question and its
 * request; after every change the card is read again (`refreshing`), so nothing is guessed locally.
 * Unlinking or removing ends on the list. Block, auto-renew and money actions are their own machines:
 * they tell this one `card.changed`.
 */
export const fareCardsMachine = setup({
  types: {
    input: {} as FareCardsInput,
    context: {} as FareCardsContext,
    events: {} as FareCardsEvent,
    children: {} as {
      load: "load";
      loadActivity: "loadActivity";
      rename: "rename";
      unlink: "unlink";
      remove: "remove";
      cardLink: "cardLink";
      languageChanges: "languageChanges";
    },
  },
  actors: {
    /** Sends `card.relabel` at each language switch while the machine runs (src/app/live/language-changes.ts). */
    languageChanges: languageChangesStandIn(),
    load: fromPromise<FareCardsLoad, LoadInput>(unprovided("load")),
    loadActivity: fromPromise<ActivityPage, { id: string; limit: number; after: string }>(
      unprovided("loadActivity"),
    ),
    rename: fromPromise<FareCardDetail, { id: string; nickname: string }>(unprovided("rename")),
    unlink: fromPromise<void, { id: string }>(unprovided("unlink")),
    remove: fromPromise<void, { id: string }>(unprovided("remove")),
    /** "Link a card": its dialog's machine, always at hand; a linked card is opened (card.linked). */
    cardLink: cardLinkMachine,
  },
  actions: {
    /** Goes to /faremedia/:id (a linked card). */
    openCard: (_, _id: string) => unprovided("openCard")(),
    /** Goes to /faremedia (after unlinking or removing). */
    showList: unprovided("showList"),
    notify: (_, _code: FareCardsNotice) => unprovided("notify")(),
    assignRoute: assign((_, cardId: string | null) => ({ cardId })),
    clearShown: assign({
      card: null,
      activity: [],
      next: null,
      error: null,
      failure: null,
      nickname: "",
      nicknameProblem: null,
    }),
    assignLoaded: assign((_, loaded: FareCardsLoad) => ({
      cards: loaded.cards,
      card: loaded.card,
      activity: loaded.activity?.activity ?? [],
      next: loaded.activity?.next ?? null,
      error: null,
    })),
    assignCards: assign((_, loaded: FareCardsLoad) => ({ cards: loaded.cards, card: null })),
    appendActivity: assign(({ context }, page: ActivityPage) => ({
      activity: [...context.activity, ...page.activity],
      next: page.next,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error), cards: [] })),
    assignFailure: assign((_, failure: CardFailure) => ({ failure })),
    clearFailure: assign({ failure: null }),
    openNickname: assign(({ context }) => ({
      nickname: context.card?.nickname ?? "",
      nicknameProblem: null,
      failure: null,
    })),
    changeNickname: assign((_, value: string) => ({ nickname: value, nicknameProblem: null })),
    checkNickname: assign(({ context }) => ({ nicknameProblem: nicknameProblem(context.nickname) })),
    closeNickname: assign({ nickname: "", nicknameProblem: null }),
    forgetCard: assign({ cardId: null, card: null, activity: [], next: null }),
  },
  guards: {
    /** The answer is what the route asks for: the list alone, or the route's card. */
    isList: ({ context }, loaded: FareCardsLoad) => context.cardId === null && loaded.card === null,
    isRoutedCard: ({ context }, loaded: FareCardsLoad) =>
      context.cardId !== null && loaded.card?.faremedia_id === context.cardId,
    isNotFound: (_, error: unknown) => errorCodeOf(error) === ErrorCode.notFound,
    isOtherRoute: ({ context }, cardId: string | null) => cardId !== context.cardId,
    hasMore: ({ context }) => context.next !== null,
    nicknameInvalid: ({ context }) => nicknameProblem(context.nickname) !== null,
    canUnlink: ({ context }) => context.card?.can.unlink === true,
    canRemove: ({ context }) => context.card?.can.remove === true,
  },
}).createMachine({
  id: "fareCards",
  context: ({ input }) => ({
    cardId: input.cardId,
    pageSize: input.pageSize,
    cards: [],
    card: null,
    activity: [],
    next: null,
    error: null,
    failure: null,
    nickname: "",
    nicknameProblem: null,
  }),
  initial: "loading",
  invoke: [
    { id: "cardLink", src: "cardLink" },
    // The server's names (a card's activity, its products) come again in a new language.
    { id: "languageChanges", src: "languageChanges", input: ({ self }) => ({ machine: self }) },
  ],
  on: {
    "route.changed": {
      guard: { type: "isOtherRoute", params: ({ event }) => event.cardId },
      target: ".loading",
      actions: [{ type: "assignRoute", params: ({ event }) => event.cardId }, "clearShown"],
    },
    "card.linked": { actions: { type: "openCard", params: ({ event }) => event.id } },
  },
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ id: context.cardId, limit: context.pageSize }),
        onDone: [
          {
            guard: { type: "isList", params: loadedOf },
            target: "listing",
            actions: { type: "assignCards", params: loadedOf },
          },
          {
            guard: { type: "isRoutedCard", params: loadedOf },
            target: "card",
            actions: { type: "assignLoaded", params: loadedOf },
          },
          { target: "notFound", actions: { type: "assignCards", params: loadedOf } },
        ],
        onError: [
          { guard: { type: "isNotFound", params: errorOf }, target: "notFound" },
          { target: "failed", actions: { type: "assignError", params: errorOf } },
        ],
      },
    },
    listing: {},
    notFound: {},
    failed: {
      on: { "cards.retry": { target: "loading", actions: "clearShown" } },
    },
    card: {
      initial: "viewing",
      on: {
        "card.changed": { target: ".refreshing", actions: ["closeNickname", "clearFailure"] },
      },
      states: {
        viewing: {
          on: {
            "card.relabel": { target: "refreshing" },
            "activity.more": { guard: "hasMore", target: "loadingMore", actions: "clearFailure" },
            "nickname.edit": { target: "editingNickname", actions: "openNickname" },
            "unlink.ask": { guard: "canUnlink", target: "confirmingUnlink", actions: "clearFailure" },
            "remove.ask": { guard: "canRemove", target: "confirmingRemove", actions: "clearFailure" },
          },
        },
        loadingMore: {
          tags: ["busy"],
          invoke: {
            id: "loadActivity",
            src: "loadActivity",
            input: ({ context }) => ({
              id: context.cardId ?? "",
              limit: context.pageSize,
              after: context.next ?? "",
            }),
            onDone: {
              target: "viewing",
              actions: { type: "appendActivity", params: ({ event }) => event.output },
            },
            onError: {
              target: "viewing",
              actions: { type: "assignFailure", params: ({ event }) => failureOf("more", event.error) },
            },
          },
        },
        editingNickname: {
          on: {
            "nickname.change": {
              actions: { type: "changeNickname", params: ({ event }) => event.value },
            },
            "nickname.submit": [
              { guard: "nicknameInvalid", actions: ["checkNickname", "clearFailure"] },
              { target: "savingNickname", actions: "clearFailure" },
            ],
            "nickname.cancel": { target: "viewing", actions: ["closeNickname", "clearFailure"] },
          },
        },
        savingNickname: {
          tags: ["busy"],
          invoke: {
            id: "rename",
            src: "rename",
            input: ({ context }) => ({ id: context.cardId ?? "", nickname: context.nickname.trim() }),
            onDone: {
              target: "refreshing",
              actions: ["closeNickname", { type: "notify", params: "cardRenamed" }],
            },
            onError: {
              target: "editingNickname",
              actions: { type: "assignFailure", params: ({ event }) => failureOf("rename", event.error) },
            },
          },
        },
        confirmingUnlink: {
          on: {
            "unlink.confirm": { target: "unlinking", actions: "clearFailure" },
            "unlink.cancel": { target: "viewing", actions: "clearFailure" },
          },
        },
        unlinking: {
          tags: ["busy"],
          invoke: {
            id: "unlink",
            src: "unlink",
            input: ({ context }) => ({ id: context.cardId ?? "" }),
            onDone: {
              target: "#fareCards.loading",
              actions: ["forgetCard", "showList", { type: "notify", params: "cardUnlinked" }],
            },
            onError: {
              target: "confirmingUnlink",
              actions: { type: "assignFailure", params: ({ event }) => failureOf("unlink", event.error) },
            },
          },
        },
        confirmingRemove: {
          on: {
            "remove.confirm": { target: "removing", actions: "clearFailure" },
            "remove.cancel": { target: "viewing", actions: "clearFailure" },
          },
        },
        removing: {
          tags: ["busy"],
          invoke: {
            id: "remove",
            src: "remove",
            input: ({ context }) => ({ id: context.cardId ?? "" }),
            onDone: {
              target: "#fareCards.loading",
              actions: ["forgetCard", "showList", { type: "notify", params: "cardRemoved" }],
            },
            onError: {
              target: "confirmingRemove",
              actions: { type: "assignFailure", params: ({ event }) => failureOf("remove", event.error) },
            },
          },
        },
        refreshing: {
          tags: ["busy"],
          invoke: {
            id: "load",
            src: "load",
            input: ({ context }) => ({ id: context.cardId, limit: context.pageSize }),
            onDone: [
              {
                guard: { type: "isRoutedCard", params: loadedOf },
                target: "viewing",
                actions: { type: "assignLoaded", params: loadedOf },
              },
              {
                target: "#fareCards.notFound",
                actions: ["clearShown", { type: "assignCards", params: loadedOf }],
              },
            ],
            onError: [
              {
                guard: { type: "isNotFound", params: errorOf },
                target: "#fareCards.notFound",
                actions: "clearShown",
              },
              {
                target: "#fareCards.failed",
                actions: ["clearShown", { type: "assignError", params: errorOf }],
              },
            ],
          },
        },
      },
    },
  },
});

type Snapshot = { context: FareCardsContext };

/** Whether the rider may ask for older activity. */
export const selectHasMore = (snapshot: Snapshot): boolean => snapshot.context.next !== null;
