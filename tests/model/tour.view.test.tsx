import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { createActor } from "xstate";
import { TourButton } from "../../src/views/layout/TopBar.tsx";
import { TourDialog } from "../../src/views/layout/TourDialog.tsx";
import { tourModel } from "./specs/tour.ts";
import { describeViewModel } from "./view-harness.tsx";

/**
 * Clicks the first of these buttons a person can reach: inside the open dialog when there is one (it
 * is modal), on the page otherwise. None means the step is not possible on screen.
 */
async function clickAny(user: UserEvent, names: string[]) {
  const dialog = screen.queryByRole("dialog");
  const scope = dialog ? within(dialog) : screen;
  for (const name of names) {
    const button = scope.queryByRole("button", { name });
    if (button) return user.click(button);
  }
}

describeViewModel({
  model: tourModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return {
      element: (
        <>
          <TourButton tour={actor} />
          <TourDialog tour={actor} name="Metro Transit" />
        </>
      ),
      actor: () => actor,
    };
  },
  environment: [],
  gestures: {
    "tour.start": (user) => clickAny(user, ["Take the tour"]),
    "tour.next": (user) => clickAny(user, ["Next", "Done"]),
    "tour.back": (user) => clickAny(user, ["Back"]),
    "tour.dismiss": (user) => clickAny(user, ["No thanks", "Skip tour"]),
  },
  sees: {
    hidden: () => expect(screen.queryByRole("dialog")).not.toBeInTheDocument(),
    offering: () => {
      expect(screen.getByRole("dialog", { name: "Welcome to Metro Transit" })).toBeVisible();
      expect(screen.getByRole("button", { name: "No thanks" })).toBeVisible();
    },
    touring: () => {
      expect(screen.getByRole("dialog")).toBeVisible();
      expect(screen.getByText(/^Step [1-4] of 4$/)).toBeVisible();
      expect(screen.getByRole("button", { name: "Skip tour" })).toBeVisible();
    },
  },
});
