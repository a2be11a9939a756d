import { assign, enqueueActions, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import { noticeLifetimeMs } from "../domain/notices.ts";
import {
  type AddressField,
  type AddressProblem,
  type AddressProblems,
  addressProblems,
  parseAddress,
  subdivisionsOf,
} from "../domain/payments/address.ts";
import { type AddressBody, maxAddresses, type SavedAddress } from "../domain/payments/saved.ts";
import { unprovided } from "./unprovided.ts";

/** What the address form holds while the rider types: every field as text, and the default flag. */
export type AddressDraft = Record<AddressField, string> & { isDefault: boolean };

/** What the list says after a change went through. */
type AddressNotice = "added" | "updated" | "removed" | "defaultSet";

/** How the address book runs: on /account/addresses (no input), or inside the checkout. */
export interface AddressesInput {
  /** Run by the checkout: each saved address is told to it (shipping.addressSaved). */
  forCheckout?: boolean;
  /** An empty book opens its form at once (a guest's address for one order). */
  openWhenEmpty?: boolean;
}

/** What the address book tells the checkout that runs it. */
export interface AddressSavedEvent {
  type: "shipping.addressSaved";
  address: SavedAddress;
}

export interface AddressesContext {
  forCheckout: boolean;
  openWhenEmpty: boolean;
  addresses: SavedAddress[];
  /** The address being edited; null while adding one. */
  editingId: string | null;
  draft: AddressDraft;
  /** The problems shown beside the fields (the client's checks, or the server's refusal). */
  problems: AddressProblems;
  /** Saving was tried: from then on every field is checked as it changes. */
  attempted: boolean;
  /** The address the removal question is about. */
  removeId: string | null;
  /** Code of the last failed request. */
  error: number | null;
  notice: AddressNotice | null;
}

export type AddressesEvent =
  | { type: "addresses.retry" }
  | { type: "address.add" }
  | { type: "address.edit"; id: string }
  | { type: "address.change"; field: AddressField; value: string }
  | { type: "address.makeDefault"; value: boolean }
  | { type: "address.save" }
  | { type: "address.cancel" }
  | { type: "address.remove"; id: string }
  | { type: "address.keep" }
  | { type: "address.confirmRemove" }
  | { type: "address.setDefault"; id: string };

export interface SaveAddressInput {
  id: string | null;
  body: AddressBody;
}

/** Most riders ship where the agency is: the form starts in the United States. */
const defaultCountry = "US";

const addressFields: readonly AddressField[] = [
  "firstName",
  "lastName",
  "address_1",
  "address_2",
  "country",
  "state",
  "city",
  "zipCode",
  "email",
];

export function emptyDraft(): AddressDraft {
  return {
    firstName: "",
    lastName: "",
    address_1: "",
    address_2: "",
    country: defaultCountry,
    state: "",
    city: "",
    zipCode: "",
    email: "",
    isDefault: false,
  };
}

export function draftOf(address: SavedAddress): AddressDraft {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    address_1: address.address_1,
    address_2: address.address_2 ?? "",
    country: address.country,
    state: address.state,
    city: address.city,
    zipCode: address.zipCode,
    email: address.email ?? "",
    isDefault: address.isDefault,
  };
}

/** A country with a list of states keeps the state only when the list has it. */
function withChange(draft: AddressDraft, field: AddressField, value: string): AddressDraft {
  const next = { ...draft, [field]: value };
  if (field !== "country") return next;
  const listed = subdivisionsOf(value);
  const known = listed === null || listed.some((entry) => entry.code === draft.state.trim().toUpperCase());
  return known ? next : { ...next, state: "" };
}

/**
 * Problems after a change: the changed field's, and with a new country its state and postal code,
 * which are judged by the country. Before the first save a field shows a problem only when another
 * field's change made it wrong (a typed ZIP that the new country does not take).
 */
