import { assign, emit, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import type { FareMedium } from "../domain/fare-media.ts";
import { parseAmount } from "../domain/payments/amounts.ts";
import type { TransferReply, TransferRequest } from "../domain/transit/cards.ts";
import { eventError, hasCode, isInterrupted } from "./moneyMoves.ts";
import { unprovided } from "./unprovided.ts";

export interface CardTransferInput {
  /** The card whose general funds move. */
  source: FareMedium;
  /** Every live card of the rider, the source among them. */
  cards: FareMedium[];
  /** The deployment's currency (amounts are typed in its major units). */
  currency: string;
}

/**
 * Why "Review transfer" or the server refused, worded by the view: `chooseCard` "Choose the card to
 * transfer to", `amountInvalid` "Amount is not valid.", `amountExceeded` "Transfer amount should not be
 * exceeded".
 */
export type TransferProblem = "chooseCard" | "amountInvalid" | "amountExceeded";

export interface CardTransferContext {
  source: FareMedium;
  currency: string;
  /** The rider's other cards that can receive value (ACTIVE). */
  targets: FareMedium[];
  /** How many other cards the rider has at all (a blocked one cannot receive). */
  others: number;
  to: string | null;
  /** As typed, in major units ("12.50"). */
  amount: string;
  problem: TransferProblem | null;
  /** The Idempotency-Key of this transfer: made on confirming, kept across a retry. */
  key: string | null;
  reply: TransferReply | null;
  /** Code of a failure that is not the rider's to fix ("Balance transfer is failed"). */
  failure: number | null;
}

export type CardTransferEvent =
  | { type: "transfer.target"; id: string }
  | { type: "transfer.amount"; value: string }
  | { type: "transfer.review" }
  | { type: "transfer.edit" }
  | { type: "transfer.confirm" }
  | { type: "transfer.retry" };

export interface TransferInput {
  body: TransferRequest;
  idempotencyKey: string;
}

const canReceive = (card: FareMedium) =>
  card.status === "ACTIVE" && !card.blocked && !card.invalid && !card.suspended;

/** The typed amount in minor units, or the problem with it. */
function transferAmount(context: CardTransferContext): number | TransferProblem {
  const amount = parseAmount(context.amount, context.currency);
  if (amount === null || amount < 1) return "amountInvalid";
  if (amount > context.source.balance.general_funds) return "amountExceeded";
  return amount;
}

function transferProblem(context: CardTransferContext): TransferProblem | null {
  if (context.to === null || !context.targets.some((card) => card.faremedia_id === context.to))
    return "chooseCard";
  const amount = transferAmount(context);
  return typeof amount === "number" ? null : amount;
}

/*
 * Moving a card's general funds to another of the rider's cards (spec section 5; commuter benefits never
 * move). A rider with one card ends in `onlyOne` ("Only one Fare Media card exists on the account").
 * `editing` chooses the card and the amount; `confirming` shows both before anything moves and holds the
 * Idempotency-Key, made there once and kept for `interrupted`'s retry (a lost connection, a request still
 * in flight), so a retried transfer never moves the money twice. A change of card or amount forgets the
 * key. Refusals the rider can fix go back to `editing` with their problem; anything else is `failed`
 * ("Balance transfer is failed"). `done` shows both cards' new balances.
 */
export const cardTransferMachine = setup({
  types: {
    input: {} as CardTransferInput,
    context: {} as CardTransferContext,
    events: {} as CardTransferEvent,
    emitted: {} as { type: "changed" },
    children: {} as { transfer: "transfer" },
  },
  actors: {
    transfer: fromPromise<TransferReply, TransferInput>(unprovided("transfer")),
  },
  actions: {
    /** A fresh Idempotency-Key unless one is kept (crypto.randomUUID() in the portal). */
    assignKey: unprovided("assignKey"),
    /** The card screen reads the card again and says "Balance transferred". */
    transferred: unprovided("transferred"),
    /** The balance moved: both cards are read again. */
    changed: emit({ type: "changed" as const }),
    chooseTarget: assign((_, id: string) => ({ to: id, problem: null, key: null, failure: null })),
    typeAmount: assign((_, value: string) => ({ amount: value, problem: null, key: null, failure: null })),
    checkTransfer: assign(({ context }) => ({ problem: transferProblem(context) })),
    assignReply: assign((_, reply: TransferReply) => ({ reply, failure: null })),
    refuse: assign((_, problem: TransferProblem) => ({ problem, key: null })),
    assignFailure: assign((_, code: number) => ({ failure: code, key: null })),
    forgetKey: assign({ key: null, failure: null }),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    onlyOneCard: ({ context }) => context.others === 0,
    reviewable: ({ context }) => transferProblem(context) === null,
    /** Only one of the rider's other ACTIVE cards receives. */
    canReceive: ({ context }, id: string) => context.targets.some((card) => card.faremedia_id === id),
    interrupted: (_, error: unknown) => isInterrupted(error),
    exceeded: (_, error: unknown) => hasCode(ErrorCode.transferAmountExceeded)(error),
    amountRefused: (_, error: unknown) => hasCode(ErrorCode.amountInvalid)(error),
    onlyOneRefused: (_, error: unknown) => hasCode(ErrorCode.onlyOneCard)(error),
  },
}).createMachine({
  id: "cardTransfer",
  context: ({ input }) => {
    const others = input.cards.filter((card) => card.faremedia_id !== input.source.faremedia_id);
    const targets = others.filter(canReceive);
    return {
      source: input.source,
      currency: input.currency,
      targets,
      others: others.length,
      to: targets.length === 1 ? (targets[0]?.faremedia_id ?? null) : null,
      amount: "",
      problem: null,
      key: null,
      reply: null,
      failure: null,
    };
  },
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "onlyOneCard", target: "onlyOne" }, { target: "editing" }],
    },
    onlyOne: {},
    editing: {
      on: {
        "transfer.target": {
          guard: { type: "canReceive", params: ({ event }) => event.id },
          actions: { type: "chooseTarget", params: ({ event }) => event.id },
        },
        "transfer.amount": { actions: { type: "typeAmount", params: ({ event }) => event.value } },
        "transfer.review": [
          { guard: "reviewable", target: "confirming", actions: "clearProblem" },
          { actions: "checkTransfer" },
        ],
      },
    },
    confirming: {
      entry: "assignKey",
      on: {
        "transfer.edit": { target: "editing", actions: "forgetKey" },
        "transfer.confirm": "transferring",
      },
    },
    transferring: {
      tags: ["busy"],
      invoke: {
        id: "transfer",
        src: "transfer",
        input: ({ context }) => ({
          body: {
            from: context.source.faremedia_id,
            to: context.to ?? "",
            amount: parseAmount(context.amount, context.currency) ?? 0,
          },
          idempotencyKey: context.key ?? "",
        }),
        onDone: {
          target: "done",
          actions: [{ type: "assignReply", params: ({ event }) => event.output }, "transferred", "changed"],
        },
        onError: [
          { guard: { type: "interrupted", params: eventError }, target: "interrupted" },
          {
            guard: { type: "exceeded", params: eventError },
            target: "editing",
            actions: { type: "refuse", params: "amountExceeded" },
          },
          {
            guard: { type: "amountRefused", params: eventError },
            target: "editing",
            actions: { type: "refuse", params: "amountInvalid" },
          },
          { guard: { type: "onlyOneRefused", params: eventError }, target: "onlyOne", actions: "forgetKey" },
          {
            target: "failed",
            actions: { type: "assignFailure", params: ({ event }) => errorCodeOf(event.error) },
          },
        ],
      },
    },
    interrupted: {
      on: {
        "transfer.retry": "transferring",
        "transfer.edit": { target: "editing", actions: "forgetKey" },
      },
    },
    failed: {
      on: { "transfer.edit": { target: "editing", actions: "forgetKey" } },
    },
    done: { type: "final" },
  },
});
