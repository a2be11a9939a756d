import { type ComponentType, type KeyboardEvent, useSyncExternalStore } from "react";
import { resilient } from "../app/chunks.ts";

/**
 * A component kept out of the first page and loaded when the rider first reaches for it; a look-alike
 * stands in until then (the language picker, the footer's "Contact Us", the products page's dropdowns).
 */
export interface OnDemand<Props> {
  /** Starts the download (once). */
  request(): void;
  preload(): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** The component once it has arrived. */
  current(): ComponentType<Props> | null;
}

/** The part's component once it has arrived (re-rendering when it does), else null. */
export function useOnDemand<Props>(part: OnDemand<Props>): ComponentType<Props> | null {
  return useSyncExternalStore(part.subscribe, part.current);
}

const everyOnDemand: Array<OnDemand<never>> = [];

export function onDemand<Props>(load: () => Promise<ComponentType<Props>>): OnDemand<Props> {
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const fetch = () => {
    // A lost connection waits for its return (src/app/chunks.ts); the look-alike stays meanwhile.
    pending ??= resilient(load)().then((component) => {
      loaded = component;
      for (const listener of listeners) listener();
    });
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const handle: OnDemand<Props> = {
    request: () => void fetch(),
    preload: () => fetch(),
    subscribe,
    current: () => loaded,
  };
  everyOnDemand.push(handle as OnDemand<never>);
  return handle;
}

/** Loads every on-demand part now (tests: each then draws in the same render, as after its first use). */
export async function preloadOnDemand(): Promise<void> {
  await Promise.all(everyOnDemand.map((handle) => handle.preload()));
}

/** A closed select's keys that open it (Enter, Space, the arrows), for a look-alike trigger. */
export function opensOnKey(event: KeyboardEvent, open: () => void): void {
  if (["Enter", " ", "ArrowDown", "ArrowUp"].includes(event.key)) {
    event.preventDefault();
    open();
  }
}
