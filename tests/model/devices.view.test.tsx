import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { type AnyEventObject, createActor } from "xstate";
import { selectTarget } from "../../src/machines/devices.machine.ts";
import { DevicesView } from "../../src/views/devices/DevicesView.tsx";
import { devicesModel } from "./specs/devices.ts";
import { describeViewModel } from "./view-harness.tsx";

const editDialog = () => screen.getByRole("dialog", { name: "Edit device" });

/** A device's Edit or Remove, when the screen lists it (an event for a device not listed has none). */
async function clickOnDevice(user: UserEvent, id: string, action: RegExp) {
  const item = document.querySelector<HTMLElement>(`[data-device-id="${id}"]`);
  if (item) await user.click(within(item).getByRole("button", { name: action }));
}

describeViewModel({
  model: devicesModel,
  mount(logic, { clock, inspect }) {
    const actor = createActor(logic, { clock, inspect }).start();
    return { element: <DevicesView devices={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadDevices",
    "xstate.error.actor.loadDevices",
    "xstate.done.actor.renameDevice",
    "xstate.error.actor.renameDevice",
    "xstate.done.actor.removeDevice",
    "xstate.error.actor.removeDevice",
  ],
  gestures: {
    "devices.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "edit.open": async (user, event: AnyEventObject) => clickOnDevice(user, event.id, /^Edit /),
    "edit.change": async (user, event: AnyEventObject) => {
      const field = within(editDialog()).getByLabelText(/Nickname/);
      await user.clear(field);
      if (event.nickname !== "") await user.type(field, event.nickname);
    },
    "edit.submit": async (user) => user.click(within(editDialog()).getByRole("button", { name: "Save" })),
    "edit.cancel": async (user) => user.click(within(editDialog()).getByRole("button", { name: "Cancel" })),
    "remove.ask": async (user, event: AnyEventObject) => clickOnDevice(user, event.id, /^Remove /),
    "remove.confirm": async (user) =>
      user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove device" })),
    "remove.cancel": async (user) =>
      user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Keep device" })),
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your devices…"),
    shown: (snapshot) => {
      const items = screen.getAllByTestId("device");
      expect(items).toHaveLength(snapshot.context.devices.length);
      snapshot.context.devices.forEach((device, index) => {
        const item = within(items[index] as HTMLElement);
        expect(item.getByText(device.nickname, { selector: "h3" })).toBeVisible();
        expect(item.getByText(device.model)).toBeVisible();
        expect(item.getByTestId("tickets")).toHaveTextContent(String(device.tickets));
      });
    },
    "shown.listing": (snapshot) => {
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(screen.queryByRole("alertdialog")).toBeNull();
      if (snapshot.context.failure?.kind === "remove") {
        expect(screen.getByRole("alert")).toHaveTextContent("Device removed failed.");
      } else expect(screen.queryByRole("alert")).toBeNull();
    },
    "shown.editing": (snapshot) => {
      const dialog = within(editDialog());
      const field = dialog.getByLabelText(/Nickname/);
      expect(field).toHaveValue(snapshot.context.nickname);
      const { problem, failure } = snapshot.context;
      if (problem === "required") expect(field).toHaveAccessibleDescription("Nickname can not be empty.");
      else if (problem === "tooLong")
        expect(field).toHaveAccessibleDescription("Nickname must not exceed 40 characters");
      else expect(field).not.toHaveAttribute("aria-invalid", "true");
      if (failure?.kind === "update")
        expect(dialog.getByRole("alert")).toHaveTextContent("Device update failed.");
      expect(dialog.getByRole("button", { name: "Save" })).toBeEnabled();
    },
    "shown.saving": () =>
      expect(within(editDialog()).getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    "shown.confirming": (snapshot) => {
      const dialog = screen.getByRole("alertdialog", { name: `Remove ${selectTarget(snapshot)?.nickname}?` });
      expect(dialog).toHaveAccessibleDescription(/go back to the cloud/);
      expect(within(dialog).getByRole("button", { name: "Remove device" })).toBeEnabled();
    },
    "shown.removing": () =>
      expect(
        within(screen.getByRole("alertdialog")).getByRole("button", { name: "Please wait…" }),
      ).toBeDisabled(),
    empty: () => {
      expect(screen.getByText(/You have no devices yet\./)).toBeVisible();
      expect(screen.queryAllByTestId("device")).toHaveLength(0);
    },
    failed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Your devices could not be loaded.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
  },
});
