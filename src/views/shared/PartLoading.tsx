import { Trans } from "@lingui/react/macro";
import { type ComponentType, useEffect } from "react";
import { onDemand, useOnDemand } from "../../ui/useOnDemand.ts";

/** Inside a dialog or a page, while its part downloads. */
export function PartLoading() {
  return (
    <p role="status">
      <Trans>Loading…</Trans>
    </p>
  );
}

/**
 * A part of a screen kept out of the screen's own code (a form and its checking libraries) and loaded
 * when it is first shown: "Loading…" stands in its place until it arrives, then it draws as it always
 * did (a form that takes the focus when it appears takes it then).
 */
export function shownOnDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const part = onDemand(load);
  return function OnDemandPart(props: Props) {
    const Loaded = useOnDemand(part);
    useEffect(() => {
      if (!Loaded) part.request();
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : <PartLoading />;
  };
}
