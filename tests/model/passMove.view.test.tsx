import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { whereIs } from "../../src/machines/passMove.machine.ts";
import { PassMoveView } from "../../src/views/passes/PassMoveView.tsx";
import { phone, tablet } from "../support/passes.ts";
import { passMoveModel } from "./specs/passMove.ts";
import { describeViewModel } from "./view-harness.tsx";

const labelOf = (id: string) =>
  id === "cloud" ? /^Cloud/ : new RegExp(`^${[phone, tablet].find((d) => d.id === id)?.nickname ?? id}`);

describeViewModel({
  model: passMoveModel,
  mount(logic, { input, clock, inspect }) {
    const actor = createActor(logic, { input, clock, inspect }).start();
    return { element: <PassMoveView move={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadDevices",
    "xstate.error.actor.loadDevices",
    "xstate.done.actor.movePass",
    "xstate.error.actor.movePass",
  ],
  gestures: {
    // A device that is not the rider's has no radio: nothing to choose.
    "destination.choose": async (user, event: AnyEventObject) => {
      const radio = screen.queryByRole("radio", { name: labelOf(event.destination) });
      if (radio) await user.click(radio);
    },
    "move.submit": async (user) => user.click(screen.getByRole("button", { name: /Move pass|Please wait/ })),
    "devices.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
  },
  sees: {
    loadingDevices: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your devices…"),
    ready: (snapshot) => {
      const { pass, devices, destination, failure } = snapshot.context;
      const radios = within(screen.getByRole("group", { name: "Where should the pass be?" })).getAllByRole(
        "radio",
      );
      const current = whereIs(pass);
      const extra = current !== "cloud" && !devices.some((device) => device.id === current) ? 1 : 0;
      expect(radios).toHaveLength(devices.length + 1 + extra);
      expect(screen.getByRole("radio", { name: labelOf(destination ?? whereIs(pass)) })).toBeChecked();
      const submit = screen.getByRole("button", { name: "Move pass" });
      if (destination === null || destination === whereIs(pass)) expect(submit).toBeDisabled();
      else expect(submit).toBeEnabled();
      if (failure !== null)
        expect(screen.getByRole("alert")).toHaveTextContent("The pass could not be moved.");
      else expect(screen.queryByRole("alert")).toBeNull();
    },
    moving: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    immovable: (snapshot) => {
      const text = screen.getByTestId("immovable");
      const { status } = snapshot.context.pass;
      if (snapshot.context.failure !== null)
        expect(text).toHaveTextContent("This pass can no longer be moved.");
      else if (status === "active") expect(text).toHaveTextContent("a pass in use cannot be moved");
      else if (status === "spoiled")
        expect(text).toHaveTextContent("spoiled (cancelled) and cannot be moved");
      else expect(text).toHaveTextContent("has expired and cannot be moved");
      expect(screen.queryByRole("button", { name: "Move pass" })).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your devices could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
