import { format } from "date-fns";
import { useMemo } from "react";
import type { DatePatterns } from "../../domain/dates.ts";
import { activeDateLocale } from "../../i18n/date-locale.ts";
import { useDisplayFormats } from "./display-formats.tsx";

/** A day, a time of day, or both, as the deployment writes them in the rider's language. */
export interface DateFormats {
  day(iso: string): string;
  time(iso: string): string;
  dateTime(iso: string): string;
}

/** Formats with `patterns` and the active language's date words (src/i18n/date-locale.ts). */
export function dateFormats(patterns: DatePatterns): DateFormats {
  const write = (iso: string, pattern: string) => {
    const locale = activeDateLocale();
    return format(new Date(iso), pattern, locale ? { locale } : {});
  };
  return {
    day: (iso) => write(iso, patterns.date),
    time: (iso) => write(iso, patterns.time),
    dateTime: (iso) => write(iso, `${patterns.date} ${patterns.time}`),
  };
}

/** The deployment's date formats in the rider's language (the screens' DisplayFormatsProvider). */
export function useDates(): DateFormats {
  const { date, time, language } = useDisplayFormats();
  // biome-ignore lint/correctness/useExhaustiveDependencies: language marks the date words loaded for it
  return useMemo(() => dateFormats({ date, time }), [date, time, language]);
}
