import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { selectTargetPass } from "../../src/machines/unattachedPasses.machine.ts";
import { UnattachedPassesView } from "../../src/views/passes/UnattachedPassesView.tsx";
import { adultCard, blockedCard, secondUnattached, unattachedPass, youthCard } from "../support/passes.ts";
import { unattachedPassesModel } from "./specs/unattachedPasses.ts";
import { describeViewModel } from "./view-harness.tsx";

const passName = (id: string) =>
  [unattachedPass, secondUnattached].find((pass) => pass.id === id)?.name ?? "";
const cardName = (id: string) =>
  [youthCard, adultCard, blockedCard].find((card) => card.faremedia_id === id)?.nickname ?? "";
const dialog = () => screen.getByRole("dialog");

describeViewModel({
  model: unattachedPassesModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    return { element: <UnattachedPassesView unattached={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadUnattached",
    "xstate.error.actor.loadUnattached",
    "xstate.done.actor.attachPass",
    "xstate.error.actor.attachPass",
  ],
  gestures: {
    "passes.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "attach.open": async (user, event: AnyEventObject) => {
      const button = screen.queryByRole("button", { name: `Attach to a fare card: ${passName(event.id)}` });
      if (button) await user.click(button);
    },
    // A blocked card is not offered: nothing to choose.
    "card.choose": async (user, event: AnyEventObject) => {
      const radio = within(dialog()).queryByRole("radio", { name: new RegExp(cardName(event.id)) });
      if (radio) await user.click(radio);
    },
    "attach.confirm": async (user) =>
      user.click(within(dialog()).getByRole("button", { name: "Attach pass" })),
    "attach.cancel": async (user) => user.click(within(dialog()).getByRole("button", { name: "Cancel" })),
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your unattached passes…"),
    shown: (snapshot) => {
      const items = screen.getAllByTestId("unattached-pass");
      expect(items.map((item) => item.querySelector("h3")?.textContent)).toEqual(
        snapshot.context.passes.map((pass) => pass.name),
      );
    },
    "shown.listing": () => expect(screen.queryByRole("dialog")).toBeNull(),
    "shown.choosing": (snapshot) => {
      const box = within(screen.getByRole("dialog", { name: `Attach ${selectTargetPass(snapshot)?.name}` }));
      const radios = box.getAllByRole("radio");
      expect(radios).toHaveLength(snapshot.context.cards.length);
      const chosen = snapshot.context.card;
      for (const radio of radios)
        expect((radio as HTMLInputElement).checked).toBe(radio.getAttribute("value") === chosen);
      const submit = box.getByRole("button", { name: "Attach pass" });
      if (chosen === null) expect(submit).toBeDisabled();
      else expect(submit).toBeEnabled();
      const failure = snapshot.context.failure;
      if (failure?.code === 42218)
        expect(box.getByRole("alert")).toHaveTextContent(
          "The selected passes are not eligible for this fare media.",
        );
      else if (failure?.code === 42202)
        expect(box.getByRole("alert")).toHaveTextContent("This fare card cannot take passes now.");
      else if (failure) expect(box.getByRole("alert")).toHaveTextContent("The pass could not be attached.");
      else expect(box.queryByRole("alert")).toBeNull();
    },
    "shown.attaching": () =>
      expect(within(dialog()).getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    empty: () => {
      expect(screen.getByText(/You have no unattached passes/)).toBeVisible();
      expect(screen.queryAllByTestId("unattached-pass")).toHaveLength(0);
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your passes could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
