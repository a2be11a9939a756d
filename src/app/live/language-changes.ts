import { type EventObject, fromPromise } from "xstate";
import type { LanguageChangesInput } from "../../machines/languageChanges.ts";
import type { LiveDeps } from "./deps.ts";

/**
 * A machine's `languageChanges`: while it runs, each language switch sends the machine the event
 * `relabel` makes of the new language (the checkout's `checkout.relabel`, a form's `form.relabel`
 * with the language), once the requests' language is stored, so what it asks the server again comes
 * in the new language. It never settles; stopping the machine stops it and its listening.
 */
export function languageChanges(
  deps: Pick<LiveDeps, "onLanguageChange">,
  relabel: (locale: string) => EventObject,
) {
  return fromPromise<never, LanguageChangesInput>(
    ({ input, signal }) =>
      new Promise<never>(() => {
        const stop = deps.onLanguageChange((locale) => input.machine.send(relabel(locale)));
        signal.addEventListener("abort", stop, { once: true });
      }),
  );
}
