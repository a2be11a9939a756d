/**
 * Where am I after a navigation (issue 34): a page the rider goes to starts at the top, with focus on
 * its heading, so the page's name is what a screen reader says next and the keyboard starts there;
 * Back and Forward put the page back where the rider left it. The browser's own scroll restoration is
 * turned off, since it runs before a page's parts have arrived.
 *
 * Each history entry gets a key in its state (`navKey`, beside what the portal keeps there), so an
 * entry that has one is being returned to. The window's scroll position is recorded under the current
 * entry's key, and recording pauses from the moment a navigation starts (wouter's pushState event, the
 * browser's popstate) until the new page has settled, so the old page's position is not overwritten
 * when the new one clamps it.
 */

/** How long a new page may take to draw its heading, or a restored page to grow tall enough. */
const settleMs = 3000;

export interface NavigationMemory {
  /**
   * The location changed: scroll and focus the new page. Returns what stops the waiting when the
   * location changes again first.
   */
  settle(): () => void;
  stop(): void;
}

const keyOf = (state: unknown): string | null =>
  typeof state === "object" && state !== null && "navKey" in state && typeof state.navKey === "string"
    ? state.navKey
    : null;

export function createNavigationMemory(win: Window): NavigationMemory {
  const positions = new Map<string, number>();
  let first = true;
  let recording: string | null = null;
  let counter = 0;

  const ensureKey = (): string => {
    const known = keyOf(win.history.state);
    if (known) return known;
    counter += 1;
    const key = `${Date.now().toString(36)}-${counter}`;
    const state: unknown = win.history.state;
    const merged = typeof state === "object" && state !== null ? { ...state, navKey: key } : { navKey: key };
    win.history.replaceState(merged, "");
    return key;
  };

  if ("scrollRestoration" in win.history) win.history.scrollRestoration = "manual";
  const onScroll = () => {
    if (recording) positions.set(recording, win.scrollY);
  };
  // A navigation starts: the page being left keeps the position it had (the new page, drawn next,
  // may clamp the window's scroll before it has settled).
  const onPop = () => {
    recording = null;
  };
  const onPush = () => {
    recording = null;
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  win.addEventListener("popstate", onPop, true);
  // wouter announces its own history calls with events of the same names.
  win.addEventListener("pushState", onPush, true);

  /**
   * Focus on the page's heading (the screen's h1), without scrolling to it; unless a dialog or the
   * screen itself has taken the focus (a receipt focuses its own heading), which it keeps.
   */
  const focusHeading = (previous: HTMLElement | null): HTMLElement | null => {
    const document = win.document;
    const heading = document.querySelector<HTMLElement>("#main h1");
    if (!heading) return null;
    const active = document.activeElement;
    const main = document.getElementById("main");
    if (active?.closest("[role='dialog'], [role='alertdialog']")) return heading;
    if (active && active !== main && active !== previous && main?.contains(active)) return heading;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
    return heading;
  };

  return {
    settle() {
      // An entry seen before has its key already: Back or Forward came to it (the navigation's own
      // events may reach us after the portal has drawn it). A new entry has none yet.
      const now = keyOf(win.history.state) === null ? "push" : "pop";
      const key = ensureKey();
      if (first) {
        first = false;
        recording = key;
        return () => undefined;
      }
      recording = null;
      const target = now === "pop" ? (positions.get(key) ?? 0) : 0;
      win.scrollTo(0, target);
      let focused: { element: HTMLElement; text: string } | null = null;
      let stopped = false;
      const main = win.document.getElementById("main");
      const gestures = ["pointerdown", "keydown", "wheel", "touchmove"] as const;
      /** Looks again: the page's parts arrive, a part scrolls its own heading into view. */
      const look = () => {
        if (stopped) return;
        if (now === "push") {
          // The heading may come with the screen's download, or change as its data arrives.
          const heading = win.document.querySelector<HTMLElement>("#main h1");
          if (heading && (heading !== focused?.element || heading.textContent !== focused.text)) {
            const element = focusHeading(focused?.element ?? null);
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
      look();
      // A navigation before this one settled: stop waiting, record nothing (the new page has drawn).
      return () => end(false);
    },
    stop() {
      win.removeEventListener("scroll", onScroll);
      win.removeEventListener("popstate", onPop, true);
      win.removeEventListener("pushState", onPush, true);
    },
  };
}

let shared: { win: Window; memory: NavigationMemory } | null = null;

/**
 * The window's one memory, made on first use and kept for the page's life: a layout drawn again (a
 * language loaded, a session restored) must not forget where the earlier pages were.
 */
export function navigationMemory(win: Window): NavigationMemory {
  if (shared?.win !== win) shared = { win, memory: createNavigationMemory(win) };
  return shared.memory;
}
