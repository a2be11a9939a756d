import type { LocaleCode, PortalConfig } from "./portal-config.ts";

/** How a deployment writes a day and a time of day in one language (date-fns / Unicode patterns). */
export interface DatePatterns {
  date: string;
  time: string;
}

/** What a deployment that names none would write: the spec's MM/dd/yyyy and a 12-hour clock. */
export const defaultDatePatterns: DatePatterns = { date: "MM/dd/yyyy", time: "hh:mm a" };

/** The deployment's `date_display_format` and `time_display_format` for a language (spec section 3). */
export function datePatternsOf(config: Pick<PortalConfig, "locales">, language: LocaleCode): DatePatterns {
  const locale = config.locales.find((entry) => entry.code === language);
  return locale
    ? { date: locale.date_display_format, time: locale.time_display_format }
    : defaultDatePatterns;
}
