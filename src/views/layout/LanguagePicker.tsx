import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import type { LocaleConfig } from "../../domain/portal-config.ts";
import { type languageMachine, selectLocale } from "../../machines/language.machine.ts";
import { ChevronDownIcon, GlobeIcon } from "../../ui/icons.tsx";
import { onDemand } from "../../ui/useOnDemand.ts";
import { LookAlikeTrigger, useLookAlike } from "../shared/LookAlikeTrigger.tsx";
import type { LanguageSelectProps } from "./LanguageSelect.tsx";

type Props = { language: ActorRefFrom<typeof languageMachine>; locales: LocaleConfig[] };

const languageSelect = onDemand<LanguageSelectProps>(() =>
  import("./LanguageSelect.tsx").then((module) => module.LanguageSelect),
);

/**
 * The language picker in the top bar. Every page shows it, but the Ark select behind it (with its
 * positioning and list parts) is heavy, so the first page draws a look-alike trigger and loads the real
 * one on the rider's first sign of using it: the pointer over it starts the download, focus or a press
 * swaps it in, opened if the rider asked to open it and focused if the trigger had focus.
 */
export function LanguagePicker({ language, locales }: Props) {
  const { Part: LanguageSelect, intent, want, request } = useLookAlike(languageSelect);
  const current = useSelector(language, selectLocale);
  const busy = useSelector(language, (snapshot) => snapshot.hasTag("busy"));
  if (LanguageSelect) {
    return (
      <LanguageSelect
        language={language}
        locales={locales}
        defaultOpen={intent.open}
        autoFocus={intent.focus}
      />
    );
  }
  const name = locales.find((locale) => locale.code === current)?.display_name ?? current;
  return (
    <LookAlikeTrigger
      label={<Trans>Language</Trans>}
      disabled={busy}
      indicator={<ChevronDownIcon />}
      want={want}
      request={request}
    >
      <GlobeIcon />
      <span className={css({ display: { base: "none", sm: "inline", lg: "none", "2xl": "inline" } })}>
        {name}
      </span>
    </LookAlikeTrigger>
  );
}
