import { describe, expect, it } from 'vitest';
import { badgeText } from './live-state';

describe('badgeText', () => {
  it('shows nothing for no alerts, the count up to nine, and 9+ above', () => {
    expect(badgeText(0, 'en-IN')).toBeNull();
    expect(badgeText(3, 'en-IN')).toBe('3');
    expect(badgeText(9, 'en-IN')).toBe('9');
    expect(badgeText(12, 'en-IN')).toBe('9+');
  });

  it("writes the count in the reader's numerals", () => {
    expect(badgeText(3, 'bn-IN')).toBe('৩');
    expect(badgeText(40, 'bn-IN')).toBe('৯+');
    expect(badgeText(3, 'hi-IN')).toBe('3');
  });
});
