import { type FocusEvent, useId, useRef, useState } from "react";
import { cx } from "../../styled-system/css";
import { type QuantityInputProps, quantityStyles as styles } from "./quantity-styles.ts";
import { onDemand, useOnDemand } from "./useOnDemand.ts";

const numberInput = onDemand(() =>
  import("./QuantityNumberInput.tsx").then((module) => module.QuantityNumberInput),
);

/**
 * A whole-number quantity with − and +. Every product card has one, and Ark's number input behind it
 * (locale digits, pointer and wheel handling, its own clamping) is the heaviest part of the products
 * page, so it loads when the rider first reaches for a quantity (issue 16). Until then the same parts
 * stand in and already work (QuantityLookAlike). Ark's takes over once it has arrived and the rider is
 * not in the middle of using the stand-in: nothing they type or focus is swapped away under them.
 */
export function QuantityInput(props: QuantityInputProps) {
  const Real = useOnDemand(numberInput);
  const [inUse, setInUse] = useState(false);
  if (Real && !inUse) return <Real {...props} />;
  return <QuantityLookAlike {...props} request={numberInput.request} onUse={setInUse} />;
}

/**
 * Ark's number input's parts and behaviour for a whole quantity: − and + (and the arrow keys) step
 * within the bounds, digits typed go to `onChange` as they would from Ark's, clamped on leaving the
 * field. Reaching for it asks for Ark's (`request`); `onUse` says whether focus is inside it.
 */
export function QuantityLookAlike({
  label,
  hideLabel = false,
  min,
  max,
  value,
  lessLabel,
  moreLabel,
  onChange,
  className,
  request,
  onUse,
}: QuantityInputProps & { request: () => void; onUse: (inUse: boolean) => void }) {
  const inputId = useId();
  // What the rider typed; each keystroke's number goes to `onChange`, as Ark's would send it.
  const [typed, setTyped] = useState<string | null>(null);
  const clamp = (quantity: number) => Math.min(max, Math.max(min, quantity));
  const step = (by: number) => {
    setTyped(null);
    onChange(clamp((Number.isFinite(value) ? value : min) + by));
  };
  const root = useRef<HTMLDivElement>(null);
  // Each of its three controls: focus inside means in use, until focus goes outside all three.
  const focusHandlers = {
    onFocus: () => {
      request();
      onUse(true);
    },
    onBlur: (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (!(to instanceof Node && root.current?.contains(to))) onUse(false);
    },
  };
  return (
    <div ref={root} className={cx(styles.root, className)} data-scope="number-input" data-part="root">
      <label htmlFor={inputId} className={hideLabel ? styles.hiddenLabel : styles.label}>
        {label}
      </label>
      <div className={styles.control} onPointerEnter={request}>
        <button
          type="button"
          aria-label={lessLabel}
          className={styles.step}
          disabled={value <= min}
          onClick={() => step(-1)}
          {...focusHandlers}
        >
          −
        </button>
        <input
          id={inputId}
          role="spinbutton"
          inputMode="numeric"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={Number.isFinite(value) ? value : undefined}
          autoComplete="off"
          value={typed ?? (Number.isFinite(value) ? String(value) : "")}
          className={styles.input}
          onFocus={focusHandlers.onFocus}
          onChange={(event) => {
            const digits = event.target.value.replace(/[^0-9]/g, "");
            setTyped(digits);
            onChange(digits === "" ? Number.NaN : Number(digits));
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowUp" || event.key === "ArrowDown") {
              event.preventDefault();
              step(event.key === "ArrowUp" ? 1 : -1);
            }
          }}
          onBlur={(event) => {
            // Clamped on leaving the field, as Ark's is (clampValueOnBlur).
            if (typed !== null && typed !== "") onChange(clamp(Number(typed)));
            setTyped(null);
            focusHandlers.onBlur(event);
          }}
        />
        <button
          type="button"
          aria-label={moreLabel}
          className={styles.step}
          disabled={value >= max}
          onClick={() => step(1)}
          {...focusHandlers}
        >
          +
        </button>
      </div>
    </div>
  );
}
