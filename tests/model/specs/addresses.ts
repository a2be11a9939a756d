import { expect } from "vitest";
import { type AddressField, addressProblems, subdivisionsOf } from "../../../src/domain/payments/address.ts";
import { maxAddresses, type SavedAddress } from "../../../src/domain/payments/saved.ts";
import { type AddressDraft, addressesMachine, emptyDraft } from "../../../src/machines/addresses.machine.ts";
import { defineModel, type EventSamples } from "../harness.ts";

type ActorEvents =
  | "xstate.done.actor.loadAddresses"
  | "xstate.error.actor.loadAddresses"
  | "xstate.done.actor.saveAddress"
  | "xstate.error.actor.saveAddress"
  | "xstate.done.actor.removeAddress"
  | "xstate.error.actor.removeAddress"
  | "xstate.done.actor.setDefaultAddress"
  | "xstate.error.actor.setDefaultAddress"
  | "xstate.after.lineLifetime.addresses.list";

export const home: SavedAddress = {
  id: "5d7c1f0e-0000-4000-8000-000000000001",
  firstName: "Dee",
  lastName: "Ross",
  address_1: "500 Lake Shore Dr",
  address_2: "Apt 4",
  country: "US",
  state: "IL",
  city: "Chicago",
  zipCode: "60611",
  email: "dee@example.com",
  isDefault: true,
  created_at: "2026-11-01T10:00:00.000Z",
};
export const work: SavedAddress = {
  id: "5d7c1f0e-0000-4000-8000-000000000002",
  firstName: "Bo",
  lastName: "Tran",
  address_1: "10 Downing Street",
  address_2: null,
  country: "GB",
  state: "London",
  city: "London",
  zipCode: "SW1A 2AA",
  email: null,
  isDefault: false,
  created_at: "2026-11-02T10:00:00.000Z",
};
/** What the server answers for the address the rider adds in the walks. */
export const park: SavedAddress = {
  id: "5d7c1f0e-0000-4000-8000-000000000003",
  firstName: "Ana",
  lastName: "Lima",
  address_1: "1 Main St",
  address_2: null,
  country: "US",
  state: "IL",
  city: "Springfield",
  zipCode: "62701",
  email: null,
  isDefault: false,
  created_at: "2026-11-03T10:00:00.000Z",
};
/** The work address saved again as the default. */
const workAsDefault: SavedAddress = { ...work, city: "Westminster", isDefault: true };
/** As many as a rider may keep: the first two, then eight more. */
const full: SavedAddress[] = [
  home,
  work,
  ...Array.from({ length: maxAddresses - 2 }, (_, index) => ({
    ...park,
    id: `5d7c1f0e-0000-4000-8000-0000000001${String(index).padStart(2, "0")}`,
    address_1: `${index + 2} Main St`,
  })),
];
const unknownId = "ffffffff-0000-4000-8000-000000000000";

const failure = { code: 50001, message: "Something went wrong, please try again!" };

