import { Checkbox } from "@ark-ui/react/checkbox";
import { css } from "../../../styled-system/css";

/**
 * A form's checkbox ("Make default", the checkout's "Split the payment"), apart from ./paymentParts.tsx
 * so the screens that only take its text fields do not bring Ark's checkbox along.
 */
export function MakeDefault({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      className={css({
        display: "inline-flex",
        alignItems: "center",
        gap: "3",
        cursor: "pointer",
        width: "fit-content",
        gridColumn: { md: "span 2" },
      })}
    >
      <Checkbox.Control
        className={css({
          width: "5",
          height: "5",
          borderWidth: "2px",
          borderColor: "text",
          borderRadius: "sm",
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
          _checked: { bg: "brand.button", borderColor: "brand.button", color: "brand.buttonText" },
          "[data-focus-visible] > &": { outline: "3px solid token(colors.focus)", outlineOffset: "2px" },
        })}
      >
        <Checkbox.Indicator>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label>{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  );
}
