import { type AnyActorRef, fromPromise } from "xstate";
import { unprovided } from "./unprovided.ts";

/** What a machine's `languageChanges` child is started with: the machine it tells of each switch. */
export interface LanguageChangesInput {
  machine: AnyActorRef;
}

/**
 * The stand-in of a machine's `languageChanges` child, which the composition provides
 * (src/app/live/language-changes.ts): started at the machine's root with the machine itself, it sends
 * the machine its relabel event at each language switch, and never settles; stopping the machine
 * stops it (its signal aborts). A promise actor, not a callback one: XState's callback actor would
 * add to the portal's first download, and this needs nothing more.
 */
export const languageChangesStandIn = () =>
  fromPromise<never, LanguageChangesInput>(unprovided("languageChanges"));