const events = {
  "addresses.retry": [{ type: "addresses.retry" }],
  "address.add": [{ type: "address.add" }],
  "address.edit": [
    { type: "address.edit", id: work.id },
    // An address that is not the rider's opens nothing.
    { type: "address.edit", id: unknownId },
  ],
  "address.change": [
    { type: "address.change", field: "firstName", value: "Ana" },
    { type: "address.change", field: "lastName", value: "Lima" },
    { type: "address.change", field: "address_1", value: "1 Main St" },
    { type: "address.change", field: "city", value: "Springfield" },
    { type: "address.change", field: "state", value: "IL" },
    { type: "address.change", field: "zipCode", value: "62701" },
    { type: "address.change", field: "zipCode", value: "6270" },
    { type: "address.change", field: "country", value: "CA" },
    { type: "address.change", field: "email", value: "ana@" },
    { type: "address.change", field: "firstName", value: "" },
  ],
  "address.makeDefault": [
    { type: "address.makeDefault", value: true },
    { type: "address.makeDefault", value: false },
  ],
  "address.save": [{ type: "address.save" }],
  "address.cancel": [{ type: "address.cancel" }],
  "address.remove": [
    { type: "address.remove", id: work.id },
    { type: "address.remove", id: home.id },
    { type: "address.remove", id: unknownId },
  ],
  "address.keep": [{ type: "address.keep" }],
  "address.confirmRemove": [{ type: "address.confirmRemove" }],
  "address.setDefault": [
    { type: "address.setDefault", id: work.id },
    // Already the default: nothing to ask the server.
    { type: "address.setDefault", id: home.id },
  ],
  "xstate.done.actor.loadAddresses": [
    { type: "xstate.done.actor.loadAddresses", output: [home, work] },
    { type: "xstate.done.actor.loadAddresses", output: [] },
    { type: "xstate.done.actor.loadAddresses", output: full },
  ],
  "xstate.error.actor.loadAddresses": [{ type: "xstate.error.actor.loadAddresses", error: failure }],
  "xstate.done.actor.saveAddress": [
    { type: "xstate.done.actor.saveAddress", output: park },
    { type: "xstate.done.actor.saveAddress", output: workAsDefault },
  ],
  "xstate.error.actor.saveAddress": [
    {
      // As the http client throws it: every field the server refused, in the form's order.
      type: "xstate.error.actor.saveAddress",
      error: {
        code: 40001,
        message: "Address Line 1 is not valid.",
        errors: [
          { code: 40001, message: "Address Line 1 is not valid.", field: "address_1" },
          { code: 40001, message: "Zip Code is not valid.", field: "zipCode" },
        ],
      },
    },
    {
      type: "xstate.error.actor.saveAddress",
      error: { code: 42205, message: "You already keep as many addresses as allowed." },
    },
    { type: "xstate.error.actor.saveAddress", error: failure },
  ],
  "xstate.done.actor.removeAddress": [{ type: "xstate.done.actor.removeAddress", output: undefined }],
  "xstate.error.actor.removeAddress": [{ type: "xstate.error.actor.removeAddress", error: failure }],
  "xstate.done.actor.setDefaultAddress": [
    {
      type: "xstate.done.actor.setDefaultAddress",
      output: [
        { ...work, isDefault: true },
        { ...home, isDefault: false },
      ],
    },
  ],
  "xstate.error.actor.setDefaultAddress": [{ type: "xstate.error.actor.setDefaultAddress", error: failure }],
  // The list's line, 3 seconds on (spec section 9: alerts auto-clear), as the timer ends it.
  "xstate.after.lineLifetime.addresses.list": [{ type: "xstate.after.lineLifetime.addresses.list" }],
} satisfies EventSamples<typeof addressesMachine, ActorEvents>;

const change = events["address.change"];
const loaded = events["xstate.done.actor.loadAddresses"];
/** A complete new address, typed field by field. */
const fillNew = [change[0], change[1], change[2], change[3], change[4], change[5]] as const;
const completeDraft: AddressDraft = {
  ...emptyDraft(),
  firstName: "Ana",
  lastName: "Lima",
  address_1: "1 Main St",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
};

