/**
 * Where the server reads the time. Everything that decides an expiry (sessions, emailed tokens,
 * texted codes, invites, attempt budgets, captcha passes) asks the app's clock, so a test can move
 * time forward instead of sleeping or editing rows.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock run `offsetMs` ahead: a test server started "later" than the one it follows. */
export const offsetClock = (offsetMs: number): Clock =>
  offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };

export interface ManualClock extends Clock {
  /** Moves the clock forward (or back, with a negative `ms`). */
  advance(ms: number): void;
  set(at: Date): void;
}

/** A clock that stands still until told to move: for tests. */
export function manualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = at.getTime();
    },
  };
}
