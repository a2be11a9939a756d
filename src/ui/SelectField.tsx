import { Portal } from "@ark-ui/react/portal";
import { createListCollection, Select, type SelectRootProps } from "@ark-ui/react/select";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { css, cx } from "../../styled-system/css";
import { select } from "../../styled-system/recipes";
import { ChevronDownIcon } from "./icons.tsx";

interface SelectOption {
  value: string;
  label: string;
  /** The language the label is written in, when it is not the page's (a language's own name). */
  lang?: string;
}

export interface SelectFieldProps {
  options: readonly SelectOption[];
  /** The chosen option's value; null shows the placeholder. */
  value: string | null;
  /** A rider picked `value` (never called for clearing: every select here keeps a choice). */
  onPick: (value: string) => void;
  label: ReactNode;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  defaultOpen?: boolean;
  /** The list as wide as the trigger (form fields), or where it fits (the header's language menu). */
  positioning?: SelectRootProps<SelectOption>["positioning"];
  /** Also a native `<select>` kept in step, for the form around it and the browser's autofill. */
  hiddenSelect?: { name?: string };
  /** Takes focus on mount, unless it opens (a look-alike trigger that had focus handed over). */
  autoFocus?: boolean;
  /** What describes the trigger, such as the id of the field's problem text. */
  describedBy?: string;
  /** Drawn in the trigger before the chosen option's text (an icon). */
  triggerStart?: ReactNode;
  /** The trigger's open-close mark; a chevron unless said. */
  indicator?: ReactNode;
  /** Each part's class, instead of the select recipe's own (the list's is added to the recipe's). */
  classNames?: {
    root?: string;
    label?: string;
    control?: string;
    trigger?: string;
    valueText?: string;
    content?: string;
  };
}

const chosenMark = css({ color: "brand.button" });

/**
 * One select, as Ark's: a labelled trigger, its list in a portal above dialogs, the chosen option
 * marked, arrow keys and type-ahead. The language menu, the products' dropdown filters, security
 * questions and an address's state are all this one component, each with its own look.
 */
export function SelectField({
  options,
  value,
  onPick,
  label,
  placeholder,
  invalid,
  disabled,
  defaultOpen,
  positioning = { sameWidth: true },
  hiddenSelect,
  autoFocus = false,
  describedBy,
  triggerStart,
  indicator,
  classNames = {},
}: SelectFieldProps) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  const styles = select();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus && !defaultOpen) trigger.current?.focus();
  }, [autoFocus, defaultOpen]);
  return (
    <Select.Root
      className={classNames.root ?? styles.root}
      collection={collection}
      value={value === null ? [] : [value]}
      invalid={invalid}
      disabled={disabled}
      defaultOpen={defaultOpen}
      positioning={positioning}
      onValueChange={({ value: picked }) => {
        const [first] = picked;
        if (first !== undefined) onPick(first);
      }}
    >
      <Select.Label className={classNames.label ?? styles.label}>{label}</Select.Label>
      <Select.Control className={classNames.control ?? styles.control}>
        <Select.Trigger
          ref={trigger}
          className={classNames.trigger ?? styles.trigger}
          aria-describedby={describedBy}
        >
          {triggerStart}
          <Select.ValueText className={classNames.valueText} placeholder={placeholder} />
          <Select.Indicator className={styles.indicator}>{indicator ?? <ChevronDownIcon />}</Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner className={styles.positioner}>
          <Select.Content className={cx(styles.content, classNames.content)}>
            {collection.items.map((item) => (
              <Select.Item key={item.value} item={item} className={styles.item}>
                <Select.ItemText lang={item.lang}>{item.label}</Select.ItemText>
                <Select.ItemIndicator className={chosenMark}>✓</Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
      {hiddenSelect ? <Select.HiddenSelect name={hiddenSelect.name} /> : null}
    </Select.Root>
  );
}
