import { NumberInput } from "@ark-ui/react/number-input";
import { cx } from "../../styled-system/css";
import { type QuantityInputProps, quantityStyles as styles } from "./quantity-styles.ts";

/**
 * A whole-number quantity with − and + (Ark NumberInput: arrow keys, clamping on blur, a real label).
 * `value` comes from a machine and every change becomes `onChange`. Loaded on demand (QuantityInput.tsx).
 */
export function QuantityNumberInput({
  label,
  hideLabel = false,
  min,
  max,
  value,
  lessLabel,
  moreLabel,
  onChange,
  className,
}: QuantityInputProps) {
  return (
    <NumberInput.Root
      min={min}
      max={max}
      value={String(value)}
      allowMouseWheel={false}
      clampValueOnBlur
      onValueChange={({ valueAsNumber }) => onChange(valueAsNumber)}
      className={cx(styles.root, className)}
    >
      <NumberInput.Label className={hideLabel ? styles.hiddenLabel : styles.label}>{label}</NumberInput.Label>
      <NumberInput.Control className={styles.control}>
        <NumberInput.DecrementTrigger aria-label={lessLabel} className={styles.step}>
          −
        </NumberInput.DecrementTrigger>
        <NumberInput.Input className={styles.input} />
        <NumberInput.IncrementTrigger aria-label={moreLabel} className={styles.step}>
          +
        </NumberInput.IncrementTrigger>
      </NumberInput.Control>
    </NumberInput.Root>
  );
}
