import { describe, expect, it } from 'vitest';
import { dayStarts, spansDays, valueAxis } from './chart-axes';

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
