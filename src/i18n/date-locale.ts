import type { Locale } from "date-fns";
import type { LocaleCode } from "../domain/portal-config.ts";

/*
 * date-fns's words for each language (month and day names, AM/PM), for the deployment's date and time
 * patterns that have any (src/views/shared/dates.ts). English is date-fns's own default; Filipino has
 * no date-fns locale and writes English names. Loaded with the language's catalog, so formatting stays
 * synchronous while a screen draws.
 */
const loaders: Record<LocaleCode, () => Promise<Locale | null>> = {
  en: async () => null,
  es: async () => (await import("date-fns/locale/es")).es,
  vi: async () => (await import("date-fns/locale/vi")).vi,
  de: async () => (await import("date-fns/locale/de")).de,
  fr: async () => (await import("date-fns/locale/fr")).fr,
  fil: async () => null,
  "zh-TW": async () => (await import("date-fns/locale/zh-TW")).zhTW,
  pt: async () => (await import("date-fns/locale/pt")).pt,
};

let active: Locale | null = null;

/** Loads the language's date words; they are the active ones once it resolves. */
export async function loadDateLocale(code: LocaleCode): Promise<void> {
  active = await loaders[code]();
}

/** The active language's date words, or null for date-fns's English. */
export function activeDateLocale(): Locale | null {
  return active;
}
