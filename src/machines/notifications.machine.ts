import { assign, raise, setup } from "xstate";
import { type Notice, type NoticeCode, noticeLifetimeMs } from "../domain/notices.ts";

export type NotificationsEvent =
  | { type: "notify.success"; code: NoticeCode }
  | { type: "notify.error"; code: NoticeCode }
  | { type: "notification.dismiss"; id: number }
  | { type: "notification.expired"; id: number };

export interface NotificationsContext {
  notices: Notice[];
  nextId: number;
}

/*
 * `idle` and `showing` exist so views can mount the live region only while something is on screen.
 * Each notice schedules its own expiry event carrying its id, so dismissing one notice early can never
 * expire a different one, and the late expiry of an already dismissed notice finds nothing to remove.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    addNotice: assign(({ context, event }) => {
      if (event.type !== "notify.success" && event.type !== "notify.error") return {};
      const kind = event.type === "notify.success" ? "success" : "error";
      return {
        notices: [...context.notices, { id: context.nextId, kind, code: event.code } satisfies Notice],
        nextId: context.nextId + 1,
      };
    }),
    scheduleExpiry: raise(
      ({ context }) => ({ type: "notification.expired" as const, id: context.nextId - 1 }),
      {
        delay: ({ context }) => noticeLifetimeMs[context.notices.at(-1)?.kind ?? "success"],
      },
    ),
    removeNotice: assign({
      notices: ({ context, event }) =>
        event.type === "notification.dismiss" || event.type === "notification.expired"
          ? context.notices.filter((notice) => notice.id !== event.id)
          : context.notices,
    }),
  },
  guards: {
    hasNoNotices: ({ context }) => context.notices.length === 0,
  },
}).createMachine({
  id: "notifications",
  context: { notices: [], nextId: 1 },
  initial: "idle",
  on: {
    "notify.success": { target: ".showing", actions: ["addNotice", "scheduleExpiry"] },
    "notify.error": { target: ".showing", actions: ["addNotice", "scheduleExpiry"] },
  },
  states: {
    idle: {},
    showing: {
      always: { guard: "hasNoNotices", target: "idle" },
      on: {
        "notification.dismiss": { actions: "removeNotice" },
        "notification.expired": { actions: "removeNotice" },
      },
    },
  },
});

export const selectNotices = (snapshot: { context: NotificationsContext }) => snapshot.context.notices;
