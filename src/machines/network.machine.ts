import { fromPromise, sendParent, setup } from "xstate";
import { unprovided } from "./unprovided.ts";

export type NetworkEvent =
  | { type: "network.lost" }
  | { type: "network.restored" }
  | { type: "network.retry" }
  | { type: "network.dismiss" };

/*
 * `alerting` is the "No Internet Connection" popup. A failed request (network error or 503) opens it and
 * never signs the rider out. `probing` asks the server whether it is back, so "Try again" cannot close the
 * popup on a connection that is still down; more failures while the popup is open do not stack popups.
 */
export const networkMachine = setup({
  types: {
    events: {} as NetworkEvent,
  },
  actors: {
    probeConnection: fromPromise<void>(unprovided("probeConnection")),
  },
  actions: {
    /** The root machine forwards notices to the notifications actor; tests observe it directly. */
    announceRestored: sendParent({ type: "notify.success", code: "connectionRestored" }),
  },
}).createMachine({
  id: "network",
  initial: "idle",
  states: {
    idle: {
      on: { "network.lost": "alerting" },
    },
    alerting: {
      tags: ["popup"],
      on: {
        "network.retry": "probing",
        "network.restored": "probing",
        "network.dismiss": "idle",
      },
    },
    probing: {
      tags: ["popup", "busy"],
      invoke: {
        id: "probeConnection",
        src: "probeConnection",
        onDone: { target: "idle", actions: "announceRestored" },
        onError: "alerting",
      },
    },
  },
});
