import { assign, fromPromise, setup } from "xstate";
import { errorCodeOf } from "../domain/envelope.ts";
import { containsCardNumber } from "../domain/payments/free-text.ts";
import { type Device, deviceNicknameMaxLength } from "../domain/transit/passes.ts";
import { unprovided } from "./unprovided.ts";

/** Why a nickname is refused before it is sent. */
export type NicknameProblem = "required" | "invalid" | "tooLong";

/** What failed: the list, a rename ("Device update failed.") or a removal ("Device removed failed."). */
export interface DevicesFailure {
  kind: "load" | "update" | "remove";
  code: number;
}

export interface DevicesContext {
  devices: Device[];
  /** The device being renamed or asked about. */
  target: string | null;
  nickname: string;
  problem: NicknameProblem | null;
  failure: DevicesFailure | null;
}

export type DevicesEvent =
  | { type: "devices.retry" }
  | { type: "edit.open"; id: string }
  | { type: "edit.change"; nickname: string }
  | { type: "edit.submit" }
  | { type: "edit.cancel" }
  | { type: "remove.ask"; id: string }
  | { type: "remove.confirm" }
  | { type: "remove.cancel" };

/** The nickname as it will be sent, and what is wrong with it. */
export function nicknameProblem(nickname: string): NicknameProblem | null {
  const trimmed = nickname.trim();
  if (trimmed === "") return "required";
  // Never a card number (the server refuses it too): src/domain/payments/free-text.ts.
  if (containsCardNumber(trimmed)) return "invalid";
  return trimmed.length > deviceNicknameMaxLength ? "tooLong" : null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * /account/devices: the phones the rider's app registered, with their nickname, model and number of
 * tickets. `editing` renames one (checked here first, "Device update failed." when the server refuses),
 * `confirming` asks before a removal (the device's passes go back to the cloud). A failed rename stays
 * in the form; a failed removal goes back to the list with its message. `empty` is a rider without
 * devices.
 */
export const devicesMachine = setup({
  types: {
    context: {} as DevicesContext,
    events: {} as DevicesEvent,
    children: {} as {
      loadDevices: "loadDevices";
      renameDevice: "renameDevice";
      removeDevice: "removeDevice";
    },
  },
  actors: {
    loadDevices: fromPromise<Device[]>(unprovided("loadDevices")),
    renameDevice: fromPromise<Device, { id: string; nickname: string }>(unprovided("renameDevice")),
    removeDevice: fromPromise<void, { id: string }>(unprovided("removeDevice")),
  },
  actions: {
    assignDevices: assign((_, devices: Device[]) => ({ devices, failure: null })),
    openEdit: assign(({ context }, id: string) => ({
      target: id,
      nickname: context.devices.find((device) => device.id === id)?.nickname ?? "",
      problem: null,
      failure: null,
    })),
    changeNickname: assign((_, nickname: string) => ({ nickname, problem: null })),
    checkNickname: assign(({ context }) => ({ problem: nicknameProblem(context.nickname) })),
    replaceDevice: assign(({ context }, device: Device) => ({
      devices: context.devices.map((entry) => (entry.id === device.id ? device : entry)),
      target: null,
      nickname: "",
      failure: null,
    })),
    askRemove: assign((_, id: string) => ({ target: id, failure: null })),
    dropTarget: assign(({ context }) => ({
      devices: context.devices.filter((device) => device.id !== context.target),
      target: null,
    })),
    clearTarget: assign({ target: null, nickname: "", problem: null, failure: null }),
    assignFailure: assign((_, failure: DevicesFailure) => ({ failure })),
    notifyUpdated: unprovided("notifyUpdated"),
    notifyRemoved: unprovided("notifyRemoved"),
  },
  guards: {
    hasNoDevices: ({ context }) => context.devices.length === 0,
    isKnownDevice: ({ context }, id: string) => context.devices.some((device) => device.id === id),
    nicknameRefused: ({ context }) => nicknameProblem(context.nickname) !== null,
  },
}).createMachine({
  id: "devices",
  context: { devices: [], target: null, nickname: "", problem: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadDevices",
        src: "loadDevices",
        onDone: { target: "shown", actions: { type: "assignDevices", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: {
            type: "assignFailure",
            params: ({ event }) => ({ kind: "load", code: errorCodeOf(event.error) }),
          },
        },
      },
    },
    shown: {
      always: { guard: "hasNoDevices", target: "empty" },
      initial: "listing",
      states: {
        listing: {
          on: {
            "edit.open": {
              guard: { type: "isKnownDevice", params: ({ event }) => event.id },
              target: "editing",
              actions: { type: "openEdit", params: ({ event }) => event.id },
            },
            "remove.ask": {
              guard: { type: "isKnownDevice", params: ({ event }) => event.id },
              target: "confirming",
              actions: { type: "askRemove", params: ({ event }) => event.id },
            },
          },
        },
        editing: {
          on: {
            "edit.change": { actions: { type: "changeNickname", params: ({ event }) => event.nickname } },
            "edit.submit": [{ guard: "nicknameRefused", actions: "checkNickname" }, { target: "saving" }],
            "edit.cancel": { target: "listing", actions: "clearTarget" },
          },
        },
        saving: {
          tags: ["busy"],
          invoke: {
            id: "renameDevice",
            src: "renameDevice",
            input: ({ context }) => ({ id: context.target ?? "", nickname: context.nickname.trim() }),
            onDone: {
              target: "listing",
              actions: [{ type: "replaceDevice", params: ({ event }) => event.output }, "notifyUpdated"],
            },
            onError: {
              target: "editing",
              actions: {
                type: "assignFailure",
                params: (args) => ({ kind: "update", code: errorCodeOf(errorOf(args)) }),
              },
            },
          },
        },
        confirming: {
          on: {
            "remove.confirm": { target: "removing" },
            "remove.cancel": { target: "listing", actions: "clearTarget" },
          },
        },
        removing: {
          tags: ["busy"],
          invoke: {
            id: "removeDevice",
            src: "removeDevice",
            input: ({ context }) => ({ id: context.target ?? "" }),
            onDone: { target: "#devices.shown", reenter: true, actions: ["dropTarget", "notifyRemoved"] },
            onError: {
              target: "listing",
              actions: [
                "clearTarget",
                {
                  type: "assignFailure",
                  params: (args) => ({ kind: "remove", code: errorCodeOf(errorOf(args)) }),
                },
              ],
            },
          },
        },
      },
    },
    empty: {},
    failed: {
      on: { "devices.retry": { target: "loading" } },
    },
  },
});

/** The device a dialog is about. */
export const selectTarget = (snapshot: { context: DevicesContext }): Device | null =>
  snapshot.context.devices.find((device) => device.id === snapshot.context.target) ?? null;
