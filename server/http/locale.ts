import { isSupportedLocale, type LocaleCode } from "../../src/domain/portal-config.ts";

/**
 * The portal language an `Accept-Language` header asks for: the first tag the portal knows, by full
 * tag (zh-TW) or by language (es-ES -> es, vi-VI -> vi); English when none.
 */
export function localeFromHeader(header: string | undefined): LocaleCode {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    if (isSupportedLocale(tag)) return tag;
    const language = tag.split(/[-_]/)[0]?.toLowerCase() ?? "";
    if (isSupportedLocale(language)) return language;
  }
  return "en";
}
