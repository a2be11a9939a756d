/**
 * The agency's local time: fare-cap periods (its day, ISO week, month) and autoload runs (a weekday or
 * a day of the month) are counted on its wall clock, not in UTC. Intl gives the offsets, so daylight
 * saving changes fall where the time zone database puts them.
 */

/** The demo agency's time zone (the deployment names none). */
export const agencyTimeZone = "America/New_York";

export interface LocalDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The wall clock at `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string = agencyTimeZone): LocalDate {
  const wall = wallClock(instant, timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return { year: wall.year, month: wall.month, day: wall.day, weekday, hour: wall.hour, minute: wall.minute };
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the wall clock of `timeZone` reads this date and time. Days and months out of range roll
 * over (day 32 of January is February 1st). A time skipped by a daylight-saving change moves forward.
 */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  timeZone: string = agencyTimeZone,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  const second = wall - offsetMinutes(new Date(guess), timeZone) * 60_000;
  if (second !== guess) {
    // Near a change the two offsets differ: prefer the one that reads back the wall time asked for.
    const back = wallClock(new Date(second), timeZone);
    guess = back.hour === hour && back.minute === minute ? second : Math.max(guess, second);
  }
  return new Date(guess);
}

export type CalendarPeriod = "day" | "week" | "month";

/** The local day, ISO week (from Monday) or month holding `instant`: [starts, ends). */
export function periodAround(
  instant: Date,
  period: CalendarPeriod,
  timeZone: string = agencyTimeZone,
): { starts: Date; ends: Date } {
  const local = localDate(instant, timeZone);
  if (period === "day") {
    return {
      starts: zonedInstant(local.year, local.month, local.day, 0, 0, timeZone),
      ends: zonedInstant(local.year, local.month, local.day + 1, 0, 0, timeZone),
    };
  }
  if (period === "week") {
    const back = (local.weekday + 6) % 7;
    return {
      starts: zonedInstant(local.year, local.month, local.day - back, 0, 0, timeZone),
      ends: zonedInstant(local.year, local.month, local.day - back + 7, 0, 0, timeZone),
    };
  }
  return {
    starts: zonedInstant(local.year, local.month, 1, 0, 0, timeZone),
    ends: zonedInstant(local.year, local.month + 1, 1, 0, 0, timeZone),
  };
}
