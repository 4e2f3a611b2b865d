import type { LiveReading, ReadingsEvent } from '@smart-city/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadingsBatcher } from './readings-batcher';

function reading(sensorId: string, value: number, timestamp: string): LiveReading {
  return { sensorId, value, unit: '°C', timestamp };
}

describe('the readings batcher', () => {
  let flushed: ReadingsEvent[];
  let batcher: ReturnType<typeof createReadingsBatcher>;

  beforeEach(() => {
    vi.useFakeTimers();
    flushed = [];
    batcher = createReadingsBatcher({
      intervalMs: 250,
      flush: (event) => flushed.push(event),
      onError: (err) => {
        throw err;
      },
    });
  });
  afterEach(() => {
    batcher.stop();
    vi.useRealTimers();
  });

  it('sends a lone reading on the next tick', () => {
    batcher.add({ city: 'kolkata', readings: [reading('t-1', 30, '2026-01-01T00:00:00.000Z')] });
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(flushed).toHaveLength(1);
  });

  it('sends a busy city at most once per interval, the latest value per sensor', () => {
    for (let i = 0; i < 10; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
      batcher.add({ city: 'kolkata', readings: [reading(i % 2 ? 't-1' : 't-2', i, at)] });
      vi.advanceTimersByTime(20);
    }
    expect(flushed).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(flushed).toHaveLength(2);
    const latest = Object.fromEntries(flushed[1]!.readings.map((r) => [r.sensorId, r.value]));
    expect(latest).toEqual({ 't-1': 9, 't-2': 8 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a newer reading over a late older one', () => {
    batcher.add({ city: 'kharagpur', readings: [reading('t-1', 2, '2026-01-01T00:00:02.000Z')] });
    batcher.add({ city: 'kharagpur', readings: [reading('t-1', 1, '2026-01-01T00:00:01.000Z')] });
    vi.advanceTimersByTime(0);
    expect(flushed[0]!.readings).toEqual([reading('t-1', 2, '2026-01-01T00:00:02.000Z')]);
  });

  it('batches each city on its own', () => {
    batcher.add({ city: 'kolkata', readings: [reading('k-1', 1, '2026-01-01T00:00:00.000Z')] });
    batcher.add({ city: 'new-york', readings: [reading('n-1', 1, '2026-01-01T00:00:00.000Z')] });
    vi.advanceTimersByTime(0);
    expect(flushed.map((e) => e.city).sort()).toEqual(['kolkata', 'new-york']);
  });

  it('runs no timer while nothing is pending', () => {
    batcher.add({ city: 'kolkata', readings: [] });
    expect(vi.getTimerCount()).toBe(0);
    batcher.add({ city: 'kolkata', readings: [reading('k-1', 1, '2026-01-01T00:00:00.000Z')] });
    vi.advanceTimersByTime(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
