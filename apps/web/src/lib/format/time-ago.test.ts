import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeAgo, formatTimeUntil } from './time-ago';

const NOW = new Date('2026-11-21T10:00:00.000Z');

function ago(ms: number): string {
  return new Date(NOW.getTime() - ms).toISOString();
}

describe('formatTimeAgo', () => {
  it.each([
    [0, 'now'],
    [9_000, 'now'],
    [10_000, '10 seconds ago'],
    [42_000, '42 seconds ago'],
    [60_000, '1 minute ago'],
    [5 * 60_000 + 20_000, '5 minutes ago'],
    [3 * 3_600_000, '3 hours ago'],
    [26 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
    [15 * 86_400_000, '2 weeks ago'],
    [45 * 86_400_000, 'last month'],
    [400 * 86_400_000, 'last year'],
  ])('says %i ms ago as "%s"', (ms, expected) => {
    expect(formatTimeAgo(ago(ms), NOW, 'en')).toBe(expected);
  });

  it('reads a time slightly in the future as now, and a bad value as nothing', () => {
    expect(formatTimeAgo(new Date(NOW.getTime() + 4_000).toISOString(), NOW, 'en')).toBe('now');
    expect(formatTimeAgo('not a time', NOW, 'en')).toBe('');
  });
});

describe('formatTimeUntil', () => {
  const ahead = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

  it.each([
    [20_000, 'in 1 minute'],
    [5 * 60_000, 'in 5 minutes'],
    [5 * 3_600_000 + 50 * 60_000, 'in 5 hours'],
    [30 * 3_600_000, 'tomorrow'],
    [3 * 86_400_000, 'in 3 days'],
  ])('says %i ms ahead as "%s"', (ms, expected) => {
    expect(formatTimeUntil(ahead(ms), NOW, 'en')).toBe(expected);
  });

  it('reads a time already past as now, and a bad value as nothing', () => {
    expect(formatTimeUntil(ahead(-60_000), NOW, 'en')).toBe('now');
    expect(formatTimeUntil('not a time', NOW, 'en')).toBe('');
  });

  it("speaks the reader's language", () => {
    expect(formatTimeUntil(ahead(5 * 3_600_000), NOW, 'hi-IN')).toBe('5 घंटे में');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '1 minute'],
    [90_000, '1 minute'],
    [2 * 3_600_000 + 59 * 60_000, '2 hours'],
    [-3 * 86_400_000, '3 days'],
    [15 * 86_400_000, '2 weeks'],
  ])('says %i ms as "%s"', (ms, expected) => {
    expect(formatDuration(ms, 'en')).toBe(expected);
  });
});
