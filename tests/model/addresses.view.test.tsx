import { act, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { type AnyEventObject, createActor, type SimulatedClock } from "xstate";
import { noticeLifetimeMs } from "../../src/domain/notices.ts";
import { type AddressField, countryName, subdivisionsOf } from "../../src/domain/payments/address.ts";
import { maxAddresses, type SavedAddress } from "../../src/domain/payments/saved.ts";
import { AddressesView } from "../../src/views/account/AddressesView.tsx";
import { runAnimationFrames } from "../setup-dom.ts";
import { addressesModel, home, work } from "./specs/addresses.ts";
import { describeViewModel } from "./view-harness.tsx";

/** The accessible names of the text fields (the optional ones say so). */
const textboxes: Record<string, string> = {
  firstName: "First Name",
  lastName: "Last Name",
  address_1: "Address Line 1",
  address_2: "Address Line 2 (optional)",
  state: "State",
  city: "City",
  zipCode: "Zip Code",
  email: "Email (optional)",
};
const labels: Record<string, string> = { ...textboxes, address_2: "Address Line 2", email: "Email" };

/** A listed address, named by its person and street. */
const itemName = (address: SavedAddress) => `${address.firstName} ${address.lastName} ${address.address_1}`;
const itemOf = (address: SavedAddress) => within(screen.getByRole("listitem", { name: itemName(address) }));
const workItem = () => itemOf(work);

const problemTexts: Record<string, (label: string) => string> = {
  required: (label) => `${label} can not be empty.`,
  emailInvalid: () => "Invalid Email Address",
  zipInvalid: (label) => `${label} is not valid.`,
  stateInvalid: (label) => `${label} is not valid.`,
  countryInvalid: (label) => `${label} is not valid.`,
  textInvalid: (label) => `${label} is not valid.`,
};

/** The walk's clock: the list's line clears when it has moved 3 seconds on. */
let time: SimulatedClock | null = null;

describeViewModel({
  model: addressesModel,
  mount(logic, { input, clock, inspect }) {
    time = clock;
    const actor = createActor(logic, { input: input ?? {}, clock, inspect }).start();
    return { element: <AddressesView addresses={actor} />, actor: () => actor };
  },
  environment: [
    "xstate.done.actor.loadAddresses",
    "xstate.error.actor.loadAddresses",
    "xstate.done.actor.saveAddress",
    "xstate.error.actor.saveAddress",
    "xstate.done.actor.removeAddress",
    "xstate.error.actor.removeAddress",
    "xstate.done.actor.setDefaultAddress",
    "xstate.error.actor.setDefaultAddress",
  ],
  gestures: {
    "xstate.after.lineLifetime.addresses.list": async () => {
      act(() => time?.increment(noticeLifetimeMs.success - 1));
      // A moment before, the line is still there.
      expect([...screen.queryAllByRole("status"), ...screen.queryAllByRole("alert")]).not.toHaveLength(0);
      act(() => time?.increment(1));
    },
    "addresses.retry": async (user) => user.click(screen.getByRole("button", { name: "Try again" })),
    "address.add": async (user) => {
      const add = screen.queryByRole("button", { name: "Add address" });
      // At the limit there is no button to press.
      if (add) await user.click(add);
    },
    "address.edit": async (user, event: AnyEventObject) => {
      // Only the rider's own addresses have an Edit button.
      if (event.id === work.id) await user.click(workItem().getByRole("button", { name: "Edit" }));
    },
    "address.change": async (user, event: AnyEventObject) => {
      const value = String(event.value);
      if (event.field === "country") {
        const field = screen.getByRole("combobox", { name: "Country" });
        await user.clear(field);
        // Ark writes the combobox's input back on the next animation frame: one key per frame, as a
        // person types.
        for (const key of countryName(value, "en")) {
          await user.keyboard(key);
          await act(async () => runAnimationFrames());
        }
        await user.click(await screen.findByRole("option", { name: countryName(value, "en") }));
        return;
      }
      if (event.field === "state" && screen.queryByRole("textbox", { name: "State" }) === null) {
        // The samples name US states (IL is no other country's code).
        const name = subdivisionsOf("US")?.find((entry) => entry.code === value)?.name ?? value;
        await user.click(screen.getByRole("combobox", { name: "State" }));
        await act(async () => runAnimationFrames());
        await user.click(await screen.findByRole("option", { name }));
        return;
      }
      const field = screen.getByRole("textbox", { name: textboxes[String(event.field)] ?? "" });
      await user.clear(field);
      if (value !== "") await user.type(field, value);
    },
    "address.makeDefault": async (user, event: AnyEventObject) => {
      const box = screen.getByRole("checkbox", { name: "Make default" });
      if ((box as HTMLInputElement).checked !== event.value) await user.click(box);
    },
    "address.save": async (user) => user.click(screen.getByRole("button", { name: "Save address" })),
    "address.cancel": async (user) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "address.remove": async (user, event: AnyEventObject) => {
      const address = [work, home].find((known) => known.id === event.id);
      // Only the rider's own addresses have a Remove button.
      const item = address ? screen.queryByRole("listitem", { name: itemName(address) }) : null;
      if (item) await user.click(within(item).getByRole("button", { name: "Remove" }));
    },
    "address.keep": async (user) => user.click(screen.getByRole("button", { name: "Keep" })),
    "address.confirmRemove": async (user) =>
      user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove" })),
    "address.setDefault": async (user, event: AnyEventObject) => {
      const address = event.id === work.id ? work : home;
      // The default address offers no "Set as default".
      const button = itemOf(address).queryByRole("button", {
        name: "Set as default",
      });
      if (button) await user.click(button);
    },
  },
  sees: {
    loading: () => expect(screen.getByRole("status")).toHaveTextContent("Loading your addresses…"),
    loadFailed: () => {
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to load your addresses.");
      expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
    },
    list: (snapshot) => {
      const { addresses, notice, error } = snapshot.context;
      expect(screen.queryByRole("alertdialog")).toBeNull();
      if (addresses.length === 0) {
        expect(screen.getByText("You have no saved shipping addresses yet.")).toBeVisible();
        expect(screen.getByRole("button", { name: "Add address" })).toBeEnabled();
      } else {
        const items = within(screen.getByRole("list", { name: "Your addresses" })).getAllByRole("listitem");
        expect(items).toHaveLength(addresses.length);
        addresses.forEach((address, index) => {
          const item = within(items[index] as HTMLElement);
          expect(item.getByText(address.address_1)).toBeVisible();
          expect(item.getByText(countryName(address.country, "en"))).toBeVisible();
          expect(item.queryByText("Default") !== null).toBe(address.isDefault);
        });
        if (addresses.length < maxAddresses) {
          expect(screen.getByRole("button", { name: "Add address" })).toBeEnabled();
        } else {
          expect(screen.queryByRole("button", { name: "Add address" })).toBeNull();
          expect(screen.getByText(/You have saved 10 addresses, the most you can keep\./)).toBeVisible();
        }
      }
      const texts = {
        added: "The address was added.",
        updated: "The address was updated.",
        removed: "The address was removed.",
        defaultSet: "Your default address was changed.",
      };
      if (notice) expect(screen.getByRole("status")).toHaveTextContent(texts[notice]);
      if (error !== null) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "Failed to set the default address. Please try again.",
        );
      }
    },
    editing: (snapshot) => {
      const { draft, problems, error, editingId } = snapshot.context;
      expect(
        screen.getByRole("heading", { name: editingId === null ? "Add address" : "Edit address" }),
      ).toBeVisible();
      expect(screen.getByRole("button", { name: "Save address" })).toBeEnabled();
      expect(screen.getByRole("combobox", { name: "Country" })).toHaveValue(countryName(draft.country, "en"));
      for (const [field, name] of Object.entries(textboxes)) {
        const box = screen.queryByRole("textbox", { name });
        if (box) expect(box).toHaveValue(draft[field as AddressField]);
      }
      if (snapshot.context.addresses.some((address) => address.id === editingId && address.isDefault)) {
        expect(screen.getByText("This is your default address.")).toBeVisible();
      } else {
        expect(screen.getByRole("checkbox", { name: "Make default" })).toHaveProperty(
          "checked",
          draft.isDefault,
        );
      }
      for (const [field, problem] of Object.entries(problems)) {
        const text =
          problemTexts[problem]?.(field === "country" ? "Country" : (labels[field] ?? field)) ?? "";
        expect(screen.getByText(text)).toBeVisible();
      }
      if (problems.zipCode) {
        expect(screen.getByRole("textbox", { name: "Zip Code" })).toHaveAttribute("aria-invalid", "true");
        expect(screen.getByRole("textbox", { name: "Zip Code" })).toHaveAccessibleDescription(
          problemTexts[problems.zipCode]?.("Zip Code"),
        );
      }
      if (error === 42205) {
        expect(screen.getByRole("alert")).toHaveTextContent(
          "You can keep up to 10 addresses. Remove one to add another.",
        );
      } else if (error !== null) {
        expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong, please try again!");
      }
    },
    saving: () => expect(screen.getByRole("button", { name: "Please wait…" })).toBeDisabled(),
    confirmRemove: (snapshot) => {
      const dialog = within(screen.getByRole("alertdialog", { name: "Remove this address?" }));
      // Behind the question the list is as it was: below the limit it says nothing of one.
      if (snapshot.context.addresses.length < maxAddresses) {
        expect(screen.queryByText(/the most you can keep/)).toBeNull();
      }
      const address = snapshot.context.removeId === work.id ? work : home;
      expect(dialog.getByText(address.address_1)).toBeVisible();
      expect(dialog.getByRole("button", { name: "Keep" })).toBeEnabled();
      if (snapshot.context.error !== null) {
        expect(dialog.getByRole("alert")).toHaveTextContent(
          "Failed to remove the address. Please try again.",
        );
      }
    },
    removing: () => {
      const dialog = within(screen.getByRole("alertdialog", { name: "Remove this address?" }));
      expect(dialog.getByRole("button", { name: "Please wait…" })).toBeDisabled();
      expect(dialog.getByRole("button", { name: "Keep" })).toBeDisabled();
    },
    settingDefault: () => {
      // One request at a time: every button waits for the answer.
      for (const button of screen.getAllByRole("button")) expect(button).toBeDisabled();
    },
  },
});
