import { vi } from 'vitest';

/**
 * The moment every web test starts at, whatever the machine's date: the fixtures are written
 * around it (a reading at 10:00 UTC shows as "5 minutes ago"), so a screen that formats a time
 * against the clock reads the same on any day the suite runs.
 */
const TEST_NOW = '2026-11-21T10:05:00.000Z';

/** The time `minutes` before TEST_NOW, as the API writes times. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.parse(TEST_NOW) - minutes * 60_000).toISOString();
}

/**
 * Sets the clock to `now` (TEST_NOW unless told) and lets it run on at the real pace: only `Date`
 * is replaced, so timers, debounces and waits behave as in the browser. A test that fakes timers
 * itself with `vi.useFakeTimers()` starts from this clock's time.
 */
export function startTestClock(now: string = TEST_NOW): void {
  vi.useFakeTimers({ now: new Date(now), toFake: ['Date'], shouldAdvanceTime: true });
}
