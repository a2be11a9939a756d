import { type EventObject, fromCallback } from "xstate";
import type { LiveDeps } from "./deps.ts";

/**
 * A machine's `languageChanges`: while it runs, each language switch sends the machine `event` (the
 * checkout's `checkout.relabel`, a fare card's `card.relabel`), or the event made of the new language
 * (a form's `form.relabel`), once the requests' language is stored, so what it asks the server again
 * comes in the new language.
 */
export function languageChanges<Event extends EventObject>(
  deps: Pick<LiveDeps, "onLanguageChange">,
  event: Event | ((locale: string) => Event),
) {
  return fromCallback<EventObject>(({ sendBack }) =>
    deps.onLanguageChange((locale) => sendBack(typeof event === "function" ? event(locale) : event)),
  );
}
