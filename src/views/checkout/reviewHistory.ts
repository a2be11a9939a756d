import type { CheckoutRef } from "./parts.tsx";

const reviewHash = "#review";

/**
 * Review is a step of the browser's history (issue 34): entering it adds `#review` to /checkout, so
 * Back from Review returns to Details with every choice kept (checkout.edit) instead of leaving the
 * checkout, and Forward goes to Review again (checkout.review, which still checks every choice). Only
 * the entry this page added is taken back when the checkout leaves Review by itself (Edit, a decline);
 * a reload that opens on `#review` just drops the hash, as the checkout starts over at Details.
 * `added`: the page already added the Review entry (./Purchase.tsx does, as it downloads this).
 */
export function followReviewHistory(checkout: CheckoutRef, browser: Window, added: boolean): () => void {
  const { history, location } = browser;
  const atReview = () => location.hash === reviewHash;
  const withoutHash = () => `${location.pathname}${location.search}`;
  if (atReview() && !checkout.getSnapshot().matches("review")) {
    history.replaceState(history.state, "", withoutHash());
  }
  const follow = (snapshot: ReturnType<CheckoutRef["getSnapshot"]>) => {
    if (snapshot.matches("review") && !atReview()) {
      history.pushState(history.state, "", `${withoutHash()}${reviewHash}`);
      added = true;
    } else if (snapshot.matches({ details: "idle" }) && atReview()) {
      // Left Review by a button (Edit) or an answer (a decline): the Review entry goes too.
      if (added) history.back();
      else history.replaceState(history.state, "", withoutHash());
      added = false;
    }
  };
  const onPopState = () => {
    const snapshot = checkout.getSnapshot();
    if (!atReview()) {
      added = false;
      if (snapshot.matches("review")) checkout.send({ type: "checkout.edit" });
    } else if (snapshot.matches({ details: "idle" })) {
      added = true;
      checkout.send({ type: "checkout.review" });
    }
  };
  const subscription = checkout.subscribe(follow);
  // Loaded on the way into Review: the rider may have pressed Back meanwhile, or be in Review still.
  if (added && !atReview()) onPopState();
  else follow(checkout.getSnapshot());
  browser.addEventListener("popstate", onPopState);
  return () => {
    subscription.unsubscribe();
    browser.removeEventListener("popstate", onPopState);
  };
}
