import { describe, expect, it } from 'vitest';
import { formatPaise } from './money';

describe('money', () => {
  it.each([
    [53_100, '₹531.00'],
    [0, '₹0.00'],
    [5, '₹0.05'],
    [12_345_678_90, '₹1,23,45,678.90'],
  ])('writes %i paise as %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });
});
