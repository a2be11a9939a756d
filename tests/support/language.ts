import { type EventObject, fromCallback } from "xstate";

/** A screen machine's `languageChanges` where the language never changes (model and unit tests). */
export const languageNeverChanges = fromCallback<EventObject>(() => {});

/**
 * A machine's `languageChanges` the test switches: `switchLanguage(locale)` sends the machine `event`
 * (or the event made of the locale, a form's `form.relabel`), as src/app/live/language-changes.ts
 * does at each switch; `listening()` says whether it runs.
 */
export function languageSwitch(event: EventObject | ((locale: string) => EventObject)) {
  const senders = new Set<(locale: string) => void>();
  return {
    logic: fromCallback<EventObject>(({ sendBack }) => {
      const send = (locale: string) => sendBack(typeof event === "function" ? event(locale) : event);
      senders.add(send);
      return () => void senders.delete(send);
    }),
    switchLanguage: (locale = "es") => {
      for (const send of senders) send(locale);
    },
    listening: () => senders.size > 0,
  };
}
