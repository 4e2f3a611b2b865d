import { describe, expect, it } from 'vitest';
import { dayBefore, localDate, startOfLocalDay } from './zoned-day';

describe('days in a city time zone', () => {
  it('knows the local date and when it starts, across DST', () => {
    const at = new Date('2026-11-24T20:00:00Z');
    expect(localDate(at, 'Asia/Kolkata')).toBe('2026-11-25');
    expect(localDate(at, 'America/New_York')).toBe('2026-11-24');
    expect(startOfLocalDay('2026-11-25', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-24T18:30:00.000Z',
    );
    expect(startOfLocalDay('2026-07-04', 'America/New_York').toISOString()).toBe(
      '2026-07-04T04:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});
