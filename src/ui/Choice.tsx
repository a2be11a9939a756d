import { RadioGroup } from "@ark-ui/react/radio-group";
import type { ReactNode } from "react";
import { css } from "../../styled-system/css";

const item = css({
  display: "flex",
  alignItems: "flex-start",
  gap: "3",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "md",
  cursor: "pointer",
  _checked: { borderColor: "brand.button", bg: "surface" },
  _focusWithin: { outline: "2px solid", outlineColor: "brand.button", outlineOffset: "2px" },
});

const control = css({
  flexShrink: "0",
  mt: "0.5",
  width: "4",
  height: "4",
  borderRadius: "full",
  borderWidth: "2px",
  borderColor: "text",
  _checked: { borderColor: "brand.button", bg: "brand.button", boxShadow: "inset 0 0 0 3px white" },
});

/**
 * One choice among a few, as an Ark radio group: real radio inputs underneath, so arrow keys, labels
 * and screen readers work. `value` comes from a machine and every pick becomes `onPick`.
 */
export function Choice<Value extends string>({
  label,
  value,
  options,
  onPick,
}: {
  label: string;
  value: Value | null;
  options: Array<{ value: Value; title: ReactNode; detail?: ReactNode; disabled?: boolean }>;
  onPick: (value: Value) => void;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(details) => {
        const picked = options.find((option) => option.value === details.value);
        if (picked) onPick(picked.value);
      }}
      className={css({ display: "grid", gap: "2" })}
    >
      <RadioGroup.Label className={css({ fontWeight: "semibold" })}>{label}</RadioGroup.Label>
      {options.map((option) => (
        <RadioGroup.Item key={option.value} value={option.value} disabled={option.disabled} className={item}>
          <RadioGroup.ItemControl className={control} />
          <RadioGroup.ItemText className={css({ display: "grid", gap: "1" })}>
            <span>{option.title}</span>
            {option.detail ? <span className={css({ fontSize: "sm" })}>{option.detail}</span> : null}
          </RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
