/**
 * Where am I after a navigation (issue 34): a page the rider goes to starts at the top, with focus on
 * its heading, so the page's name is what a screen reader says next and the keyboard starts there;
 * Back and Forward put the page back where the rider left it. The browser's own scroll restoration is
 * turned off, since it runs before a page's parts have arrived.
 *
 * Downloaded at the rider's first navigation (./firstPage.ts remembers the page the portal opened on
 * until then), and from then on it follows the history itself: wouter's pushState and replaceState
 * events (its history calls, and the checkout's `#review` step, announce themselves with them) and
 * the browser's popstate. Each history entry gets a key in its state (`navKey`, beside what the portal
 * keeps there): a popstate to an entry with a key returns to a page seen before. The window's scroll is
 * recorded under the current entry's key, and recording pauses from the moment a navigation starts
 * until the new page has settled, so the old page's position is not overwritten when the new one
 * clamps it.
 */
import type { FirstPage } from "./firstPage.ts";

/** How long a new page may take to draw its heading, or a restored page to grow tall enough. */
const settleMs = 3000;

type Arrival = "push" | "pop";

const keyOf = (state: unknown): string | null =>
  typeof state === "object" && state !== null && "navKey" in state && typeof state.navKey === "string"
    ? state.navKey
    : null;

/**
 * Follows the window's history from the first navigation on. `first`: the page the portal opened on,
 * and how the rider left it (`arrival`).
 */
export function followNavigation(win: Window, first: FirstPage, arrival: Arrival): void {
  const { history, document } = win;
  const positions = new Map<string, number>([[first.key, first.y]]);
  let recording: string | null = null;
  let counter = 0;
  let href = win.location.href;
  let stopSettling = () => {};

  /** The current entry's key, given a new one when it has none, or when `fresh` (a pushed copy). */
  const stamp = (fresh: boolean): string => {
    const known = keyOf(history.state);
    if (known && !fresh) return known;
    counter += 1;
    const key = `${Date.now().toString(36)}-${counter}`;
    const state: unknown = history.state;
    history.replaceState(
      typeof state === "object" && state !== null ? { ...state, navKey: key } : { navKey: key },
      "",
    );
    return key;
  };

  /**
   * The key of the entry Back or Forward came to. One without a key is the page the portal opened on
   * (firstPage.ts records it under ""): it gets a key, and keeps its position.
   */
  const returnedTo = (): string => {
    const known = keyOf(history.state);
    if (known) return known;
    const key = stamp(false);
    positions.set(key, positions.get("") ?? 0);
    return key;
  };

  /**
   * Focus on the page's heading (the screen's h1), without scrolling to it; unless a dialog or the
   * screen itself has taken the focus (a receipt focuses its own heading), which it keeps. `left`: what
   * had the focus when the navigation started (the link pressed), `previous`: the heading focused last.
   */
  const focusHeading = (left: Element | null, previous: HTMLElement | null): HTMLElement | null => {
    const heading = document.querySelector<HTMLElement>("#main h1");
    if (!heading) return null;
    const active = document.activeElement;
    const main = document.getElementById("main");
    if (active?.closest("[role='dialog'], [role='alertdialog']")) return heading;
    if (active && active !== main && active !== previous && active !== left && main?.contains(active))
      return heading;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    // A part that focuses its own heading as it arrives (useFocusWhenLost.ts) may take it from here.
    heading.setAttribute("data-arrival", "");
    heading.focus({ preventScroll: true });
    return heading;
  };

  /** A new page: to the top and its heading, or a page returned to: where it was. */
  const settle = (now: Arrival, key: string, left: Element | null): (() => void) => {
    recording = null;
    href = win.location.href;
    const target = now === "pop" ? (positions.get(key) ?? 0) : 0;
    win.scrollTo(0, target);
    let focused: { element: HTMLElement; text: string } | null = null;
    let stopped = false;
    const main = document.getElementById("main");
    const gestures = ["pointerdown", "keydown", "wheel", "touchmove"] as const;
    /** Looks again: the page's parts arrive, a part scrolls its own heading into view. */
    const look = () => {
      if (stopped) return;
      if (now === "push") {
        // The heading may come with the screen's download, or change as its data arrives.
        const heading = document.querySelector<HTMLElement>("#main h1");
        if (heading && (heading !== focused?.element || heading.textContent !== focused.text)) {
          const element = focusHeading(left, focused?.element ?? null);
          if (element) focused = { element, text: element.textContent ?? "" };
        }
      } else if (Math.abs(win.scrollY - target) > 1) {
        // Until the page has grown tall enough to be where it was.
        win.scrollTo(0, target);
      }
    };
    const observer = new MutationObserver(look);
    if (main) observer.observe(main, { childList: true, subtree: true, characterData: true });
    const timer = win.setTimeout(() => end(true), settleMs);
    /** Stops waiting; `settled`: this page is the rider's now, and its position is recorded. */
    const end = (settled: boolean) => {
      if (stopped) return;
      stopped = true;
      observer.disconnect();
      win.clearTimeout(timer);
      win.removeEventListener("scroll", look);
      for (const gesture of gestures) win.removeEventListener(gesture, finish, true);
      if (settled) {
        recording = key;
        positions.set(key, win.scrollY);
      }
    };
    const finish = () => end(true);
    // The rider acting first wins: no focus or scroll is taken from them.
    for (const gesture of gestures) win.addEventListener(gesture, finish, true);
    win.addEventListener("scroll", look, { passive: true });
    // The page is drawn after its history event: look once it has been.
    win.requestAnimationFrame(look);
    return () => end(false);
  };

  /** A navigation: the page before stops settling (records nothing) and the new one settles. */
  const arrive = (now: Arrival, key: string, left: Element | null) => {
    stopSettling();
    stopSettling = settle(now, key, left);
  };

  if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  win.addEventListener(
    "scroll",
    () => {
      if (recording) positions.set(recording, win.scrollY);
    },
    { passive: true },
  );
  // A pushed entry may carry a copy of the state before it (the checkout's Review does): a key of its own.
  win.addEventListener("pushState", () => arrive("push", stamp(true), document.activeElement), true);
  win.addEventListener("popstate", () => arrive("pop", returnedTo(), document.activeElement), true);
  win.addEventListener(
    "replaceState",
    () => {
      // Another address in place of this one (a guard's redirect, a screen's own): a new page. The same
      // address with new state keeps the entry's key, which the portal's state may have dropped.
      if (win.location.href !== href) arrive("push", stamp(false), document.activeElement);
      else if (recording && keyOf(history.state) !== recording) {
        const state: unknown = history.state;
        history.replaceState(
          { ...(typeof state === "object" && state !== null ? state : {}), navKey: recording },
          "",
        );
      }
    },
    true,
  );
  // The first navigation, which downloaded this: settled now that it is here.
  arrive(arrival, arrival === "pop" ? returnedTo() : stamp(true), first.left);
}
