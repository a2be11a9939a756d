import { afterEach, describe, expect, it } from "vitest";
import { portalConfig } from "../../../tests/support/fixtures.ts";
import { datePatternsOf } from "../../domain/dates.ts";
import { loadDateLocale } from "../../i18n/date-locale.ts";
import { dateFormats } from "./dates.ts";

// Local noon, so the day is the same in every time zone the tests run in.
const noon = new Date(2026, 2, 4, 12, 5).toISOString();
const evening = new Date(2026, 2, 4, 18, 30).toISOString();

afterEach(() => loadDateLocale("en"));

describe("dates as the deployment writes them (issue 47)", () => {
  it("follows each language's date_display_format and time_display_format", async () => {
    const english = dateFormats(datePatternsOf(portalConfig, "en"));
    expect(english.day(noon)).toBe("03/04/2026");
    expect(english.time(evening)).toBe("06:30 PM");
    expect(english.dateTime(noon)).toBe("03/04/2026 12:05 PM");
    await loadDateLocale("es");
    const spanish = dateFormats(datePatternsOf(portalConfig, "es"));
    expect(spanish.day(noon)).toBe("04/03/2026");
    expect(spanish.dateTime(evening)).toBe("04/03/2026 18:30");
    await loadDateLocale("vi");
    expect(dateFormats(datePatternsOf(portalConfig, "vi")).dateTime(evening)).toBe("04/03/2026 18:30");
  });

  it("writes month names and the day period in the rider's language when the patterns have them", async () => {
    const patterns = { date: "d MMMM yyyy", time: "h:mm a" };
    expect(dateFormats(patterns).dateTime(evening)).toBe("4 March 2026 6:30 PM");
    await loadDateLocale("es");
    expect(dateFormats(patterns).day(noon)).toBe("4 marzo 2026");
    await loadDateLocale("vi");
    expect(dateFormats(patterns).day(noon)).toBe("4 tháng 03 2026");
  });

  it("falls back to the spec's MM/dd/yyyy and a 12-hour clock for a language the deployment does not list", () => {
    expect(datePatternsOf(portalConfig, "de")).toEqual({ date: "MM/dd/yyyy", time: "hh:mm a" });
  });
});
