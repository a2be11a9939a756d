import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { css, cx } from "../../../styled-system/css";
import { select } from "../../../styled-system/recipes";
import { SelectField } from "../../ui/SelectField.tsx";
import { type DropdownSelectProps, dropdownTrigger } from "./dropdown-styles.ts";

/** "Any": the filter cleared. */
const any = "__any__";

/** A dropdown filter as Ark's select: "Any" clears the filter; the other items are its values. */
export function DropdownSelect({
  filter,
  current,
  onPick,
  defaultOpen = false,
  autoFocus = false,
}: DropdownSelectProps) {
  const { t } = useLingui();
  const options = useMemo(
    () => [
      { value: any, label: t`Any` },
      ...filter.values.map((value) => ({ value: value.uuid, label: value.short_description })),
    ],
    [filter, t],
  );
  return (
    <SelectField
      options={options}
      value={current ?? any}
      onPick={(picked) => onPick(picked === any ? null : picked)}
      label={filter.display_name}
      defaultOpen={defaultOpen}
      autoFocus={autoFocus}
      indicator="▾"
      classNames={{
        label: css({ fontWeight: "semibold" }),
        trigger: cx(select().trigger, dropdownTrigger),
      }}
    />
  );
}
