import { useEffect } from "react";
import { type OnDemand, useOnDemand } from "../../ui/useOnDemand.ts";

/**
 * A part of the page that a machine state opens (a drawer, a menu, a question): it downloads when the
 * state first wants it, and from then on stays drawn, so it opens, closes and animates exactly as if it
 * had been there from the start. Nothing is drawn before that: closed, it shows nothing anyway.
 */
export function WhenWanted<Props extends object>({
  part,
  wanted,
  props,
}: {
  part: OnDemand<Props>;
  wanted: boolean;
  props: Props;
}) {
  useEffect(() => {
    if (wanted) part.request();
  }, [wanted, part]);
  const Part = useOnDemand(part);
  return Part ? <Part {...props} /> : null;
}
