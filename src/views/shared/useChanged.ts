import { useEffect, useRef } from "react";
import type { Subscription } from "xstate";

/** A machine that emits `changed` when what its parent shows changed (value added, pass moved, saved). */
interface EmitsChanged<Emitted extends { type: "changed" }> {
  on(type: "changed", handler: (emitted: Emitted) => void): Subscription;
}

/**
 * Passes each `changed` the machine emits to `onChanged` (the parent reads the card again, the
 * history shows the moved pass): once per change, whatever the parent passes on its next renders.
 */
export function useChanged<Emitted extends { type: "changed" }>(
  actor: EmitsChanged<Emitted>,
  onChanged: (emitted: Emitted) => void,
): void {
  const latest = useRef(onChanged);
  latest.current = onChanged;
  useEffect(() => {
    const subscription = actor.on("changed", (emitted) => latest.current(emitted));
    return () => subscription.unsubscribe();
  }, [actor]);
}
