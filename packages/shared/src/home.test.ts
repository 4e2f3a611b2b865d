import { describe, expect, it } from 'vitest';
import { congestionLevel } from './home';

describe('congestionLevel', () => {
  it.each([
    [0, 'light'],
    [39.9, 'light'],
    [40, 'moderate'],
    [69.9, 'moderate'],
    [70, 'heavy'],
    [89.9, 'heavy'],
    [90, 'very-heavy'],
    [100, 'very-heavy'],
  ] as const)('calls %d %% %s', (percent, level) => {
    expect(congestionLevel(percent)).toBe(level);
  });
});
