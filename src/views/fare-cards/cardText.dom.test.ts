import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { cardStatusText, categoryText, fareKindText, passStatusText, riderTypeText } from "./cardText.ts";

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

  it("says a category named after a rider type as the rider type is, and keeps any other name (issue 34)", async () => {
    const root = document.createElement("html");
    expect(categoryText(i18n, "Youth")).toBe("Youth");
    expect(categoryText(i18n, "Student Plus")).toBe("Student Plus");
    await activateLocale("vi", root);
    try {
      expect(categoryText(i18n, "Youth")).toBe(riderTypeText(i18n, "YOUTH"));
      expect(categoryText(i18n, "Youth")).not.toBe("Youth");
      expect(categoryText(i18n, "Reduced")).toBe(riderTypeText(i18n, "REDUCED"));
      expect(categoryText(i18n, "Student Plus")).toBe("Student Plus");
    } finally {
      await activateLocale("en", root);
    }
  });

  it("says a card's category and rider type once when they name the same fare (issue 34)", async () => {
    const root = document.createElement("html");
    expect(fareKindText(i18n, "Adult", "ADULT")).toBe("Adult");
    expect(fareKindText(i18n, "Student Plus", "YOUTH")).toBe("Student Plus · Youth");
    await activateLocale("es", root);
    try {
      expect(fareKindText(i18n, "Adult", "ADULT")).toBe("Adulto");
      expect(fareKindText(i18n, "adult", "ADULT")).toBe("Adulto");
      expect(fareKindText(i18n, "Senior", "YOUTH")).toBe(
        `${riderTypeText(i18n, "SENIOR")} · ${riderTypeText(i18n, "YOUTH")}`,
      );
    } finally {
      await activateLocale("en", root);
    }
  });
});
