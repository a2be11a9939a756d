import { useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useChild, useConfig } from "../../app/children.ts";
import { type DatePatterns, datePatternsOf, defaultDatePatterns } from "../../domain/dates.ts";
import { selectLocale } from "../../machines/language.machine.ts";

/**
 * How the deployment writes dates and money for the current language: its date and time patterns, the
 * language they are for, and whether whole amounts drop their decimals.
 */
interface DisplayFormats extends DatePatterns {
  language: string;
  hideZeroDecimals: boolean;
}

const DisplayFormatsContext = createContext<DisplayFormats>({
  ...defaultDatePatterns,
  language: "en",
  hideZeroDecimals: false,
});

/** What the screens below write dates (./dates.ts, in the screens' chunks) and money with. */
export function useDisplayFormats(): DisplayFormats {
  return useContext(DisplayFormatsContext);
}

/**
 * Gives the screens below the deployment's formats for the current language. The language changes
 * once its catalog and date words are loaded (src/i18n/i18n.ts).
 */
export function DisplayFormatsProvider({ children }: { children: ReactNode }) {
  const config = useConfig();
  const language = useSelector(useChild("language"), selectLocale);
  const { date, time } = datePatternsOf(config, language);
  const { hideZeroDecimals } = config;
  const shown = useMemo(
    () => ({ date, time, language, hideZeroDecimals }),
    [date, time, language, hideZeroDecimals],
  );
  return <DisplayFormatsContext.Provider value={shown}>{children}</DisplayFormatsContext.Provider>;
}
