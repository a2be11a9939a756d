import { useEffect, useRef } from "react";

/**
 * Focus for a part that replaces the one holding it (the list after the form, the form after the
 * list): when the button pressed is gone, keyboard and screen-reader users continue from its heading.
 */
export function useFocusWhenLost<Element extends HTMLElement>(again?: unknown) {
  const ref = useRef<Element>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` names a later moment to look.
  useEffect(() => {
    const refocus = () => {
      const active = document.activeElement;
      if (active === null || active === document.body) ref.current?.focus();
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
