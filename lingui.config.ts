import { defineConfig } from "@lingui/conf";

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
  format: "po",
  orderBy: "messageId",
});
