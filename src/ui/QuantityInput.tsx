import { NumberInput } from "@ark-ui/react/number-input";
import type { ReactNode } from "react";
import { css, cx } from "../../styled-system/css";
import { button } from "../../styled-system/recipes";

/**
 * A whole-number quantity with − and + (Ark NumberInput: arrow keys, clamping on blur, a real label).
 * `value` comes from a machine and every change becomes `onChange`.
 */
export function QuantityInput({
  label,
  hideLabel = false,
  min,
  max,
  value,
  lessLabel,
  moreLabel,
  onChange,
  className,
}: {
  label: ReactNode;
  hideLabel?: boolean;
  min: number;
  max: number;
  value: number;
  lessLabel: string;
  moreLabel: string;
  onChange: (quantity: number) => void;
  className?: string;
}) {
  return (
    <NumberInput.Root
      min={min}
      max={max}
      value={String(value)}
      allowMouseWheel={false}
      clampValueOnBlur
      onValueChange={({ valueAsNumber }) => onChange(valueAsNumber)}
      className={cx(css({ display: "flex", flexDirection: "column", gap: "1" }), className)}
    >
      <NumberInput.Label
        className={css(hideLabel ? { srOnly: true } : { fontWeight: "semibold", fontSize: "sm" })}
      >
        {label}
      </NumberInput.Label>
      <NumberInput.Control className={css({ display: "flex", alignItems: "stretch", gap: "1" })}>
        <NumberInput.DecrementTrigger
          aria-label={lessLabel}
          className={button({ variant: "outline", size: "sm" })}
        >
          −
        </NumberInput.DecrementTrigger>
        <NumberInput.Input
          className={css({
            width: "16",
            textAlign: "center",
            borderWidth: "1px",
            borderColor: "border",
            borderRadius: "md",
          })}
        />
        <NumberInput.IncrementTrigger
          aria-label={moreLabel}
          className={button({ variant: "outline", size: "sm" })}
        >
          +
        </NumberInput.IncrementTrigger>
      </NumberInput.Control>
    </NumberInput.Root>
  );
}
