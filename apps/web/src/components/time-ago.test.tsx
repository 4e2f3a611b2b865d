import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');

function ago(ms: number): string {
  return new Date(NOW - ms).toISOString();
}

describe('formatTimeAgo', () => {
  it('says how long ago a time was, in the largest whole unit', () => {
    expect(formatTimeAgo(ago(3_000), NOW, 'en')).toBe('now');
    expect(formatTimeAgo(ago(42_000), NOW, 'en')).toBe('42 seconds ago');
    expect(formatTimeAgo(ago(60_000), NOW, 'en')).toBe('1 minute ago');
    expect(formatTimeAgo(ago(5 * 60_000 + 20_000), NOW, 'en')).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * 3_600_000), NOW, 'en')).toBe('3 hours ago');
    expect(formatTimeAgo(ago(26 * 3_600_000), NOW, 'en')).toBe('yesterday');
    expect(formatTimeAgo(ago(3 * 86_400_000), NOW, 'en')).toBe('3 days ago');
    expect(formatTimeAgo(ago(15 * 86_400_000), NOW, 'en')).toBe('2 weeks ago');
  });

  it('reads a time slightly in the future as now, and a bad value as nothing', () => {
    expect(formatTimeAgo(new Date(NOW + 4_000).toISOString(), NOW, 'en')).toBe('now');
    expect(formatTimeAgo('not a time', NOW, 'en')).toBe('');
  });
});
