import { Portal } from "@ark-ui/react/portal";
import { createListCollection, Select } from "@ark-ui/react/select";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { select } from "../../../styled-system/recipes";
import { isSupportedLocale, type LocaleConfig } from "../../domain/portal-config.ts";
import { type languageMachine, selectLocale } from "../../machines/language.machine.ts";
import { ChevronDownIcon, GlobeIcon } from "../shared/icons.tsx";

export interface LanguageSelectProps {
  language: ActorRefFrom<typeof languageMachine>;
  locales: LocaleConfig[];
  /** Opens on mount (the rider pressed the look-alike trigger while this loaded: LanguagePicker). */
  defaultOpen?: boolean;
  /** Takes focus on mount (the look-alike trigger had it). */
  autoFocus?: boolean;
}

/** The deployment's languages, each named in its own language. */
export function LanguageSelect({
  language,
  locales,
  defaultOpen = false,
  autoFocus = false,
}: LanguageSelectProps) {
  const current = useSelector(language, selectLocale);
  const busy = useSelector(language, (snapshot) => snapshot.hasTag("busy"));
  const collection = useMemo(
    () =>
      createListCollection({
        items: locales.map((locale) => ({ value: locale.code, label: locale.display_name })),
      }),
    [locales],
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
      value={[current]}
      defaultOpen={defaultOpen}
      disabled={busy}
      positioning={{ placement: "bottom-end" }}
      onValueChange={({ value }) => {
        const [locale] = value;
        if (isSupportedLocale(locale)) language.send({ type: "language.change", locale });
      }}
    >
      <Select.Label className={styles.label}>
        <Trans>Language</Trans>
      </Select.Label>
      <Select.Control className={styles.control}>
        <Select.Trigger ref={trigger} className={styles.trigger}>
          <GlobeIcon />
          <Select.ValueText className={css({ display: { base: "none", sm: "inline" } })} />
          <Select.Indicator className={styles.indicator}>
            <ChevronDownIcon />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner className={styles.positioner}>
          <Select.Content className={styles.content}>
            {collection.items.map((item) => (
              <Select.Item key={item.value} item={item} className={styles.item}>
                <Select.ItemText lang={item.value}>{item.label}</Select.ItemText>
                <Select.ItemIndicator className={css({ color: "brand.button" })}>✓</Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}
