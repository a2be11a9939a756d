import { assign, fromPromise, setup } from "xstate";
import { cardLookupRefusal, ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import { type ActivityPage, type ActivityRow, normaliseCardNumber } from "../domain/transit/cards.ts";
import type { GuestCard } from "../domain/transit/guest-card.ts";
import type { GuestCardNotice } from "./cardLookup.ts";
import { languageChangesStandIn } from "./languageChanges.ts";
import { unprovided } from "./unprovided.ts";

export type { GuestCardNotice } from "./cardLookup.ts";

export interface GuestCardInput {
  /** A card token kept from an earlier visit: the card opens without the form. */
  holdsToken: boolean;
  activityPageSize: number;
}

export interface GuestCardDraft {
  cardNumber: string;
  securityCode: string;
}

export type GuestCardProblems = Partial<Record<keyof GuestCardDraft, "required" | "invalid">>;

export interface GuestCardContext extends GuestCardDraft {
  activityPageSize: number;
  /** Opened with a kept card token: the card is read first. */
  resumes: boolean;
  problems: GuestCardProblems;
  card: GuestCard | null;
  activity: ActivityRow[];
  activityNext: string | null;
  notice: GuestCardNotice | null;
  /** A card or activity read that failed for another reason than an expired token. */
  error: number | null;
}

export type GuestCardEvent =
  | { type: "form.change"; values: Partial<GuestCardDraft> }
  | { type: "form.submit" }
  | { type: "card.retry" }
  | { type: "card.refresh" }
  | { type: "activity.more" }
  | { type: "card.done" };

/** The form's problems: a card number of 16 digits (spaces allowed) and a security code. */
export function guestCardProblems(draft: GuestCardDraft): GuestCardProblems {
  const problems: GuestCardProblems = {};
  if (draft.cardNumber.trim() === "") problems.cardNumber = "required";
  else if (normaliseCardNumber(draft.cardNumber) === null) problems.cardNumber = "invalid";
  if (draft.securityCode.trim() === "") problems.securityCode = "required";
  return problems;
}

const isExpired = (error: unknown): boolean => {
  const code = errorCodeOf(error);
  return code === ErrorCode.unauthorized || code === ErrorCode.tokenInvalid;
};

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;
const cleared = { card: null, activity: [], activityNext: null, error: null };

/*
 * /manage-card: a guest (or a rider) opens a card by its number and security code and gets a card
 * token (kept by the service). `form` checks the pair before sending it; a wrong pair, whether the
 * number exists or not, is one message (`noMatch`); too many attempts say how long to wait. `card`
 * shows the card with its activity in keyset pages ("Show more"); `card.refresh` reads it again (after
 * adding value) while the card stays shown. "Done" (`card.done`) kills the token and goes back to the form. Whenever the server no
 * longer knows the token (401), the card is put away and the form says the session expired.
 */
export const guestCardMachine = setup({
  types: {
    context: {} as GuestCardContext,
    events: {} as GuestCardEvent,
    input: {} as GuestCardInput,
    children: {} as {
      openCard: "openCard";
      loadCard: "loadCard";
      loadActivity: "loadActivity";
      finish: "finish";
      languageChanges: "languageChanges";
    },
  },
  actors: {
    /** Sends `card.refresh` at each language switch while the machine runs (src/app/live/language-changes.ts). */
    languageChanges: languageChangesStandIn(),
    openCard: fromPromise<GuestCard, { cardNumber: string; securityCode: string }>(unprovided("openCard")),
    loadCard: fromPromise<GuestCard>(unprovided("loadCard")),
    loadActivity: fromPromise<ActivityPage, { limit: number; after: string | null }>(
      unprovided("loadActivity"),
    ),
    finish: fromPromise<void>(unprovided("finish")),
  },
  actions: {
    change: assign(({ context }, values: Partial<GuestCardDraft>) => {
      const problems = { ...context.problems };
      for (const key of Object.keys(values) as Array<keyof GuestCardDraft>) delete problems[key];
      return { ...values, problems };
    }),
    check: assign(({ context }) => ({ problems: guestCardProblems(context) })),
    assignCard: assign((_, card: GuestCard) => ({
      card,
      cardNumber: "",
      securityCode: "",
      problems: {},
      notice: null,
      error: null,
    })),
    refuse: assign((_, error: unknown) => ({ notice: cardLookupRefusal(error), securityCode: "" })),
    expire: assign({ ...cleared, notice: { kind: "expired" } as GuestCardNotice }),
    sayGoodbye: assign({ ...cleared, notice: { kind: "done" } as GuestCardNotice }),
    resetActivity: assign({ activity: [], activityNext: null }),
    appendActivity: assign(({ context }, page: ActivityPage) => ({
      activity: [
        ...context.activity,
        ...page.activity.filter((row) => !context.activity.some((known) => known.id === row.id)),
      ],
      activityNext: page.next,
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    resumes: ({ context }) => context.resumes,
    hasError: ({ context }) => context.error !== null,
    formRefused: ({ context }) => Object.keys(guestCardProblems(context)).length > 0,
    isExpired: (_, error: unknown) => isExpired(error),
    hasMoreActivity: ({ context }) => context.activityNext !== null,
  },
}).createMachine({
  id: "guestCard",
  context: ({ input }) => ({
    activityPageSize: input.activityPageSize,
    resumes: input.holdsToken,
    cardNumber: "",
    securityCode: "",
    problems: {},
    card: null,
    activity: [],
    activityNext: null,
    notice: null,
    error: null,
  }),
  initial: "starting",
  // The server's names come again in a new language.
  invoke: { id: "languageChanges", src: "languageChanges", input: ({ self }) => ({ machine: self }) },
  states: {
    starting: {
      always: [{ guard: "resumes", target: "loadingCard" }, { target: "form" }],
    },
    form: {
      on: {
        "form.change": { actions: { type: "change", params: ({ event }) => event.values } },
        "form.submit": [{ guard: "formRefused", actions: "check" }, { target: "opening" }],
      },
    },
    opening: {
      tags: ["busy"],
      invoke: {
        id: "openCard",
        src: "openCard",
        input: ({ context }) => ({
          cardNumber: normaliseCardNumber(context.cardNumber) ?? "",
          securityCode: context.securityCode.trim(),
        }),
        onDone: { target: "card", actions: { type: "assignCard", params: ({ event }) => event.output } },
        onError: { target: "form", actions: { type: "refuse", params: errorOf } },
      },
    },
    loadingCard: {
      tags: ["busy"],
      invoke: {
        id: "loadCard",
        src: "loadCard",
        onDone: { target: "card", actions: { type: "assignCard", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "isExpired", params: errorOf }, target: "form", actions: "expire" },
          { target: "cardFailed", actions: { type: "assignError", params: errorOf } },
        ],
      },
    },
    card: {
      on: {
        "card.done": { target: "leaving" },
        // Read again in place: the card stays on screen, and with it what the page says about the
        // value just added (its confirmation, order number and receipt link; issue 34).
        "card.refresh": { target: ".refreshing" },
      },
      initial: "loadingActivity",
      entry: "resetActivity",
      states: {
        refreshing: {
          tags: ["busy"],
          invoke: {
            id: "loadCard",
            src: "loadCard",
            onDone: {
              target: "loadingActivity",
              actions: [{ type: "assignCard", params: ({ event }) => event.output }, "resetActivity"],
            },
            onError: [
              { guard: { type: "isExpired", params: errorOf }, target: "#guestCard.form", actions: "expire" },
              { target: "#guestCard.cardFailed", actions: { type: "assignError", params: errorOf } },
            ],
          },
        },
        loadingActivity: {
          tags: ["busy"],
          invoke: {
            id: "loadActivity",
            src: "loadActivity",
            input: ({ context }) => ({ limit: context.activityPageSize, after: context.activityNext }),
            onDone: {
              target: "activity",
              actions: { type: "appendActivity", params: ({ event }) => event.output },
            },
            onError: [
              { guard: { type: "isExpired", params: errorOf }, target: "#guestCard.form", actions: "expire" },
              { target: "activity", actions: { type: "assignError", params: errorOf } },
            ],
          },
        },
        activity: {
          on: {
            "activity.more": { guard: "hasMoreActivity", target: "loadingActivity", actions: "clearError" },
            "card.retry": { guard: "hasError", target: "loadingActivity", actions: "clearError" },
          },
        },
      },
    },
    cardFailed: {
      on: {
        "card.retry": { target: "loadingCard", actions: "clearError" },
        "card.done": { target: "leaving", actions: "clearError" },
      },
    },
    leaving: {
      tags: ["busy"],
      invoke: {
        id: "finish",
        src: "finish",
        // The token is forgotten here whatever the server said.
        onDone: { target: "form", actions: "sayGoodbye" },
        onError: { target: "form", actions: "sayGoodbye" },
      },
    },
  },
});
