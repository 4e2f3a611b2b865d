import {
  LIVE_BATCH_INTERVAL_MS,
  type CityKey,
  type LiveReading,
  type ReadingsEvent,
} from '@smart-city/shared';
import type { LiveBatch, LiveRoute } from '../../live/live-route';

/**
 * Most readings one message carries. A city of 100,000 sensors may report more than that within a
 * quarter of a second; the rest follow in the next messages, still the latest value per sensor, so a
 * message stays a few dozen kilobytes and the queue never holds more than one entry per sensor.
 */
export const MAX_LIVE_READINGS_PER_MESSAGE = 2_000;

/**
 * The readings of one city since its last message, the latest value per sensor: a viewer needs
 * each sensor's current value, not every step it took within a quarter of a second. At most
 * `limit` go in one message, the longest-waiting first.
 */
export function latestReadingPerSensor(
  limit = MAX_LIVE_READINGS_PER_MESSAGE,
): LiveBatch<ReadingsEvent> {
  let city: CityKey | null = null;
  const latest = new Map<string, LiveReading>();
  return {
    add(event) {
      city = event.city;
      for (const reading of event.readings) {
        const queued = latest.get(reading.sensorId);
        // A device may deliver late readings; an older one must not overwrite a newer value. Both
        // times are written by toISOString (one length, one zone), so text order is time order.
        if (queued && queued.timestamp > reading.timestamp) continue;
        // A sensor keeps its place in the queue while its value is replaced.
        latest.set(reading.sensorId, reading);
      }
    },
    take() {
      if (!city || latest.size === 0) return null;
      const readings: LiveReading[] = [];
      for (const [id, reading] of latest) {
        if (readings.length >= limit) break;
        readings.push(reading);
        latest.delete(id);
      }
      return { city, readings };
    },
    hasMore: () => latest.size > 0,
  };
}

/** Stored readings go to their city's followers, batched: a busy city would flood its viewers. */
export const readingsLiveRoutes: LiveRoute[] = [
  {
    event: 'readings',
    audience: ({ city }) => ({ city }),
    coalesce: { intervalMs: LIVE_BATCH_INTERVAL_MS, batch: () => latestReadingPerSensor() },
  },
];
