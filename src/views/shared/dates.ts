import { format, type Locale } from "date-fns";
import { use, useMemo } from "react";
import type { PortalConfig } from "../../domain/portal-config.ts";
import { useDisplaySettings } from "./display-formats.tsx";

/** How a deployment writes a day and a time of day in one language (date-fns / Unicode patterns). */
export interface DatePatterns {
  date: string;
  time: string;
}

/** What a deployment that names none would write: the spec's MM/dd/yyyy and a 12-hour clock. */
const defaultDatePatterns: DatePatterns = { date: "MM/dd/yyyy", time: "hh:mm a" };

/** The deployment's `date_display_format` and `time_display_format` for a language (spec section 3). */
export function datePatternsOf(config: Pick<PortalConfig, "locales"> | null, language: string): DatePatterns {
  const locale = config?.locales.find((entry) => entry.code === language);
  return locale
    ? { date: locale.date_display_format, time: locale.time_display_format }
    : defaultDatePatterns;
}

/** A day, a time of day, or both, as the deployment writes them in the rider's language. */
export interface DateFormats {
  day(iso: string): string;
  time(iso: string): string;
  dateTime(iso: string): string;
}

/** Formats with `patterns` and a language's date words (date-fns's English when none are given). */
export function dateFormats(patterns: DatePatterns, words: Locale | null = null): DateFormats {
  // A calendar day ("2031-12-31", a card's expiry) is that day wherever the rider is, not UTC midnight.
  const write = (iso: string, pattern: string) =>
    format(new Date(iso.length === 10 ? `${iso}T00:00` : iso), pattern, words ? { locale: words } : {});
  return {
    day: (iso) => write(iso, patterns.date),
    time: (iso) => write(iso, patterns.time),
    dateTime: (iso) => write(iso, `${patterns.date} ${patterns.time}`),
  };
}

/*
 * date-fns's words for each language (month and day names, day periods, ordinals, long formats),
 * downloaded only for a pattern that writes any: the deployment's numeric patterns need none.
 * Filipino has no date-fns locale and writes English names.
 */
const loaders: Record<string, () => Promise<Locale>> = {
  es: async () => (await import("date-fns/locale/es")).es,
  vi: async () => (await import("date-fns/locale/vi")).vi,
  de: async () => (await import("date-fns/locale/de")).de,
  fr: async () => (await import("date-fns/locale/fr")).fr,
  "zh-TW": async () => (await import("date-fns/locale/zh-TW")).zhTW,
  pt: async () => (await import("date-fns/locale/pt")).pt,
};
const asked = new Map<string, Promise<Locale | null>>();

/** The language's date words, asked once per page (one promise per language, as `use` wants). */
export function dateWords(language: string): Promise<Locale | null> {
  let words = asked.get(language);
  if (!words) {
    words = loaders[language]?.() ?? Promise.resolve(null);
    asked.set(language, words);
  }
  return words;
}

/** Whether a pattern writes words (names, day periods, ordinals, long formats), not only numbers. */
export function writesWords(pattern: string): boolean {
  return /[aBbEeGcoPpQq]|M{3,}|L{3,}/.test(pattern.replace(/'[^']*'/g, ""));
}

/** The deployment's date formats in the rider's language (the screens' DisplayFormatsProvider). */
export function useDates(): DateFormats {
  const { config, language } = useDisplaySettings();
  const { date, time } = datePatternsOf(config, language);
  const needsWords = language !== "en" && (writesWords(date) || writesWords(time));
  // The screen waits for the words (its Suspense boundary) the first time a language needs them.
  const words = needsWords ? use(dateWords(language)) : null;
  return useMemo(() => dateFormats({ date, time }, words), [date, time, words]);
}
