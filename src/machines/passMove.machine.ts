import { assign, emit, fromPromise, setup } from "xstate";
import { ErrorCode, errorCodeOf } from "../domain/envelope.ts";
import type { Device, MovePassRequest, PassDetail } from "../domain/transit/passes.ts";
import { unprovided } from "./unprovided.ts";

export interface PassMoveInput {
  pass: PassDetail;
}

export interface PassMoveContext {
  pass: PassDetail;
  devices: Device[];
  /** The destination chosen: "cloud" or a device id. */
  destination: string | null;
  failure: number | null;
}

export type PassMoveEvent =
  | { type: "destination.choose"; destination: string }
  | { type: "move.submit" }
  | { type: "devices.retry" };

/** The pass as it is now (moved, or found not movable any more): the history shows it. */
export type PassMoveEmitted = { type: "changed"; pass: PassDetail };

/** Where the pass is now, as a destination value ("cloud" or its device's id). */
export const whereIs = (pass: PassDetail): string =>
  pass.location === "device" && pass.device ? pass.device.id : "cloud";

/** The request a chosen destination makes. */
const requestOf = (destination: string): MovePassRequest =>
  destination === "cloud" ? { to: "cloud" } : { to: "device", device: destination };

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/*
 * The design card's pass transfer machine: an available pass goes to the cloud or to one of the
 * rider's devices. `immovable` is a pass that cannot move (active, expired or spoiled: the view says
 * why), reached at once or when the server refuses the move with passNotMovable (the pass was tapped
 * meanwhile). A move that worked says so ("Pass successfully transferred to cloud." / "...to device.")
 * and shows the pass where it went; one that failed stays with its message.
 */
export const passMoveMachine = setup({
  types: {
    context: {} as PassMoveContext,
    events: {} as PassMoveEvent,
    input: {} as PassMoveInput,
    emitted: {} as PassMoveEmitted,
    children: {} as { loadDevices: "loadDevices"; movePass: "movePass" },
  },
  actors: {
    loadDevices: fromPromise<Device[]>(unprovided("loadDevices")),
    movePass: fromPromise<PassDetail, { id: string; to: MovePassRequest }>(unprovided("movePass")),
  },
  actions: {
    assignDevices: assign((_, devices: Device[]) => ({ devices, failure: null })),
    choose: assign((_, destination: string) => ({ destination, failure: null })),
    assignMoved: assign((_, pass: PassDetail) => ({ pass, destination: null, failure: null })),
    markImmovable: assign(({ context }) => ({
      pass: { ...context.pass, can_move: false },
      destination: null,
    })),
    assignFailure: assign((_, error: unknown) => ({ failure: errorCodeOf(error) })),
    notifyMoved: unprovided("notifyMoved"),
    changed: emit(({ context }) => ({ type: "changed" as const, pass: context.pass })),
  },
  guards: {
    isImmovable: ({ context }) => !context.pass.can_move,
    isChoosable: ({ context }, destination: string) =>
      destination === "cloud" || context.devices.some((device) => device.id === destination),
    /** A destination is chosen, and it is not where the pass already is. */
    goesElsewhere: ({ context }) =>
      context.destination !== null && context.destination !== whereIs(context.pass),
    isNotMovable: (_, error: unknown) => errorCodeOf(error) === ErrorCode.passNotMovable,
  },
}).createMachine({
  id: "passMove",
  context: ({ input }) => ({ pass: input.pass, devices: [], destination: null, failure: null }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "isImmovable", target: "immovable" }, { target: "loadingDevices" }],
    },
    loadingDevices: {
      tags: ["busy"],
      invoke: {
        id: "loadDevices",
        src: "loadDevices",
        onDone: { target: "ready", actions: { type: "assignDevices", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "assignFailure", params: errorOf } },
      },
    },
    ready: {
      on: {
        "destination.choose": {
          guard: { type: "isChoosable", params: ({ event }) => event.destination },
          actions: { type: "choose", params: ({ event }) => event.destination },
        },
        "move.submit": { guard: "goesElsewhere", target: "moving" },
      },
    },
    moving: {
      tags: ["busy"],
      invoke: {
        id: "movePass",
        src: "movePass",
        input: ({ context }) => ({ id: context.pass.id, to: requestOf(context.destination ?? "cloud") }),
        onDone: {
          target: "moved",
          actions: [{ type: "assignMoved", params: ({ event }) => event.output }, "notifyMoved", "changed"],
        },
        onError: [
          {
            guard: { type: "isNotMovable", params: errorOf },
            target: "immovable",
            actions: ["markImmovable", { type: "assignFailure", params: errorOf }, "changed"],
          },
          { target: "ready", actions: { type: "assignFailure", params: errorOf } },
        ],
      },
    },
    /** The pass as the server answered it: still movable (available), or not any more. */
    moved: {
      always: [{ guard: "isImmovable", target: "immovable" }, { target: "ready" }],
    },
    immovable: {},
    failed: {
      on: { "devices.retry": { target: "loadingDevices" } },
    },
  },
});
