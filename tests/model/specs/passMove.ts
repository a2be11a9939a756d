import { expect } from "vitest";
import { passMoveMachine, whereIs } from "../../../src/machines/passMove.machine.ts";
import { activePass, cloudPass, devicePass, phone, spoiledPass, tablet } from "../../support/passes.ts";
import { defineModel, type EventSamples } from "../harness.ts";
import { networkError, serverError } from "./orderSummary.ts";

type ActorEvents =
  | "xstate.done.actor.loadDevices"
  | "xstate.error.actor.loadDevices"
  | "xstate.done.actor.movePass"
  | "xstate.error.actor.movePass";

const notMovableError = { code: 42219, message: "This pass cannot be moved." };

/** Moved, and expired on the way: the server answers it as it is now. */
const expiredOnDevice = { ...devicePass, status: "expired" as const, can_move: false };

const events = {
  "destination.choose": [
    { type: "destination.choose", destination: "cloud" },
    { type: "destination.choose", destination: phone.id },
    { type: "destination.choose", destination: "ffffffff-0000-4000-8000-00000000dead" },
  ],
  "move.submit": [{ type: "move.submit" }],
  "devices.retry": [{ type: "devices.retry" }],
  "xstate.done.actor.loadDevices": [
    { type: "xstate.done.actor.loadDevices", output: [phone, tablet] },
    { type: "xstate.done.actor.loadDevices", output: [] },
  ],
  "xstate.error.actor.loadDevices": [{ type: "xstate.error.actor.loadDevices", error: networkError }],
  "xstate.done.actor.movePass": [
    { type: "xstate.done.actor.movePass", output: devicePass },
    { type: "xstate.done.actor.movePass", output: cloudPass },
    { type: "xstate.done.actor.movePass", output: expiredOnDevice },
  ],
  "xstate.error.actor.movePass": [
    { type: "xstate.error.actor.movePass", error: notMovableError },
    { type: "xstate.error.actor.movePass", error: serverError },
  ],
} satisfies EventSamples<typeof passMoveMachine, ActorEvents>;

/** Where the toasts said the pass went. */
const passMoveEffects: string[] = [];

const choose = events["destination.choose"];
const submit = events["move.submit"][0];
const devices = events["xstate.done.actor.loadDevices"];
const moved = events["xstate.done.actor.movePass"];
const moveFailed = events["xstate.error.actor.movePass"];

