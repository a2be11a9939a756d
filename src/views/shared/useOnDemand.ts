import { type ComponentType, useCallback, useState } from "react";

/**
 * A component kept out of the first page and loaded when the rider first reaches for it (a look-alike
 * stands in until then: the language picker, the footer's "Contact Us"). `request()` starts the
 * download; the component is returned once it has arrived. A failed download leaves the look-alike.
 */
export function useOnDemand<Props>(
  load: () => Promise<ComponentType<Props>>,
): [ComponentType<Props> | null, () => void] {
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(null);
  const request = useCallback(() => {
    load()
      .then((component) => setLoaded(() => component))
      .catch((error: unknown) => console.warn("A part of the page did not load", error));
  }, [load]);
  return [Loaded, request];
}
