import { describe, expect, it } from 'vitest';
import { formatPaise } from './money';

describe('money', () => {
  it.each([
    [53_100, '₹531.00'],
    [0, '₹0.00'],
    [5, '₹0.05'],
    [12_345_678_90, '₹1,23,45,678.90'],
  ])('writes %i paise as %s', (paise, text) => {
    expect(formatPaise(paise, 'en-IN')).toBe(text);
  });

  it("writes rupees in the reader's Indian locale, with its digits", () => {
    expect(formatPaise(12_345_678_90, 'hi-IN')).toBe('₹1,23,45,678.90');
    expect(formatPaise(12_345_678_90, 'bn-IN')).toBe('₹১,২৩,৪৫,৬৭৮.৯০');
  });
});
