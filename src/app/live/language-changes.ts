import { type EventObject, fromCallback } from "xstate";
import type { LiveDeps } from "./deps.ts";

/**
 * A screen machine's `languageChanges`: while it runs, each language switch sends the machine
 * `event` (the checkout's `checkout.relabel`, a fare card's `card.relabel`), once the requests'
 * language is stored, so what it asks the server again comes in the new language.
 */
export function languageChanges<Event extends EventObject>(deps: LiveDeps, event: Event) {
  return fromCallback<EventObject>(({ sendBack }) => deps.onLanguageChange(() => sendBack(event)));
}
