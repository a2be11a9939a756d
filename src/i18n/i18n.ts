import { i18n, type Messages } from "@lingui/core";
import type { LocaleCode } from "../domain/portal-config.ts";
import { messages as english } from "../locales/en/messages.po";

/** English ships in the bundle and is active before anything renders; other catalogs load on demand. */
i18n.load("en", english);
i18n.activate("en");

const catalogs: Record<LocaleCode, () => Promise<{ messages: Messages }>> = {
  en: async () => ({ messages: english }),
  es: () => import("../locales/es/messages.po"),
  vi: () => import("../locales/vi/messages.po"),
  de: () => import("../locales/de/messages.po"),
  fr: () => import("../locales/fr/messages.po"),
  fil: () => import("../locales/fil/messages.po"),
  "zh-TW": () => import("../locales/zh-TW/messages.po"),
  pt: () => import("../locales/pt/messages.po"),
};

/** Loads the catalog, then switches every mounted text and `<html lang>` at once. */
export async function activateLocale(
  locale: LocaleCode,
  root: HTMLElement = document.documentElement,
): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.load(locale, messages);
  i18n.activate(locale);
  root.lang = locale;
}

export { i18n };
