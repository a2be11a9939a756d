/**
 * The code of a screen, a dialog or a language arrives as a chunk when first needed (README: how
 * routes are split), so a rider whose connection drops may reach for a chunk that cannot come. Such a
 * load is never an error screen: it reports the connection lost (the "No Internet Connection" popup,
 * as a failed request does) and waits, then loads again once the connection is back (the popup's
 * probe succeeded, or the browser says it is online). The screen meanwhile shows its loading state.
 */
let reportLost: () => void = () => {};
let waiting: Array<() => void> = [];

/** Wires chunk failures to the app (src/app/live.ts): `lost` opens the popup. */
export function connectChunks(options: { lost: () => void }): void {
  reportLost = options.lost;
}

/** The connection is back: every chunk waiting for it loads again. */
export function retryChunks(): void {
  const resume = waiting;
  waiting = [];
  for (const load of resume) load();
}

/** `load`, retried each time the connection comes back until it succeeds. */
export function resilient<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (;;) {
      try {
        return await load();
      } catch (error) {
        console.warn("A part of the portal could not be downloaded; waiting for the connection", error);
        reportLost();
        await new Promise<void>((resume) => waiting.push(resume));
      }
    }
  };
}
