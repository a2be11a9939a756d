import { describe, expect, it } from "vitest";
import { portalConfig } from "../../../tests/support/fixtures.ts";
import { dateFormats, datePatternsOf, dateWords, writesWords } from "./dates.ts";
import { zonedDateFormats } from "./zoned-dates.ts";

// Local noon, so the day is the same in every time zone the tests run in.
const noon = new Date(2026, 2, 4, 12, 5).toISOString();
const evening = new Date(2026, 2, 4, 18, 30).toISOString();

describe("dates as the deployment writes them (issue 47)", () => {
  it("follows each language's date_display_format and time_display_format", () => {
    const english = dateFormats(datePatternsOf(portalConfig, "en"));
    expect(english.day(noon)).toBe("03/04/2026");
    expect(english.time(evening)).toBe("06:30 PM");
    expect(english.dateTime(noon)).toBe("03/04/2026 12:05 PM");
    const spanish = dateFormats(datePatternsOf(portalConfig, "es"));
    expect(spanish.day(noon)).toBe("04/03/2026");
    expect(spanish.dateTime(evening)).toBe("04/03/2026 18:30");
    expect(dateFormats(datePatternsOf(portalConfig, "vi")).dateTime(evening)).toBe("04/03/2026 18:30");
  });

  it("writes month names and the day period in the rider's language when the patterns have them", async () => {
    const patterns = { date: "d MMMM yyyy", time: "h:mm a" };
    expect(dateFormats(patterns).dateTime(evening)).toBe("4 March 2026 6:30 PM");
    expect(dateFormats(patterns, await dateWords("es")).day(noon)).toBe("4 marzo 2026");
    expect(dateFormats(patterns, await dateWords("vi")).day(noon)).toBe("4 tháng 03 2026");
    // Filipino has no date-fns words: English names.
    expect(await dateWords("fil")).toBeNull();
  });

  it("downloads a language's words only for patterns that write words", () => {
    for (const numeric of ["MM/dd/yyyy", "dd/MM/yyyy", "HH:mm", "yyyy-MM-dd", "d.M.yy", "HH'h'mm"])
      expect(writesWords(numeric), numeric).toBe(false);
    for (const worded of ["hh:mm a", "d MMM yyyy", "EEEE d", "do MMMM", "PP", "p"])
      expect(writesWords(worded), worded).toBe(true);
  });

  it("tells a time on another wall clock when a time zone is given, daylight saving included (issue 35)", () => {
    const english = datePatternsOf(portalConfig, "en");
    // 17:15 UTC is 12:15 in New York in winter (UTC-5) and 13:15 in summer (UTC-4).
    expect(zonedDateFormats(english, null, "America/New_York").dateTime("2026-01-15T17:15:00.000Z")).toBe(
      "01/15/2026 12:15 PM",
    );
    expect(zonedDateFormats(english, null, "America/New_York").dateTime("2026-07-15T17:15:00.000Z")).toBe(
      "07/15/2026 01:15 PM",
    );
    // After midnight UTC, still the evening before in New York.
    expect(zonedDateFormats(english, null, "America/New_York").day("2026-03-05T02:30:00.000Z")).toBe(
      "03/04/2026",
    );
    expect(zonedDateFormats(english, null, "Asia/Ho_Chi_Minh").dateTime("2026-03-05T02:30:00.000Z")).toBe(
      "03/05/2026 09:30 AM",
    );
  });

  it("falls back to the spec's MM/dd/yyyy and a 12-hour clock for a language the deployment does not list", () => {
    expect(datePatternsOf(portalConfig, "de")).toEqual({ date: "MM/dd/yyyy", time: "hh:mm a" });
  });
});
