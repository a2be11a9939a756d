import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { isSupportedLocale, type LocaleConfig } from "../../domain/portal-config.ts";
import { type languageMachine, selectLocale } from "../../machines/language.machine.ts";
import { GlobeIcon } from "../../ui/icons.tsx";
import { SelectField } from "../../ui/SelectField.tsx";

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
  const options = useMemo(
    () => locales.map((locale) => ({ value: locale.code, label: locale.display_name, lang: locale.code })),
    [locales],
  );

  return (
    <SelectField
      options={options}
      value={current}
      onPick={(locale) => {
        if (isSupportedLocale(locale)) language.send({ type: "language.change", locale });
      }}
      label={<Trans>Language</Trans>}
      defaultOpen={defaultOpen}
      disabled={busy}
      positioning={{ placement: "bottom-end" }}
      autoFocus={autoFocus}
      triggerStart={<GlobeIcon />}
      classNames={{
        valueText: css({ display: { base: "none", sm: "inline", lg: "none", "2xl": "inline" } }),
      }}
    />
  );
}
