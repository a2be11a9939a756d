import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../../i18n/i18n.ts";
import { expiryText } from "./passText.ts";

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

describe("a pass's expiry (issue 34: a Bus Single Ride read 'Expires: Never' before its first ride)", () => {
  it("says the date once activated, how long from first use before, and never only for a pass without a life", () => {
    expect(expiryText(i18n, { expires_at: "2026-12-31T23:59:59.000Z", valid_days: 1 }, day)).toBe(
      "2026-12-31",
    );
    expect(expiryText(i18n, { expires_at: null, valid_days: 1 }, day)).toBe("1 day after first use");
    expect(expiryText(i18n, { expires_at: null, valid_days: 30 }, day)).toBe("30 days after first use");
    expect(expiryText(i18n, { expires_at: null, valid_days: null }, day)).toBe("Never");
    expect(expiryText(i18n, { expires_at: null }, day)).toBe("Never");
  });

  it("in the rider's language", async () => {
    const root = document.createElement("html");
    await activateLocale("es", root);
    try {
      expect(expiryText(i18n, { expires_at: null, valid_days: 1 }, day)).toBe("1 día después del primer uso");
      await activateLocale("vi", root);
      expect(expiryText(i18n, { expires_at: null, valid_days: 7 }, day)).toBe("7 ngày sau lần dùng đầu tiên");
    } finally {
      await activateLocale("en", root);
    }
  });
});
