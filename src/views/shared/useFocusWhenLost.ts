import { useEffect, useRef } from "react";

/**
 * Focus for a part that replaces the one holding it (the list after the form, the form after the
 * list): when the button pressed is gone, keyboard and screen-reader users continue from its heading.
 * On a new page it also takes the focus from the page's heading, where the navigation put it.
 */
export function useFocusWhenLost<Element extends HTMLElement>(again?: unknown) {
  const ref = useRef<Element>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` names a later moment to look.
  useEffect(() => {
    const refocus = () => {
      const active = document.activeElement;
      // The page's heading that a navigation focused (navigationFocus.ts) gives way to the part's own.
      if (active === null || active === document.body || active.hasAttribute("data-arrival"))
        ref.current?.focus();
    };
    refocus();
    // A closing dialog hands focus back a frame later, to a button that may be gone by then.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(refocus);
    });
    return () => cancelAnimationFrame(frame);
  }, [again]);
  return ref;
}
