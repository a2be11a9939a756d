import { type EventObject, fromPromise } from "xstate";
import type { LanguageChangesInput } from "../../src/machines/languageChanges.ts";

/** A machine's `languageChanges` where the language never changes (model and unit tests). */
export const languageNeverChanges = fromPromise<never, LanguageChangesInput>(
  () => new Promise<never>(() => {}),
);

/**
 * A machine's `languageChanges` the test switches: `switchLanguage(locale)` sends the machine `event`
 * (or the event made of the locale, a form's `form.relabel`), as src/app/live/language-changes.ts
 * does at each switch; `listening()` says whether it runs.
 */
export function languageSwitch(event: EventObject | ((locale: string) => EventObject)) {
  const senders = new Set<(locale: string) => void>();
  return {
    logic: fromPromise<never, LanguageChangesInput>(
      ({ input, signal }) =>
        new Promise<never>(() => {
          const send = (locale: string) =>
            input.machine.send(typeof event === "function" ? event(locale) : event);
          senders.add(send);
          signal.addEventListener("abort", () => senders.delete(send), { once: true });
        }),
    ),
    switchLanguage: (locale = "es") => {
      for (const send of senders) send(locale);
    },
    listening: () => senders.size > 0,
  };
}
