import { expect } from "vitest";
import { notificationsMachine } from "../../../src/machines/notifications.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

const events = {
  "notify.success": [{ type: "notify.success", code: "connectionRestored" }],
  "notify.error": [{ type: "notify.error", code: "languageChangeFailed" }],
  "notification.dismiss": [
    { type: "notification.dismiss", id: 1 },
    { type: "notification.dismiss", id: 2 },
  ],
  "notification.expired": [
    { type: "notification.expired", id: 1 },
    { type: "notification.expired", id: 2 },
  ],
} satisfies EventSamples<typeof notificationsMachine>;

export const notificationsModel = defineModel({
  name: "notifications",
  machine: notificationsMachine,
  deferred: [],
  events,
  serialize: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.notices]),
  // Two notices at once are enough to show that one leaving never takes the other with it.
  filterEvents: (snapshot, event) => !event.type.startsWith("notify.") || snapshot.context.nextId <= 2,
  invariants: [
    {
      name: "idle exactly when nothing is shown",
      holds: (s) => s.matches("idle") === (s.context.notices.length === 0),
    },
    {
      name: "notice ids are unique and below the next id",
      holds: (s) =>
        new Set(s.context.notices.map((notice: { id: number }) => notice.id)).size ===
          s.context.notices.length &&
        s.context.notices.every((notice: { id: number }) => notice.id < s.context.nextId),
    },
  ],
  states: {
    idle: (snapshot) => expect(snapshot.context.notices).toEqual([]),
    showing: (snapshot) => {
      expect(snapshot.context.notices.length).toBeGreaterThan(0);
      const ids = snapshot.context.notices.map((notice: { id: number }) => notice.id);
      expect(new Set(ids).size).toBe(ids.length);
    },
  },
  journeys: [
    {
      name: "dismissing the first of two notices keeps the second",
      events: [events["notify.success"][0], events["notify.error"][0], events["notification.dismiss"][0]],
      expected: "showing",
    },
    {
      name: "the last notice expiring empties the region",
      events: [events["notify.error"][0], events["notification.expired"][0]],
      expected: "idle",
    },
    {
      name: "an expiry for a notice already dismissed changes nothing",
      events: [
        events["notify.success"][0],
        events["notification.dismiss"][0],
        events["notification.expired"][0],
      ],
      expected: "idle",
    },
  ],
});
