import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { unprovided } from "./unprovided.ts";

export interface RequestContext {
  error: number | null;
}

export type RequestEvent = { type: "request.send" };

/*
 * A one-shot request a rider can ask for again, such as "resend the verification email". `sending`
 * ignores further clicks, so one click is one request; `sent` and `failed` both allow another try
 * (a failure keeps its error code for the message).
 */
export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
  },
  actors: { send: fromPromise<void>(unprovided("send")) },
  actions: {
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "request",
  context: { error: null },
  initial: "idle",
  states: {
    idle: { on: { "request.send": "sending" } },
    sending: {
      tags: ["busy"],
      invoke: {
        id: "send",
        src: "send",
        onDone: { target: "sent", actions: "clearError" },
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    sent: { on: { "request.send": "sending" } },
    failed: { on: { "request.send": "sending" } },
  },
});
