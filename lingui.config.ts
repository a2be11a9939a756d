import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/** en, es and vi are complete; the others are kept extracted so translators can fill them. */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "vi", "de", "fr", "fil", "zh-TW", "pt"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "**/node_modules/**"],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
