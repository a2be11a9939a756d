import { type EventObject, fromCallback } from "xstate";

/** A screen machine's `languageChanges` where the language never changes (model and unit tests). */
export const languageNeverChanges = fromCallback<EventObject>(() => {});

/**
 * A screen machine's `languageChanges` the test switches: `switchLanguage()` sends the machine `event`,
 * as src/app/live/language-changes.ts does at each switch; `listening()` says whether it runs.
 */
export function languageSwitch(event: EventObject) {
  const senders = new Set<() => void>();
  return {
    logic: fromCallback<EventObject>(({ sendBack }) => {
      const send = () => sendBack(event);
      senders.add(send);
      return () => void senders.delete(send);
    }),
    switchLanguage: () => {
      for (const send of senders) send();
    },
    listening: () => senders.size > 0,
  };
}
