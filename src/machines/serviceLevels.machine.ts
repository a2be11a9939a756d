import { assign, fromPromise, setup } from "xstate";
import { unprovided } from "./unprovided.ts";

/** A service type the agency sells products for, from org_config `service_level_{type}`. */
export interface ServiceLevel {
  type: string;
  label: string;
}

export type ServiceLevelsEvent =
  | { type: "serviceLevels.load" }
  /** The language changed: the names come again in the new one (Accept-Language). */
  | { type: "serviceLevels.reload" };

export interface ServiceLevelsContext {
  levels: ServiceLevel[];
  /** Error code of the last failed load. */
  error: number | null;
}

/*
 * The agency's service types, loaded the first time a products screen asks and kept for the visit.
 * `idle` means nobody asked yet, so starting the portal costs no request; `ready` ignores further asks
 * (the list changes only with a deployment); `failed` keeps the error code and lets the screen retry.
 * A change of language names them again: a load under way starts over, a loaded list is refreshed while
 * it stays shown (a failed refresh keeps the old names until the next change).
 */
export const serviceLevelsMachine = setup({
  types: {
    context: {} as ServiceLevelsContext,
    events: {} as ServiceLevelsEvent,
  },
  actors: {
    fetchServiceLevels: fromPromise<ServiceLevel[]>(unprovided("fetchServiceLevels")),
  },
  actions: {
    assignLevels: assign((_, levels: ServiceLevel[]) => ({ levels, error: null })),
    assignError: assign((_, error: unknown) => ({
      error:
        typeof error === "object" && error !== null && "code" in error && typeof error.code === "number"
          ? error.code
          : 0,
    })),
  },
}).createMachine({
  id: "serviceLevels",
  context: { levels: [], error: null },
  initial: "idle",
  states: {
    idle: { on: { "serviceLevels.load": "loading" } },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "fetchServiceLevels",
        src: "fetchServiceLevels",
        onDone: { target: "ready", actions: { type: "assignLevels", params: ({ event }) => event.output } },
        onError: {
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
      on: { "serviceLevels.reload": { target: "loading", reenter: true } },
    },
    ready: { on: { "serviceLevels.reload": "refreshing" } },
    refreshing: {
      invoke: {
        id: "fetchServiceLevels",
        src: "fetchServiceLevels",
        onDone: { target: "ready", actions: { type: "assignLevels", params: ({ event }) => event.output } },
        onError: "ready",
      },
      on: { "serviceLevels.reload": { target: "refreshing", reenter: true } },
    },
    failed: { on: { "serviceLevels.load": "loading" } },
  },
});

export const selectServiceLevels = (snapshot: { context: ServiceLevelsContext }) => snapshot.context.levels;
