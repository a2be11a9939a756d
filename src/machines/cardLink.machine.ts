import { assign, fromPromise, sendParent, setup } from "xstate";
import { ErrorCode, errorCodeOf, retryAfterOf } from "../domain/envelope.ts";
import { containsCardNumber } from "../domain/payments/free-text.ts";
import {
  cardNicknameMaxLength,
  type FareCardDetail,
  type LinkCardRequest,
  normaliseCardNumber,
} from "../domain/transit/cards.ts";
import { unprovided } from "./unprovided.ts";

export interface LinkDraft {
  number: string;
  code: string;
  nickname: string;
}

/** `required` "<label> can not be empty.", `invalid` "<label> is not valid.", `tooLong`. */
type LinkProblem = "required" | "invalid" | "tooLong";
export type LinkProblems = Partial<Record<keyof LinkDraft, LinkProblem>>;

/** The server's refusal: its code, and for a throttled attempt the minutes to wait. */
export interface LinkFailure {
  code: number;
  retryMinutes: number | null;
}

export interface CardLinkContext {
  draft: LinkDraft;
  problems: LinkProblems;
  failure: LinkFailure | null;
}

export type CardLinkEvent =
  | { type: "link.open" }
  | { type: "link.change"; values: Partial<LinkDraft> }
  | { type: "link.submit" }
  | { type: "link.cancel" };

export const emptyLinkDraft: LinkDraft = { number: "", code: "", nickname: "" };

/** A security code: 3 to 8 digits. */
const securityCodePattern = /^\d{3,8}$/;

export function linkProblems(draft: LinkDraft): LinkProblems {
  const problems: LinkProblems = {};
  if (draft.number.trim() === "") problems.number = "required";
  else if (normaliseCardNumber(draft.number) === null) problems.number = "invalid";
  if (draft.code.trim() === "") problems.code = "required";
  else if (!securityCodePattern.test(draft.code.trim())) problems.code = "invalid";
  // Never a card number in the nickname (the server refuses it too): src/domain/payments/free-text.ts.
  if (containsCardNumber(draft.nickname)) problems.nickname = "invalid";
  else if ([...draft.nickname.trim()].length > cardNicknameMaxLength) problems.nickname = "tooLong";
  return problems;
}

export function linkRequest(draft: LinkDraft): LinkCardRequest {
  const nickname = draft.nickname.trim();
  return {
    card_number: normaliseCardNumber(draft.number) ?? draft.number.trim(),
    security_code: draft.code.trim(),
    nickname: nickname === "" ? null : nickname,
  };
}

/** Digits and spaces only, at most 16 digits (19 characters with the spaces a printed card has). */
function cleanNumber(typed: string): string {
  return typed.replace(/[^\d ]/g, "").slice(0, 19);
}

function failureOf(error: unknown): LinkFailure {
  const code = errorCodeOf(error);
  const retryAfter = retryAfterOf(error);
  return {
    code,
    retryMinutes: code === ErrorCode.rateLimited ? Math.max(1, Math.ceil((retryAfter ?? 60) / 60)) : null,
  };
}

/*
 * "Link a card" (spec sections 4 "Fare card" and 8): the card's printed number (16 digits, spaces
 * allowed) and security code, and an optional nickname. `closed` until the rider opens the dialog;
 * `editing` checks the form before anything is sent; `linking` asks the server, whose refusals
 * (no match, several matches, already linked, blocked, throttled) come back to the form with what
 * was typed except the security code. A linked card tells its parent (the fare cards machine: card.linked) and closes.
 */
export const cardLinkMachine = setup({
  types: {
    context: {} as CardLinkContext,
    events: {} as CardLinkEvent,
    children: {} as { link: "link" },
  },
  actors: {
    link: fromPromise<FareCardDetail, LinkCardRequest>(unprovided("link")),
  },
  actions: {
    notify: (_, _code: "cardLinked") => unprovided("notify")(),
    open: assign({ draft: emptyLinkDraft, problems: {}, failure: null }),
    change: assign(({ context }, values: Partial<LinkDraft>) => {
      const next = { ...values };
      if (values.number !== undefined) next.number = cleanNumber(values.number);
      if (values.code !== undefined) next.code = values.code.replace(/\D/g, "").slice(0, 8);
      const problems = Object.fromEntries(
        Object.entries(context.problems).filter(([key]) => !(key in values)),
      ) as LinkProblems;
      // A new number or code is a new attempt: the last refusal no longer speaks about it.
      const failure = "number" in values || "code" in values ? null : context.failure;
      return { draft: { ...context.draft, ...next }, problems, failure };
    }),
    check: assign(({ context }) => ({ problems: linkProblems(context.draft) })),
    refused: assign(({ context }, error: unknown) => ({
      failure: failureOf(error),
      draft: { ...context.draft, code: "" },
    })),
    clear: assign({ draft: emptyLinkDraft, problems: {}, failure: null }),
    clearFailure: assign({ failure: null }),
    /** Tells the fare cards machine, which runs this one, to open the linked card. */
    announce: sendParent((_, id: string) => ({ type: "card.linked", id })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(linkProblems(context.draft)).length > 0,
  },
}).createMachine({
  id: "cardLink",
  context: { draft: emptyLinkDraft, problems: {}, failure: null },
  initial: "closed",
  states: {
    closed: {
      on: { "link.open": { target: "editing", actions: "open" } },
    },
    editing: {
      on: {
        "link.change": { actions: { type: "change", params: ({ event }) => event.values } },
        "link.submit": [
          { guard: "hasProblems", actions: ["check", "clearFailure"] },
          { target: "linking", actions: ["check", "clearFailure"] },
        ],
        "link.cancel": { target: "closed", actions: "clear" },
      },
    },
    linking: {
      tags: ["busy"],
      invoke: {
        id: "link",
        src: "link",
        input: ({ context }) => linkRequest(context.draft),
        onDone: {
          target: "closed",
          actions: [
            "clear",
            { type: "notify", params: "cardLinked" },
            { type: "announce", params: ({ event }) => event.output.faremedia_id },
          ],
        },
        onError: {
          target: "editing",
          actions: { type: "refused", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});
