import { describe, expect, it } from 'vitest';
import { createArrivalClock, isoFromMicros } from './micro-time';

describe('times in microseconds', () => {
  it('writes an instant with six decimals', () => {
    expect(isoFromMicros(Date.parse('2026-11-29T02:00:00.123Z') * 1000 + 456)).toBe(
      '2026-11-29T02:00:00.123456Z',
    );
    expect(isoFromMicros(Date.parse('2026-11-29T02:00:00Z') * 1000 + 7)).toBe(
      '2026-11-29T02:00:00.000007Z',
    );
  });

  it('never gives two arrivals one time, however close they come', () => {
    const at = Date.parse('2026-11-29T02:00:00.500Z');
    const clock = createArrivalClock(() => at);
    expect([clock(), clock(), clock()]).toEqual([
      '2026-11-29T02:00:00.500000Z',
      '2026-11-29T02:00:00.500001Z',
      '2026-11-29T02:00:00.500002Z',
    ]);
  });
});