function problemsAfterChange(
  context: AddressesContext,
  draft: AddressDraft,
  field: AddressField,
): AddressProblems {
  const found = addressProblems(draft);
  const problems: AddressProblems = { ...context.problems };
  const affected: AddressField[] = field === "country" ? ["country", "state", "zipCode"] : [field];
  for (const key of affected) {
    const problem = found[key];
    const shown = context.attempted || (key !== field && draft[key].trim() !== "");
    if (problem && shown) problems[key] = problem;
    else delete problems[key];
  }
  return problems;
}

/** The API's body: trimmed, codes in upper case, empty optional fields null. */
export function bodyOf(draft: AddressDraft): AddressBody {
  const parsed = parseAddress(draft);
  if (!parsed.ok) throw new Error("An address with problems was about to be saved");
  return parsed.address;
}

const problemCodes: readonly AddressProblem[] = [
  "required",
  "tooLong",
  "textInvalid",
  "countryInvalid",
  "stateInvalid",
  "zipInvalid",
  "emailInvalid",
];

/** The problem a server message words (server/services/addresses.ts words them as the spec does). */
function problemOfMessage(field: AddressField, message: unknown): AddressProblem {
  const text = typeof message === "string" ? message : "";
  if (problemCodes.includes(text as AddressProblem)) return text as AddressProblem;
  if (field === "email") return "emailInvalid";
  if (text.endsWith("can not be empty.")) return "required";
  if (text.includes("must not exceed")) return "tooLong";
  return "textInvalid";
}

/** The fields a refused save names (validation errors with `field`), each with its problem; else null. */
export function serverProblems(error: unknown): AddressProblems | null {
  if (errorCodeOf(error) !== ErrorCode.validation) return null;
  const details: unknown[] =
    typeof error === "object" && error !== null && "errors" in error && Array.isArray(error.errors)
      ? error.errors
      : [error];
  const problems: AddressProblems = {};
  for (const detail of details) {
    if (typeof detail !== "object" || detail === null || !("field" in detail)) continue;
    const field = detail.field as AddressField;
    if (!addressFields.includes(field)) continue;
    problems[field] ??= problemOfMessage(field, "message" in detail ? detail.message : null);
  }
  return Object.keys(problems).length > 0 ? problems : null;
}

/** Default first, then oldest first, as the server lists them. */
function inListOrder(addresses: SavedAddress[]): SavedAddress[] {
  const oldestFirst = [...addresses].sort((left, right) => left.created_at.localeCompare(right.created_at));
  return [
    ...oldestFirst.filter((address) => address.isDefault),
    ...oldestFirst.filter((address) => !address.isDefault),
  ];
}

/** The list after a removal: when the default went, the oldest remaining address is the default. */
export function withoutAddress(addresses: SavedAddress[], id: string | null): SavedAddress[] {
  const removed = addresses.find((address) => address.id === id);
  const rest = addresses.filter((address) => address.id !== id);
  if (!removed?.isDefault) return rest;
  const [oldest] = [...rest].sort((left, right) => left.created_at.localeCompare(right.created_at));
  return inListOrder(rest.map((address) => (address === oldest ? { ...address, isDefault: true } : address)));
}

/** The list after a save: the saved address in place (or added), the only default when it is one. */
export function withSaved(addresses: SavedAddress[], saved: SavedAddress): SavedAddress[] {
  const known = addresses.some((address) => address.id === saved.id);
  const merged = known
    ? addresses.map((address) => (address.id === saved.id ? saved : address))
    : [...addresses, saved];
  return inListOrder(
    merged.map((address) =>
      saved.isDefault && address.id !== saved.id && address.isDefault
        ? { ...address, isDefault: false }
        : address,
    ),
  );
}

const errorParams = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * The rider's shipping addresses (/account/addresses). `loading` fetches the list (`loadFailed` offers
 * a retry). From `list` the rider adds or edits one address at a time in `editing`, whose draft is
 * checked by the shared address rules before `saving` is ever entered, so no request leaves with a
 * problem the portal can see; a refused save returns to `editing` with everything typed and the
 * server's reason on its field. Removing asks first (`confirmRemove`), and a failed removal stays in
 * the question with its error. `settingDefault` and `removing` are states of their own so a second
 * click cannot send a second request while the first is under way. At maxAddresses the list offers no
 * "Add address" (the server would answer limitReached).
 */
