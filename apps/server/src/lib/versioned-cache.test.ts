import { describe, expect, it, vi } from 'vitest';
import { createVersionedCache } from './versioned-cache';

describe('a versioned cache', () => {
  it('keeps an answer until the data changes or it grows too old', async () => {
    const cache = createVersionedCache<number>({ maxAgeMs: 1_000, maxEntries: 10 });
    const compute = vi.fn(async () => compute.mock.calls.length);
    expect(await cache.get('a', compute, 0)).toBe(1);
    expect(await cache.get('a', compute, 500)).toBe(1);
    cache.bump();
    expect(await cache.get('a', compute, 600)).toBe(2);
    expect(await cache.get('a', compute, 1_700)).toBe(3);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('shares one computation between concurrent askers and forgets a failure', async () => {
    const cache = createVersionedCache<string>({ maxAgeMs: 1_000, maxEntries: 10 });
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    await expect(
      Promise.all([cache.get('k', failing, 0), cache.get('k', failing, 0)]),
    ).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(await cache.get('k', async () => 'up', 1)).toBe('up');
  });

  it('drops the oldest entries past its size', async () => {
    const cache = createVersionedCache<number>({ maxAgeMs: 1_000, maxEntries: 2 });
    const compute = vi.fn(async () => 1);
    for (const key of ['a', 'b', 'c']) await cache.get(key, compute, 0);
    await cache.get('c', compute, 0);
    await cache.get('a', compute, 0);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