export const passMoveModel = defineModel({
  name: "passMove",
  machine: passMoveMachine.provide({
    actions: {
      notifyMoved: ({ context }) =>
        void passMoveEffects.push(context.pass.location === "cloud" ? "toCloud" : "toDevice"),
    },
  }),
  // The pass as it is now goes to the history (`changed`, with the pass's id and where it is).
  emitted: (emitted) =>
    void passMoveEffects.push(
      emitted.type === "changed"
        ? `changed ${emitted.pass.id} ${emitted.pass.location} ${emitted.pass.can_move}`
        : emitted.type,
    ),
  inputs: [{ pass: cloudPass }, { pass: devicePass }, { pass: activePass }, { pass: spoiledPass }],
  deferred: ["loadDevices", "movePass"],
  events,
  pathKinds: ["shortest", "edge"],
  filterEvents: (snapshot, event) => {
    // The server answers the pass where it was asked to go.
    if (event.type === "xstate.done.actor.movePass") {
      const to = snapshot.children.movePass?.getSnapshot().input?.to;
      return to?.to === "cloud" ? event.output === cloudPass : event.output !== cloudPass;
    }
    return true;
  },
  serialize: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      whereIs(snapshot.context.pass),
      snapshot.context.pass.can_move,
      snapshot.context.devices.length,
      snapshot.context.destination,
      snapshot.context.failure,
    ]),
  invariants: [
    {
      name: "an immovable pass is never sent anywhere",
      holds: (s) => !s.matches("moving") || s.context.pass.can_move,
    },
    {
      name: "a move goes somewhere else than where the pass is",
      holds: (s) => !s.matches("moving") || s.context.destination !== whereIs(s.context.pass),
    },
    {
      name: "the chosen destination is the cloud or a listed device",
      holds: (s) =>
        s.context.destination === null ||
        s.context.destination === "cloud" ||
        s.context.devices.some((device) => device.id === s.context.destination),
    },
  ],
  states: {
    loadingDevices: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(true);
      expect(snapshot.context.pass.can_move).toBe(true);
    },
    ready: (snapshot) => {
      expect(snapshot.hasTag("busy")).toBe(false);
      expect(snapshot.context.pass.can_move).toBe(true);
      expect(snapshot.can(submit)).toBe(
        snapshot.context.destination !== null &&
          snapshot.context.destination !== whereIs(snapshot.context.pass),
      );
    },
    moving: (snapshot) => {
      const { destination } = snapshot.context;
      expect(snapshot.children.movePass?.getSnapshot().input).toEqual({
        id: snapshot.context.pass.id,
        to: destination === "cloud" ? { to: "cloud" } : { to: "device", device: destination },
      });
    },
    immovable: (snapshot) => {
      expect(snapshot.context.pass.can_move).toBe(false);
      expect(snapshot.can(submit)).toBe(false);
      expect([null, 42219]).toContain(snapshot.context.failure);
    },
    failed: (snapshot) => {
      expect(snapshot.context.failure).toBe(50301);
      expect(snapshot.can({ type: "devices.retry" })).toBe(true);
    },
  },
  journeys: [
    {
      name: "devices that could not be read stop at the failure: nothing is asked again until a retry",
      events: [events["xstate.error.actor.loadDevices"][0]],
      expected: "failed",
      ends: (snapshot) => expect(snapshot.children.loadDevices).toBeUndefined(),
    },
    {
      name: "a pass in the cloud goes to the rider's phone and says so",
      before: () => void passMoveEffects.splice(0),
      events: [devices[0], choose[1], submit, moved[0]],
      expected: "ready",
      ends: (snapshot) => {
        expect(snapshot.context.pass).toBe(devicePass);
        expect(snapshot.context.destination).toBeNull();
        expect(passMoveEffects).toEqual(["toDevice", `changed ${devicePass.id} device true`]);
      },
    },
    {
      name: "a pass on a device comes back to the cloud and says so",
      input: 1,
      before: () => void passMoveEffects.splice(0),
      events: [devices[0], choose[0], submit, moved[1]],
      expected: "ready",
      ends: (snapshot) => {
        expect(snapshot.context.pass.location).toBe("cloud");
        expect(passMoveEffects).toEqual(["toCloud", `changed ${cloudPass.id} cloud true`]);
      },
    },
    {
      name: "a pass answered as no longer movable after its move shows why it cannot move again",
      events: [devices[0], choose[1], submit, moved[2]],
      expected: "immovable",
      ends: (snapshot) => {
        expect(snapshot.context.pass).toBe(expiredOnDevice);
        expect(snapshot.context.failure).toBeNull();
      },
    },
    {
      name: "moving a pass to where it already is sends nothing",
      events: [devices[0], choose[0], submit],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.children.movePass).toBeUndefined(),
    },
    {
      name: "nothing is sent before a destination is chosen",
      events: [devices[0], submit],
      expected: "ready",
    },
    {
      name: "a device that is not the rider's cannot be chosen",
      events: [devices[0], choose[2]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.destination).toBeNull(),
    },
    {
      name: "a rider without devices can only keep the pass in the cloud",
      events: [devices[1], choose[1]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.destination).toBeNull(),
    },
    {
      name: "an active pass cannot move: nothing is loaded",
      input: 2,
      events: [],
      expected: "immovable",
      ends: (snapshot) => expect(snapshot.children.loadDevices).toBeUndefined(),
    },
    {
      name: "a spoiled pass cannot move either",
      input: 3,
      events: [],
      expected: "immovable",
      ends: (snapshot) => expect(snapshot.context.pass.status).toBe("spoiled"),
    },
    {
      name: "a pass tapped meanwhile is refused by the server and becomes immovable",
      before: () => void passMoveEffects.splice(0),
      events: [devices[0], choose[1], submit, moveFailed[0]],
      expected: "immovable",
      ends: (snapshot) => {
        expect(snapshot.context.failure).toBe(42219);
        // Not moved, but not movable any more: the history shows that too.
        expect(passMoveEffects).toEqual([`changed ${cloudPass.id} cloud false`]);
      },
    },
    {
      name: "a move that failed keeps the choice to try again",
      events: [devices[0], choose[1], submit, moveFailed[1]],
      expected: "ready",
      ends: (snapshot) => {
        expect(snapshot.context.failure).toBe(50001);
        expect(snapshot.context.destination).toBe(phone.id);
        expect(snapshot.context.pass).toBe(cloudPass);
      },
    },
    {
      name: "choosing again clears the failure",
      events: [devices[0], choose[1], submit, moveFailed[1], choose[0]],
      expected: "ready",
      ends: (snapshot) => expect(snapshot.context.failure).toBeNull(),
    },
    {
      name: "devices that could not be read are retried by hand",
      events: [events["xstate.error.actor.loadDevices"][0], events["devices.retry"][0], devices[0]],
      expected: "ready",
      ends: (snapshot) => {
        expect(snapshot.context.failure).toBeNull();
        expect(snapshot.context.devices).toEqual([phone, tablet]);
      },
    },
  ],
});
