import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useId, useState } from "react";
import type { ActorRefFrom } from "xstate";
import { css } from "../../../styled-system/css";
import { select } from "../../../styled-system/recipes";
import type { LocaleConfig } from "../../domain/portal-config.ts";
import { type languageMachine, selectLocale } from "../../machines/language.machine.ts";
import { ChevronDownIcon, GlobeIcon } from "../shared/icons.tsx";
import { onDemand, opensOnKey, useOnDemand } from "../shared/useOnDemand.ts";
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
  const LanguageSelect = useOnDemand(languageSelect);
  const [intent, setIntent] = useState({ open: false, focus: false });
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
  const want = (open: boolean, focus: boolean) => {
    setIntent((current) => ({ open: current.open || open, focus: current.focus || focus }));
    languageSelect.request();
  };
  return (
    <LanguageTrigger
      language={language}
      locales={locales}
      onPointerEnter={languageSelect.request}
      onFocus={() => want(false, true)}
      onOpen={() => want(true, true)}
    />
  );
}

/** The select's closed trigger, in the same markup and styles, before the real one has loaded. */
function LanguageTrigger({
  language,
  locales,
  onPointerEnter,
  onFocus,
  onOpen,
}: Props & { onPointerEnter: () => void; onFocus: () => void; onOpen: () => void }) {
  const current = useSelector(language, selectLocale);
  const busy = useSelector(language, (snapshot) => snapshot.hasTag("busy"));
  const labelId = useId();
  const styles = select();
  const name = locales.find((locale) => locale.code === current)?.display_name ?? current;
  return (
    <div className={styles.root} data-part="root">
      <span className={styles.label} id={labelId}>
        <Trans>Language</Trans>
      </span>
      <div className={styles.control}>
        <button
          type="button"
          role="combobox"
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={false}
          data-state="closed"
          data-disabled={busy ? "" : undefined}
          disabled={busy}
          className={styles.trigger}
          onPointerEnter={onPointerEnter}
          onFocus={onFocus}
          onClick={onOpen}
          onKeyDown={(event) => opensOnKey(event, onOpen)}
        >
          <GlobeIcon />
          <span className={css({ display: { base: "none", sm: "inline" } })}>{name}</span>
          <span className={styles.indicator} aria-hidden="true">
            <ChevronDownIcon />
          </span>
        </button>
      </div>
    </div>
  );
}
