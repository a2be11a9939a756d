import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { createActor } from "xstate";
import { Notifications } from "../../src/views/layout/Notifications.tsx";
import { notificationsModel } from "./specs/notifications.ts";
import { describeViewModel } from "./view-harness.tsx";

let current: ReturnType<typeof createActor> | null = null;

describeViewModel({
  model: notificationsModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    current = actor;
    return { element: <Notifications notifications={actor} />, actor: () => actor };
  },
  environment: ["notify.success", "notify.error", "notification.expired"],
  gestures: {
    // Dismiss the notice with this id; a notice that is gone has no button to press.
    "notification.dismiss": async (user, event) => {
      if (!current) throw new Error("the notifications actor is not mounted");
      const notices = (current.getSnapshot().context as { notices: Array<{ id: number }> }).notices;
      const index = notices.findIndex((notice) => notice.id === (event as unknown as { id: number }).id);
      const button = screen.queryAllByRole("button", { name: "Dismiss" })[index];
      if (index >= 0 && button) await user.click(button);
    },
  },
  sees: {
    idle: () => {
      expect(screen.getByRole("region", { name: "Status messages" })).toBeEmptyDOMElement();
    },
    showing: () => {
      const shown = [...screen.queryAllByRole("status"), ...screen.queryAllByRole("alert")];
      expect(shown.length).toBeGreaterThan(0);
      expect(screen.getAllByRole("button", { name: "Dismiss" })).toHaveLength(shown.length);
    },
  },
});
