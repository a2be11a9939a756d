import { type ReactNode, useId, useState } from "react";
import { cx } from "../../../styled-system/css";
import { select } from "../../../styled-system/recipes";
import { type OnDemand, opensOnKey, useOnDemand } from "../../ui/useOnDemand.ts";

/** What the rider asked of a look-alike before the real select arrived. */
export interface LookAlikeIntent {
  /** Pressed it (or a key that opens it): the select opens as it mounts. */
  open: boolean;
  /** Focused it: the select takes focus as it mounts. */
  focus: boolean;
}

/**
 * An on-demand select and the rider's intent so far: `Part` once it has arrived (draw it with
 * `defaultOpen={intent.open}` and `autoFocus={intent.focus}`), and `want`, which the look-alike calls on
 * focus (`want(false)`) and on a press (`want(true)`).
 */
export function useLookAlike<Props>(part: OnDemand<Props>) {
  const Part = useOnDemand(part);
  const [intent, setIntent] = useState<LookAlikeIntent>({ open: false, focus: false });
  const want = (open: boolean) => {
    setIntent((current) => ({ open: current.open || open, focus: true }));
    part.request();
  };
  return { Part, intent, want, request: part.request };
}

/**
 * A closed select's trigger in Ark's markup and the select recipe's styles, drawn while the real select
 * downloads (src/ui/useOnDemand.ts): the pointer over it starts the download, focus or a press
 * asks for the select (`want`), opened on a press or an opening key.
 */
export function LookAlikeTrigger({
  label,
  labelClassName,
  triggerClassName,
  disabled = false,
  indicator,
  want,
  request,
  children,
}: {
  label: ReactNode;
  /** The label's class, when it is not the recipe's. */
  labelClassName?: string;
  triggerClassName?: string;
  disabled?: boolean;
  indicator: ReactNode;
  want: (open: boolean) => void;
  request: () => void;
  /** The trigger's value text. */
  children: ReactNode;
}) {
  const labelId = useId();
  const styles = select();
  return (
    <div className={styles.root} data-part="root">
      <span className={labelClassName ?? styles.label} id={labelId}>
        {label}
      </span>
      <div className={styles.control}>
        <button
          type="button"
          role="combobox"
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={false}
          data-state="closed"
          data-disabled={disabled ? "" : undefined}
          disabled={disabled}
          className={cx(styles.trigger, triggerClassName)}
          onPointerEnter={request}
          onFocus={() => want(false)}
          onClick={() => want(true)}
          onKeyDown={(event) => opensOnKey(event, () => want(true))}
        >
          {children}
          <span className={styles.indicator} aria-hidden="true">
            {indicator}
          </span>
        </button>
      </div>
    </div>
  );
}