export const addressesMachine = setup({
  types: {
    input: {} as AddressesInput | undefined,
    context: {} as AddressesContext,
    events: {} as AddressesEvent,
    children: {} as {
      loadAddresses: "loadAddresses";
      saveAddress: "saveAddress";
      removeAddress: "removeAddress";
      setDefaultAddress: "setDefaultAddress";
    },
  },
  actors: {
    loadAddresses: fromPromise<SavedAddress[]>(unprovided("loadAddresses")),
    saveAddress: fromPromise<SavedAddress, SaveAddressInput>(unprovided("saveAddress")),
    removeAddress: fromPromise<void, { id: string }>(unprovided("removeAddress")),
    setDefaultAddress: fromPromise<SavedAddress[], { id: string }>(unprovided("setDefaultAddress")),
  },
  actions: {
    assignAddresses: assign((_, addresses: SavedAddress[]) => ({ addresses, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCodeOf(error) })),
    clearMessages: assign({ error: null, notice: null }),
    startNew: assign({
      editingId: null,
      draft: emptyDraft(),
      problems: {},
      attempted: false,
      error: null,
      notice: null,
    }),
    startEdit: assign(({ context }, id: string) => {
      const address = context.addresses.find((entry) => entry.id === id);
      return {
        editingId: id,
        draft: address ? draftOf(address) : emptyDraft(),
        problems: {},
        attempted: false,
        error: null,
        notice: null,
      };
    }),
    change: assign(({ context }, change: { field: AddressField; value: string }) => {
      const draft = withChange(context.draft, change.field, change.value);
      return { draft, problems: problemsAfterChange(context, draft, change.field) };
    }),
    makeDefault: assign(({ context }, value: boolean) => ({ draft: { ...context.draft, isDefault: value } })),
    showProblems: assign(({ context }) => ({
      problems: addressProblems(context.draft),
      attempted: true,
      error: null,
    })),
    assignRefusal: assign(({ context }, error: unknown) => {
      const found = serverProblems(error);
      return found
        ? { problems: { ...context.problems, ...found }, attempted: true, error: null }
        : { error: errorCodeOf(error) };
    }),
    assignSaved: assign(({ context }, saved: SavedAddress) => ({
      addresses: withSaved(context.addresses, saved),
      notice: context.editingId === null ? ("added" as const) : ("updated" as const),
      editingId: null,
      problems: {},
      attempted: false,
      error: null,
    })),
    leaveForm: assign({ editingId: null, problems: {}, attempted: false, error: null }),
    /** The checkout that runs this book hears every address saved (the one it ships to). */
    tellCheckout: enqueueActions(({ context, enqueue }, address: SavedAddress) => {
      if (context.forCheckout)
        enqueue.sendParent({ type: "shipping.addressSaved", address } satisfies AddressSavedEvent);
    }),
    askRemove: assign((_, id: string) => ({ removeId: id, error: null, notice: null })),
    forgetRemove: assign({ removeId: null, error: null }),
    assignRemoved: assign(({ context }) => ({
      addresses: withoutAddress(context.addresses, context.removeId),
      removeId: null,
      error: null,
      notice: "removed" as const,
    })),
    assignDefaultSet: assign((_, addresses: SavedAddress[]) => ({
      addresses,
      error: null,
      notice: "defaultSet" as const,
    })),
  },
  delays: {
    /** The list's success and failure lines clear after the spec's 3 seconds. */
    lineLifetime: noticeLifetimeMs.success,
  },
  guards: {
    belowLimit: ({ context }) => context.addresses.length < maxAddresses,
    /** A success or failure line shows above the list. */
    hasLine: ({ context }) => context.notice !== null || context.error !== null,
    isOwnAddress: ({ context }, id: string) => context.addresses.some((address) => address.id === id),
    isOtherThanDefault: ({ context }, id: string) =>
      context.addresses.some((address) => address.id === id && !address.isDefault),
    draftIsValid: ({ context }) => Object.keys(addressProblems(context.draft)).length === 0,
    opensEmpty: ({ context }, addresses: SavedAddress[]) => context.openWhenEmpty && addresses.length === 0,
  },
}).createMachine({
  id: "addresses",
  context: ({ input }) => ({
    forCheckout: input?.forCheckout === true,
    openWhenEmpty: input?.openWhenEmpty === true,
    addresses: [],
    editingId: null,
    draft: emptyDraft(),
    problems: {},
    attempted: false,
    removeId: null,
    error: null,
    notice: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadAddresses",
        src: "loadAddresses",
        onDone: [
          {
            guard: { type: "opensEmpty", params: ({ event }) => event.output },
            target: "editing",
            actions: [{ type: "assignAddresses", params: ({ event }) => event.output }, "startNew"],
          },
          { target: "list", actions: { type: "assignAddresses", params: ({ event }) => event.output } },
        ],
        onError: { target: "loadFailed", actions: { type: "assignError", params: errorParams } },
      },
    },
    loadFailed: {
      on: { "addresses.retry": { target: "loading", actions: "clearMessages" } },
    },
    list: {
      // Each arrival in the list (a save, a removal, a default) starts the line's time again.
      after: { lineLifetime: { guard: "hasLine", actions: "clearMessages" } },
      on: {
        "address.add": { guard: "belowLimit", target: "editing", actions: "startNew" },
        "address.edit": {
          guard: { type: "isOwnAddress", params: ({ event }) => event.id },
          target: "editing",
          actions: { type: "startEdit", params: ({ event }) => event.id },
        },
        "address.remove": {
          guard: { type: "isOwnAddress", params: ({ event }) => event.id },
          target: "confirmRemove",
          actions: { type: "askRemove", params: ({ event }) => event.id },
        },
        "address.setDefault": {
          guard: { type: "isOtherThanDefault", params: ({ event }) => event.id },
          target: "settingDefault",
          actions: "clearMessages",
        },
      },
    },
    editing: {
      on: {
        "address.change": {
          actions: { type: "change", params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        "address.makeDefault": { actions: { type: "makeDefault", params: ({ event }) => event.value } },
        "address.save": [
          { guard: "draftIsValid", target: "saving", actions: "showProblems" },
          { actions: "showProblems" },
        ],
        "address.cancel": { target: "list", actions: "leaveForm" },
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "saveAddress",
        src: "saveAddress",
        input: ({ context }) => ({ id: context.editingId, body: bodyOf(context.draft) }),
        onDone: {
          target: "list",
          actions: [
            { type: "assignSaved", params: ({ event }) => event.output },
            { type: "tellCheckout", params: ({ event }) => event.output },
          ],
        },
        onError: { target: "editing", actions: { type: "assignRefusal", params: errorParams } },
      },
    },
    confirmRemove: {
      on: {
        "address.keep": { target: "list", actions: "forgetRemove" },
        "address.confirmRemove": { target: "removing", actions: "clearMessages" },
      },
    },
    removing: {
      tags: ["busy"],
      invoke: {
        id: "removeAddress",
        src: "removeAddress",
        input: ({ context }) => ({ id: context.removeId ?? "" }),
        onDone: { target: "list", actions: "assignRemoved" },
        onError: { target: "confirmRemove", actions: { type: "assignError", params: errorParams } },
      },
    },
    settingDefault: {
      tags: ["busy"],
      invoke: {
        id: "setDefaultAddress",
        src: "setDefaultAddress",
        input: ({ event }) => ({ id: event.type === "address.setDefault" ? event.id : "" }),
        onDone: {
          target: "list",
          actions: { type: "assignDefaultSet", params: ({ event }) => event.output },
        },
        onError: { target: "list", actions: { type: "assignError", params: errorParams } },
      },
    },
  },
});

/** The address the removal question is about. */
export const selectAddressToRemove = (snapshot: { context: AddressesContext }): SavedAddress | null =>
  snapshot.context.addresses.find((address) => address.id === snapshot.context.removeId) ?? null;

/** The rider keeps as many addresses as allowed: the list offers no "Add address". */
export const selectAtLimit = (snapshot: { context: AddressesContext }): boolean =>
  snapshot.context.addresses.length >= maxAddresses;
