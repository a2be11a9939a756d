import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n } from "../src/i18n/i18n.ts";
import { preloadSheet } from "../src/ui/Sheet.tsx";
import { preloadOnDemand } from "../src/ui/useOnDemand.ts";
// The modules that declare on-demand parts (useOnDemand.ts), so preloadOnDemand() below finds them all.
import "../src/views/account/AddressForm.tsx";
import "../src/views/account/BankForm.tsx";
import "../src/views/account/CardForm.tsx";
import "../src/views/account/DeactivationView.tsx";
import "../src/views/account/SecurityQuestionsView.tsx";
import "../src/views/checkout/onDemand.ts";
import "../src/views/fare-cards/FareCardsView.tsx";
import "../src/views/fare-cards/LinkCardDialog.tsx";
import "../src/views/layout/Footer.tsx";
import "../src/views/layout/layout-parts.ts";
import "../src/views/layout/LanguagePicker.tsx";
import "../src/views/passes/PassHistoryView.tsx";
import "../src/views/shop/ProductsView.tsx";
import "../src/ui/QuantityInput.tsx";
import "../src/views/wallet/onDemand.ts";

// What jsdom lacks and Ark UI's positioning and scrolling use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => {};
// jsdom has <dialog> but not its modal API (the first-visit prompt opens with showModal).
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute("open");
};
Element.prototype.scrollTo ??= () => {};

/*
 * No motion in the test environment. A closing Ark dialog stays mounted until the exit animation its
 * computed style names ends (@zag-js/presence), so nothing here may compute one: the environment asks
 * for reduced motion, as the e2e suite does (panda.config.ts turns every animation off for it), and a
 * sheet below any other styles names no animation at all, should a test ever load the app's CSS or set
 * one inline. jsdom has no matchMedia of its own.
 */
const reducedMotion = /\(\s*prefers-reduced-motion\s*:\s*reduce\s*\)/;
window.matchMedia = (query: string) =>
  ({
    matches: reducedMotion.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
// A worker runs this file before each test file (`isolate: false` keeps one environment for them):
// what it adds to the page or wraps, it does once per document.
if (!document.head.querySelector('style[data-test="no-motion"]')) {
  const noMotion = document.createElement("style");
  noMotion.dataset.test = "no-motion";
  noMotion.textContent =
    "* { animation-name: none !important; animation-duration: 0s !important; transition-duration: 0s !important; }";
  document.head.append(noMotion);
}

/*
 * Animation frames, counted. Without an animation, Ark still settles a dialog one frame after it opens
 * or closes: the presence unmounts a closed part, the page beneath an open modal turns aria-hidden and
 * the focus trap starts (all requestAnimationFrame, which jsdom runs on a 16 ms timer). Frames still run
 * on their own; `runAnimationFrames` lets a test run the pending ones at once instead of waiting on the
 * clock for them (tests/model/view-harness.tsx does after every step, inside act).
 */
interface FrameClock {
  pending: Map<number, FrameRequestCallback>;
  cancel: (id: number) => void;
}
const frameClockKey = Symbol.for("transit-portal.test.frameClock");
const page = document as Document & { [frameClockKey]?: FrameClock };

function countFrames(): FrameClock {
  const pending = new Map<number, FrameRequestCallback>();
  const requestFrame = globalThis.requestAnimationFrame.bind(globalThis);
  const cancel = globalThis.cancelAnimationFrame.bind(globalThis);
  globalThis.requestAnimationFrame = (callback) => {
    const id = requestFrame((time) => {
      pending.delete(id);
      callback(time);
    });
    pending.set(id, callback);
    return id;
  };
  globalThis.cancelAnimationFrame = (id) => {
    pending.delete(id);
    cancel(id);
  };
  return { pending, cancel };
}
page[frameClockKey] ??= countFrames();
const frames: FrameClock = page[frameClockKey];

/** Whether a requested animation frame has not run yet. */
export const animationFramePending = (): boolean => frames.pending.size > 0;

/** Runs the animation frames requested so far, as one frame (those they request wait for the next). */
export function runAnimationFrames(): void {
  const due = [...frames.pending];
  frames.pending.clear();
  const time = performance.now();
  for (const [id, callback] of due) {
    frames.cancel(id);
    callback(time);
  }
}

/*
 * findBy* and waitFor wait for React to render what a promise or an event brought; each passes as soon
 * as it does. The deadline only decides how long a broken test takes to fail: 1 s (the default) is
 * shorter than a pause of a machine whose cores are busy with something else.
 */
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.lang = "en";
  // A test that switched the language (a whole portal's picker) leaves the next file in this worker
  // English, as every file expects (isolate: false shares the i18n instance).
  if (i18n.locale !== "en") i18n.activate("en");
});

// Sheets load Ark's dialog when one first opens (src/ui/Sheet.tsx); loaded here once, every sheet in a
// test draws in the same render as the state that opens it, as in a browser after the first. The same
// for the parts that load on the rider's first reach (language picker, Contact Us, dropdowns): the
// portal's own, once per worker, not the parts a test file declares afterwards (some never arrive).
const preloadedKey = Symbol.for("transit-portal.test.preloaded");
const scope = globalThis as typeof globalThis & { [preloadedKey]?: Promise<unknown> };
scope[preloadedKey] ??= Promise.all([preloadSheet(), preloadOnDemand()]);
await scope[preloadedKey];