export const addressesModel = defineModel({
  name: "addresses",
  machine: addressesMachine,
  inputs: [
    // /account/addresses.
    {},
    // A guest's address for one order (the checkout runs it): an empty book opens its form.
    { openWhenEmpty: true },
  ],
  deferred: ["loadAddresses", "saveAddress", "removeAddress", "setDefaultAddress"],
  events,
  pathKinds: ["shortest", "edge"],
  // The graph types into one form only: a new address on an empty list, its fields filled in one
  // order (every order reaches the same draft), then one mistake at a time (a wrong ZIP, another
  // country, a bad email, an emptied name) on the complete draft. Journeys type elsewhere.
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    // The one-order book is the account's once loaded: only what loading does differs.
    if (context.openWhenEmpty) {
      return snapshot.matches("loading") || (snapshot.matches("editing") && event.type === "address.cancel");
    }
    if (event.type === "xstate.done.actor.saveAddress") {
      return (context.editingId === null) === ((event.output as SavedAddress).id === park.id);
    }
    if (event.type !== "address.change" && event.type !== "address.makeDefault") return true;
    if (context.editingId !== null || context.addresses.length > 0) return false;
    const complete = JSON.stringify(context.draft) === JSON.stringify(completeDraft);
    if (event.type === "address.makeDefault") return complete || context.draft.isDefault;
    // A listed country's state is picked from its list: a state it does not have cannot be chosen.
    const listed = subdivisionsOf(context.draft.country);
    if (event.field === "state" && listed && !listed.some((entry) => entry.code === event.value))
      return false;
    const index = fillNew.indexOf(event as (typeof fillNew)[number]);
    if (index < 0) return complete;
    return (
      fillNew.slice(0, index).every((step) => context.draft[step.field as AddressField] !== "") &&
      context.draft[event.field as AddressField] === ""
    );
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.openWhenEmpty,
      snapshot.context.addresses.map((address) => [address.id, address.isDefault, address.city]),
      snapshot.context.editingId,
      snapshot.context.draft,
      snapshot.context.problems,
      snapshot.context.attempted,
      snapshot.context.removeId,
      snapshot.context.error,
      snapshot.context.notice,
    ]),
  invariants: [
    {
      name: "at most one address is the default",
      holds: (s) => s.context.addresses.filter((address) => address.isDefault).length <= 1,
    },
    {
      name: "never more addresses than a rider may keep",
      holds: (s) => s.context.addresses.length <= maxAddresses,
    },
    {
      name: "no save leaves with a problem the address checks can see",
      holds: (s) => !s.matches("saving") || Object.keys(addressProblems(s.context.draft)).length === 0,
    },
    {
      name: "the removal question is about one of the rider's own addresses, and only while asked",
      holds: (s) =>
        (s.matches("confirmRemove") || s.matches("removing")) ===
        s.context.addresses.some((address) => address.id === s.context.removeId),
    },
    {
      name: "problems show only on the form",
      holds: (s) => s.matches("editing") || Object.keys(s.context.problems).length === 0,
    },
    {
      name: "an address is edited only when it is the rider's own",
      holds: (s) =>
        s.context.editingId === null ||
        s.context.addresses.some((address) => address.id === s.context.editingId),
    },
    {
      name: "a new address is never started at the limit",
      holds: (s) =>
        !(s.matches("editing") || s.matches("saving")) ||
        s.context.editingId !== null ||
        s.context.addresses.length < maxAddresses,
    },
  ],
  states: {
    loading: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.loadAddresses).toBeDefined();
    },
    loadFailed: (snapshot) => {
      expect(snapshot.context.error).toBe(50001);
      expect(snapshot.can({ type: "addresses.retry" })).toBe(true);
    },
    list: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "address.cancel" })).toBe(false);
      expect(snapshot.can({ type: "addresses.retry" })).toBe(false);
      expect(snapshot.context.removeId).toBeNull();
      expect(snapshot.context.editingId).toBeNull();
      expect(snapshot.can({ type: "address.add" })).toBe(snapshot.context.addresses.length < maxAddresses);
      if (snapshot.context.error !== null) expect(snapshot.context.notice).toBeNull();
    },
    editing: (snapshot) => {
      expect(snapshot.can({ type: "address.cancel" })).toBe(true);
      expect(snapshot.hasTag("busy")).toBe(false);
      if (snapshot.context.error === null && !snapshot.context.attempted) {
        // Before the first save only a country change shows a problem (its state or ZIP).
        for (const field of Object.keys(snapshot.context.problems)) {
          expect(["state", "zipCode"]).toContain(field);
        }
      }
    },
    saving: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.saveAddress).toBeDefined();
      expect(snapshot.context.attempted).toBe(true);
    },
    confirmRemove: (snapshot) => {
      expect([work.id, home.id]).toContain(snapshot.context.removeId);
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.can({ type: "address.keep" })).toBe(true);
    },
    removing: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.removeAddress).toBeDefined();
      expect([work.id, home.id]).toContain(snapshot.context.removeId);
    },
    settingDefault: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.children.setDefaultAddress).toBeDefined();
    },
  },
  journeys: [
    {
      name: "a one-order book with nothing in it opens its form at once",
      input: 1,
      events: [{ type: "xstate.done.actor.loadAddresses", output: [] }],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.editingId).toBeNull();
        expect(snapshot.context.draft.country).toBe("US");
      },
    },
    {
      name: "a one-order book with the address kept shows it, no form",
      input: 1,
      events: [{ type: "xstate.done.actor.loadAddresses", output: [home] }],
      expected: "list",
    },
    {
      name: "the account's empty book waits for Add address",
      input: 0,
      events: [{ type: "xstate.done.actor.loadAddresses", output: [] }],
      expected: "list",
    },
    {
      name: "a new address typed in full is saved and listed",
      events: [loaded[0], events["address.add"][0], ...fillNew, events["address.save"][0]],
      expected: "saving",
      ends: (snapshot) => {
        expect(snapshot.context.editingId).toBeNull();
        expect(snapshot.context.problems).toEqual({});
      },
    },
    {
      name: "the saved new address joins the list with a notice",
      events: [
        loaded[0],
        events["address.add"][0],
        ...fillNew,
        events["address.save"][0],
        events["xstate.done.actor.saveAddress"][0],
      ],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.addresses.map((address) => address.id)).toEqual([home.id, work.id, park.id]);
        expect(snapshot.context.notice).toBe("added");
      },
    },
    {
      name: "an empty form is not sent: every required field says so",
      events: [loaded[1], events["address.add"][0], events["address.save"][0]],
      expected: "editing",
      ends: (snapshot) =>
        expect(snapshot.context.problems).toEqual({
          firstName: "required",
          lastName: "required",
          address_1: "required",
          state: "required",
          city: "required",
          zipCode: "required",
        }),
    },
    {
      name: "another country empties a state it does not have and re-checks the ZIP",
      events: [loaded[1], events["address.add"][0], ...fillNew, change[7]],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.draft.state).toBe("");
        expect(snapshot.context.problems).toEqual({ zipCode: "zipInvalid" });
      },
    },
    {
      name: "after a refused save every change is checked at once",
      events: [loaded[1], events["address.add"][0], events["address.save"][0], change[0], change[6]],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.problems.firstName).toBeUndefined();
        expect(snapshot.context.problems.zipCode).toBe("zipInvalid");
      },
    },
    {
      name: "the server's field problem is shown on its field and everything typed stays",
      events: [
        loaded[0],
        events["address.edit"][0],
        events["address.save"][0],
        events["xstate.error.actor.saveAddress"][0],
      ],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.problems).toEqual({ address_1: "textInvalid", zipCode: "textInvalid" });
        expect(snapshot.context.draft.address_1).toBe(work.address_1);
        expect(snapshot.context.editingId).toBe(work.id);
      },
    },
    {
      name: "a save refused at the limit stays on the form with the reason",
      events: [
        loaded[1],
        events["address.add"][0],
        ...fillNew,
        events["address.save"][0],
        events["xstate.error.actor.saveAddress"][1],
      ],
      expected: "editing",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(42205);
        expect(snapshot.context.draft.zipCode).toBe("62701");
      },
    },
    {
      name: "an edited address saved as default becomes the only default, listed first",
      events: [
        loaded[0],
        events["address.edit"][0],
        events["address.makeDefault"][0],
        events["address.save"][0],
        events["xstate.done.actor.saveAddress"][1],
      ],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.addresses.map((address) => [address.id, address.isDefault])).toEqual([
          [work.id, true],
          [home.id, false],
        ]);
        expect(snapshot.context.notice).toBe("updated");
      },
    },
    {
      name: "a saved address's line clears after 3 seconds, the address stays",
      events: [
        loaded[1],
        events["address.add"][0],
        ...fillNew,
        events["address.save"][0],
        events["xstate.done.actor.saveAddress"][0],
        events["xstate.after.lineLifetime.addresses.list"][0],
      ],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.notice).toBeNull();
        expect(snapshot.context.addresses).toEqual([park]);
      },
    },
    {
      name: "a default that could not be set is said for 3 seconds",
      events: [
        loaded[0],
        events["address.setDefault"][0],
        events["xstate.error.actor.setDefaultAddress"][0],
        events["xstate.after.lineLifetime.addresses.list"][0],
      ],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBeNull();
        expect(snapshot.context.addresses).toEqual([home, work]);
      },
    },
    {
      name: "cancelling the form keeps the list as it was",
      events: [loaded[0], events["address.edit"][0], change[9], events["address.cancel"][0]],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.addresses).toEqual([home, work]);
        expect(snapshot.context.problems).toEqual({});
      },
    },
    {
      name: "at the limit no new address can be started",
      events: [loaded[2], events["address.add"][0]],
      expected: "list",
    },
    {
      name: "removing asks first; keeping it changes nothing",
      events: [loaded[0], events["address.remove"][0], events["address.keep"][0]],
      expected: "list",
      ends: (snapshot) => expect(snapshot.context.addresses).toEqual([home, work]),
    },
    {
      name: "a confirmed removal takes the address off the list",
      events: [
        loaded[0],
        events["address.remove"][0],
        events["address.confirmRemove"][0],
        events["xstate.done.actor.removeAddress"][0],
      ],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.addresses).toEqual([home]);
        expect(snapshot.context.notice).toBe("removed");
      },
    },
    {
      name: "when the default is removed the oldest remaining address becomes the default",
      events: [
        loaded[0],
        events["address.remove"][1],
        events["address.confirmRemove"][0],
        events["xstate.done.actor.removeAddress"][0],
      ],
      expected: "list",
      ends: (snapshot) => expect(snapshot.context.addresses).toEqual([{ ...work, isDefault: true }]),
    },
    {
      name: "a failed removal stays in the question with its error",
      events: [
        loaded[0],
        events["address.remove"][0],
        events["address.confirmRemove"][0],
        events["xstate.error.actor.removeAddress"][0],
      ],
      expected: "confirmRemove",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50001);
        expect(snapshot.context.addresses).toEqual([home, work]);
      },
    },
    {
      name: "setting another default lists it first",
      events: [loaded[0], events["address.setDefault"][0], events["xstate.done.actor.setDefaultAddress"][0]],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.addresses[0]?.id).toBe(work.id);
        expect(snapshot.context.notice).toBe("defaultSet");
      },
    },
    {
      name: "a failed default stays on the list with its error",
      events: [loaded[0], events["address.setDefault"][0], events["xstate.error.actor.setDefaultAddress"][0]],
      expected: "list",
      ends: (snapshot) => {
        expect(snapshot.context.error).toBe(50001);
        expect(snapshot.context.addresses).toEqual([home, work]);
      },
    },
    {
      name: "the default address cannot be made default again",
      events: [loaded[0], events["address.setDefault"][1]],
      expected: "list",
    },
    {
      name: "a failed load can be retried",
      events: [events["xstate.error.actor.loadAddresses"][0], events["addresses.retry"][0], loaded[0]],
      expected: "list",
      ends: (snapshot) => expect(snapshot.context.error).toBeNull(),
    },
  ],
});
