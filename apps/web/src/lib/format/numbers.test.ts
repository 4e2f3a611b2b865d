import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCompactNumber,
  formatCount,
  formatDigits,
  formatFixed,
  formatNumber,
  formatPaise,
  formatShare,
  formatSigned,
} from './numbers';

describe('numbers', () => {
  it('writes counts grouped, or without grouping where a number is a name', () => {
    expect(formatCount(1_204_310, 'en')).toBe('1,204,310');
    expect(formatCount(1_204_310, 'hi-IN')).toBe('12,04,310');
    expect(formatCount(1_204_310, 'bn-IN')).toBe('১২,০৪,৩১০');
    expect(formatDigits(1204, 'en')).toBe('1204');
    expect(formatDigits(9, 'bn')).toBe('৯');
  });

  it('writes fixed and signed decimals', () => {
    expect(formatFixed(7, 2, 'en')).toBe('7.00');
    expect(formatFixed(35.24, 1, 'en')).toBe('35.2');
    expect(formatSigned(3.421, 2, 'en')).toBe('+3.42');
    expect(formatSigned(-3.1, 2, 'en')).toBe('-3.10');
    expect(formatSigned(0, 1, 'en')).toBe('0.0');
  });

  it('shows a number of no type with up to two decimals, shortened where room is short', () => {
    expect(formatNumber(40, 'en')).toBe('40');
    expect(formatNumber(3.756, 'en')).toBe('3.76');
    expect(formatCompactNumber(1_204_310, 'en')).toBe('1.2M');
    expect(formatCompactNumber(0.25, 'en')).toBe('0.25');
    expect(formatCompactNumber(12_345, 'en', 1)).toBe('12.3K');
  });

  it('writes a share as a percentage, to one decimal at most or exactly as asked', () => {
    expect(formatShare(0.076, 'en')).toBe('7.6%');
    expect(formatShare(1, 'en')).toBe('100%');
    expect(formatShare(0.07, 'en', 1)).toBe('7.0%');
  });
});

describe('formatBytes', () => {
  it('writes a size in the largest decimal unit under it', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(3_400_000_000, 'en')).toBe('3.4 GB');
    expect(formatBytes(48_000_000, 'en')).toBe('48 MB');
    expect(formatBytes(0, 'en')).toBe('0 byte');
  });

  it('uses the reader’s digits', () => {
    expect(formatBytes(3_400_000_000, 'bn')).toContain('৩.৪');
  });
});

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
