import type { LiveReading, ReadingsEvent } from '@smart-city/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveCoalescer } from '../../live/live-coalescer';
import { latestReadingPerSensor, MAX_LIVE_READINGS_PER_MESSAGE } from './readings.live';

function reading(sensorId: string, value: number, timestamp: string): LiveReading {
  return { sensorId, value, unit: '°C', timestamp };
}

describe('readings on the live connection, batched per city', () => {
  let flushed: ReadingsEvent[];
  let batcher: ReturnType<typeof createLiveCoalescer<ReadingsEvent>>;
  const add = (event: ReadingsEvent) => batcher.add(event.city, event);

  beforeEach(() => {
    vi.useFakeTimers();
    flushed = [];
    batcher = createLiveCoalescer({
      intervalMs: 250,
      batch: latestReadingPerSensor,
      send: (event) => flushed.push(event),
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
    add({ city: 'kolkata', readings: [reading('t-1', 30, '2026-01-01T00:00:00.000Z')] });
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(flushed).toHaveLength(1);
  });

  it('sends a busy city at most once per interval, the latest value per sensor', () => {
    for (let i = 0; i < 10; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
      add({ city: 'kolkata', readings: [reading(i % 2 ? 't-1' : 't-2', i, at)] });
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
    add({ city: 'kharagpur', readings: [reading('t-1', 2, '2026-01-01T00:00:02.000Z')] });
    add({ city: 'kharagpur', readings: [reading('t-1', 1, '2026-01-01T00:00:01.000Z')] });
    vi.advanceTimersByTime(0);
    expect(flushed[0]!.readings).toEqual([reading('t-1', 2, '2026-01-01T00:00:02.000Z')]);
  });

  it('batches each city on its own', () => {
    add({ city: 'kolkata', readings: [reading('k-1', 1, '2026-01-01T00:00:00.000Z')] });
    add({ city: 'new-york', readings: [reading('n-1', 1, '2026-01-01T00:00:00.000Z')] });
    vi.advanceTimersByTime(0);
    expect(flushed.map((e) => e.city).sort()).toEqual(['kolkata', 'new-york']);
  });

  it('sends nothing for an empty batch and keeps no timer once flushed', () => {
    add({ city: 'kolkata', readings: [] });
    vi.advanceTimersByTime(0);
    expect(flushed).toEqual([]);
    add({ city: 'kolkata', readings: [reading('k-1', 1, '2026-01-01T00:00:00.000Z')] });
    vi.advanceTimersByTime(0);
    expect(flushed).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('bounds each message and sends the rest at the next intervals, still the latest values', () => {
    const burst = (value: number) =>
      Array.from({ length: 5_000 }, (_, i) =>
        reading(`s-${i}`, value, new Date(Date.UTC(2026, 0, 1, 0, 0, value)).toISOString()),
      );
    add({ city: 'kolkata', readings: burst(1) });
    vi.advanceTimersByTime(0);
    expect(flushed.map((e) => e.readings.length)).toEqual([MAX_LIVE_READINGS_PER_MESSAGE]);
    // Newer values of sensors still queued replace theirs; the sent ones queue again.
    add({ city: 'kolkata', readings: burst(2) });
    vi.advanceTimersByTime(250);
    vi.advanceTimersByTime(250);
    vi.advanceTimersByTime(250);
    const sizes = flushed.map((e) => e.readings.length);
    expect(sizes.every((n) => n <= MAX_LIVE_READINGS_PER_MESSAGE)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5_000 + MAX_LIVE_READINGS_PER_MESSAGE);
    const after = flushed.slice(1).flatMap((e) => e.readings);
    expect(new Set(after.map((r) => r.sensorId)).size).toBe(5_000);
    expect(after.every((r) => r.value === 2)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
