import { Portal } from "@ark-ui/react/portal";
import { createListCollection, Select } from "@ark-ui/react/select";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef } from "react";
import { css, cx } from "../../../styled-system/css";
import { select } from "../../../styled-system/recipes";
import { type DropdownSelectProps, dropdownTrigger } from "./dropdown-styles.ts";

/** A dropdown filter as Ark's select: "Any" clears the filter; the other items are its values. */
export function DropdownSelect({
  filter,
  current,
  onPick,
  defaultOpen = false,
  autoFocus = false,
}: DropdownSelectProps) {
  const { t } = useLingui();
  const any = "__any__";
  const collection = useMemo(
    () =>
      createListCollection({
        items: [
          { value: any, label: t`Any` },
          ...filter.values.map((value) => ({ value: value.uuid, label: value.short_description })),
        ],
      }),
    [filter, t],
  );
  const styles = select();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus && !defaultOpen) trigger.current?.focus();
  }, [autoFocus, defaultOpen]);
  return (
    <Select.Root
      className={styles.root}
      collection={collection}
      value={[current ?? any]}
      positioning={{ sameWidth: true }}
      defaultOpen={defaultOpen}
      onValueChange={({ value }) => {
        const [picked] = value;
        onPick(!picked || picked === any ? null : picked);
      }}
    >
      <Select.Label className={css({ fontWeight: "semibold" })}>{filter.display_name}</Select.Label>
      <Select.Control className={styles.control}>
        <Select.Trigger ref={trigger} className={cx(styles.trigger, dropdownTrigger)}>
          <Select.ValueText />
          <Select.Indicator className={styles.indicator}>▾</Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner className={styles.positioner}>
          <Select.Content className={styles.content}>
            {collection.items.map((item) => (
              <Select.Item key={item.value} item={item} className={styles.item}>
                <Select.ItemText>{item.label}</Select.ItemText>
                <Select.ItemIndicator className={css({ color: "brand.button" })}>✓</Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
