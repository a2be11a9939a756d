import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { cardStatusText, passStatusText, riderTypeText } from "./cardText.ts";

describe("fare card texts", () => {
  it("names the usual rider types in the rider's language and keeps an unusual agency code", async () => {
    expect(riderTypeText(i18n, "YOUTH")).toBe("Youth");
    expect(riderTypeText(i18n, "ADULT")).toBe("Adult");
    expect(riderTypeText(i18n, "VETERAN")).toBe("VETERAN");
  });

  it("words a card's Active apart from a pass's where a language's genders differ", async () => {
    const root = document.createElement("html");
    await activateLocale("es", root);
    try {
      expect(riderTypeText(i18n, "YOUTH")).toBe("Joven");
      expect(cardStatusText(i18n, "ACTIVE")).toBe("Activa");
      expect(passStatusText(i18n, "active")).toBe("Activo");
    } finally {
      await activateLocale("en", root);
    }
  });
});
