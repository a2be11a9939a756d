import { tz } from "@date-fns/tz";
import { type ContextFn, format, type Locale } from "date-fns";
import { use, useMemo } from "react";
import {
  type DateFormats,
  type DatePatterns,
  datePatternsOf,
  dateWords,
  useDates,
  writesWords,
} from "./dates.ts";
import { useDisplaySettings } from "./display-formats.tsx";

const zones = new Map<string, ContextFn<Date>>();

/** The wall clock of an IANA time zone, one function per zone. */
function zoneOf(timeZone: string): ContextFn<Date> {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = tz(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}

/**
 * Formats with `patterns` and a language's date words on the wall clock of `timeZone` (IANA): a tap
 * happened at the agency's time wherever the rider reads about it. Apart from ./dates.ts so only the
 * screens that tell another zone's time download @date-fns/tz.
 */
export function zonedDateFormats(
  patterns: DatePatterns,
  words: Locale | null,
  timeZone: string,
): DateFormats {
  const options = { ...(words ? { locale: words } : {}), in: zoneOf(timeZone) };
  const write = (iso: string, pattern: string) => format(new Date(iso), pattern, options);
  return {
    day: (iso) => write(iso, patterns.date),
    time: (iso) => write(iso, patterns.time),
    dateTime: (iso) => write(iso, `${patterns.date} ${patterns.time}`),
  };
}

/** The deployment's date formats on `timeZone`'s wall clock, or on the rider's when null. */
export function useZonedDates(timeZone: string | null): DateFormats {
  const riders = useDates();
  const { config, language } = useDisplaySettings();
  const { date, time } = datePatternsOf(config, language);
  const needsWords = language !== "en" && (writesWords(date) || writesWords(time));
  // useDates has already waited for the words (the screen's Suspense boundary) when they are needed.
  const words = needsWords ? use(dateWords(language)) : null;
  return useMemo(
    () => (timeZone ? zonedDateFormats({ date, time }, words, timeZone) : riders),
    [timeZone, date, time, words, riders],
  );
}
