import { describe, expect, it } from 'vitest';
import { dayStarts, roundTimeTicks, spansDays, valueAxis } from './chart-axes';

describe('valueAxis', () => {
  it('widens the axis to round steps past the data and every line drawn across', () => {
    // The critical line at 40 stays off the frame, where its label would meet the axis.
    expect(valueAxis([11.02, 14.9, 25.7, 34, 40])).toEqual({
      domain: [0, 50],
      ticks: [0, 10, 20, 30, 40, 50],
    });
  });

  it('starts at zero for data near it, and keeps small decimals exact', () => {
    expect(valueAxis([0.12, 0.31])).toEqual({ domain: [0.1, 0.4], ticks: [0.1, 0.2, 0.3, 0.4] });
    expect(valueAxis([3, 97]).domain[0]).toBe(0);
  });

  it('opens a flat series up around its one value', () => {
    const { domain } = valueAxis([50, 50]);
    expect(domain[0]).toBeLessThan(50);
    expect(domain[1]).toBeGreaterThan(50);
  });
});

describe('time ticks', () => {
  const HOUR_MS = 3_600_000;
  const start = Date.parse('2026-11-19T00:00:00Z');
  const hourly = Array.from({ length: 72 }, (_, i) => start + i * HOUR_MS);

  it('name dates only past a day and a half', () => {
    expect(spansDays(hourly.slice(0, 36))).toBe(false);
    expect(spansDays(hourly.slice(0, 38))).toBe(true);
  });

  it("sit on the first moment of each day in the city's zone, past the partial first day", () => {
    // Midnight in Kolkata is 18:30 UTC; these points are on the hour, so the day turns at 19:00.
    expect(dayStarts(hourly, 'Asia/Kolkata').map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-11-19T19:00:00.000Z',
      '2026-11-20T19:00:00.000Z',
      '2026-11-21T19:00:00.000Z',
    ]);
  });
});

describe('round time ticks', () => {
  const MINUTE_MS = 60_000;
  const from = (iso: string, minutes: number, everyMin: number) =>
    Array.from(
      { length: minutes / everyMin + 1 },
      (_, i) => Date.parse(iso) + i * everyMin * MINUTE_MS,
    );
  const onClock = (ticks: number[], timeZone: string) =>
    ticks.map((ms) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(ms),
    );

  it("mark a day every three hours on the city's own clock", () => {
    // 24 hours from 10:07 UTC, which is 15:37 in Kolkata.
    const day = from('2026-11-20T10:07:00Z', 24 * 60, 2);
    expect(onClock(roundTimeTicks(day, 'Asia/Kolkata'), 'Asia/Kolkata')).toEqual([
      '18:00',
      '21:00',
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
    ]);
  });

  it('mark an hour every ten minutes, six hours every hour, twelve every two', () => {
    const hour = from('2026-11-21T09:03:00Z', 60, 1);
    expect(onClock(roundTimeTicks(hour, 'America/New_York'), 'America/New_York')).toEqual([
      '04:10',
      '04:20',
      '04:30',
      '04:40',
      '04:50',
      '05:00',
    ]);
    expect(roundTimeTicks(from('2026-11-21T00:00:00Z', 6 * 60, 5), 'UTC')).toHaveLength(7);
    const twelve = roundTimeTicks(from('2026-11-21T00:30:00Z', 12 * 60, 5), 'Asia/Kolkata');
    // 00:30 UTC is 06:00 in Kolkata.
    expect(onClock(twelve, 'Asia/Kolkata')).toEqual([
      '06:00',
      '08:00',
      '10:00',
      '12:00',
      '14:00',
      '16:00',
      '18:00',
    ]);
  });

  it('keep to the round hours across a change of daylight saving time', () => {
    // New York's clocks went back at 2:00 on 2026-11-01: that day has 25 hours.
    const day = from('2026-11-01T00:00:00Z', 24 * 60, 5);
    const clock = onClock(roundTimeTicks(day, 'America/New_York'), 'America/New_York');
    expect(clock.every((time) => time.endsWith(':00'))).toBe(true);
    expect(clock.length).toBeLessThanOrEqual(8);
  });

  it('give nothing for fewer than two moments', () => {
    expect(roundTimeTicks([], 'UTC')).toEqual([]);
    expect(roundTimeTicks([Date.parse('2026-11-21T10:00:00Z')], 'UTC')).toEqual([]);
  });
});
