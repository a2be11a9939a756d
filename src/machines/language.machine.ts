import { assign, fromPromise, sendParent, setup } from "xstate";
import type { LocaleCode } from "../domain/portal-config.ts";
import { unprovided } from "./unprovided.ts";

export type LanguageEvent = { type: "language.change"; locale: LocaleCode };

export interface LanguageInput {
  offered: LocaleCode[];
  /** The stored language when it is offered, otherwise the deployment's default. */
  initial: LocaleCode;
  /** The language whose catalog ships inside the bundle and is always active at start. */
  fallback: LocaleCode;
}

export interface LanguageContext {
  offered: LocaleCode[];
  /** The language on screen. */
  current: LocaleCode;
  /** The language being loaded. */
  requested: LocaleCode;
}

/*
 * `loading.starting` loads the stored language's catalog before the first screen renders, so a rider
 * never sees a flash of the default language. `loading.switching` does the same for a later change
 * while the current screen stays up; in both, the language is shown and stored only once its catalog has loaded, so a
 * failed download leaves the previous language active instead of a blank page. Changes asked for while
 * a catalog is loading are dropped rather than queued behind it.
 */
export const languageMachine = setup({
  types: {
    input: {} as LanguageInput,
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    activateLocale: fromPromise<void, { locale: LocaleCode }>(unprovided("activateLocale")),
  },
  actions: {
    storeLanguage: unprovided("storeLanguage"),
    assignRequested: assign({
      requested: ({ context, event }) =>
        event.type === "language.change" ? event.locale : context.requested,
    }),
    assignCurrent: assign({ current: ({ context }) => context.requested }),
    announceFailure: sendParent({ type: "notify.error", code: "languageChangeFailed" }),
  },
  guards: {
    isOtherOfferedLocale: ({ context, event }) =>
      context.offered.includes(event.locale) && event.locale !== context.current,
  },
}).createMachine({
  id: "language",
  context: ({ input }) => ({ offered: input.offered, current: input.fallback, requested: input.initial }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      initial: "starting",
      invoke: {
        id: "activateLocale",
        src: "activateLocale",
        input: ({ context }) => ({ locale: context.requested }),
        onDone: { target: "ready", actions: ["assignCurrent", "storeLanguage"] },
        onError: { target: "ready", actions: "announceFailure" },
      },
      states: {
        /** The stored language, before the first screen. */
        starting: {},
        /** A rider's change, while the current screen stays up. */
        switching: {},
      },
    },
    ready: {
      on: {
        "language.change": {
          guard: "isOtherOfferedLocale",
          target: "loading.switching",
          actions: "assignRequested",
        },
      },
    },
  },
});

export const selectHasStarted = (snapshot: { matches: (state: { loading: "starting" }) => boolean }) =>
  !snapshot.matches({ loading: "starting" });
export const selectLocale = (snapshot: { context: LanguageContext }) => snapshot.context.current;
const _selectOffered = (snapshot: { context: LanguageContext }) => snapshot.context.offered;
