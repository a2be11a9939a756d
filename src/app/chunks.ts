/**
 * The code of a screen, a dialog or a language arrives as a chunk when first needed (README: how
 * routes are split), so a rider whose connection drops may reach for a chunk that cannot come. Such a
 * load is never an error screen: it reports the connection lost (the "No Internet Connection" popup,
 * as a failed request does) and waits. A browser remembers a module it failed to fetch, so once the
 * connection is back (the popup's probe succeeded) the page loads again where the rider was: the
 * session and the cart are in storage, and "You are back online." is said after the reload.
 */
let reportLost: () => void = () => {};
let reload: () => void = () => {};
let failed = false;

/** Wires chunk failures to the app (src/app/live.ts): `lost` opens the popup, `reload` starts again. */
export function connectChunks(options: { lost: () => void; reload: () => void }): void {
  reportLost = options.lost;
  reload = options.reload;
}

/** The connection is back: if a part could not be downloaded meanwhile, the page loads again. */
export function retryChunks(): void {
  if (failed) reload();
}

/** `load`, which on failure reports the connection lost and waits for the reload that retries it. */
export function resilient<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      console.warn("A part of the portal could not be downloaded; waiting for the connection", error);
      failed = true;
      reportLost();
      return new Promise<T>(() => {});
    });
}
