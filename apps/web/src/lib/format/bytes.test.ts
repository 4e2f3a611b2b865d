import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

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
