import { i18n, type Messages } from "@lingui/core";
import type { LocaleCode } from "../domain/portal-config.ts";

/*
 * English is the source language: the build compiles each message's English into the code that uses
 * it (scripts/vite/lingui-inline-source.ts), so English has no catalog to load and is active before
 * anything renders. Other languages load their compiled catalogs on demand. Every message reaching
 * `i18n._` is compiled already, inline or from a catalog (where plain text stays a string, which this
 * "compiler" wraps as the one token it is).
 */
i18n.setMessagesCompiler((message) => [message]);
i18n.load("en", {});
i18n.activate("en");

const catalogs: Record<LocaleCode, () => Promise<{ messages: Messages }>> = {
  en: async () => ({ messages: {} }),
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
