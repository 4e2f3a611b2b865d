import { VALUE_RANGES, type SensorType } from '@smart-city/shared';

/** How far ahead of the server's clock a device's timestamp may be (clock drift). */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Why a reading cannot be stored for this sensor, or null when it can. */
export function readingProblem(
  sensor: { type: string; unit: string },
  reading: { value: number; unit?: string; at: Date },
  now: Date,
): string | null {
  const range = VALUE_RANGES[sensor.type as SensorType];
  if (range && (reading.value < range.min || reading.value > range.max))
    return `value ${reading.value} is outside ${range.min}–${range.max} ${sensor.unit} for a ${sensor.type} sensor`;
  if (reading.unit !== undefined && reading.unit !== sensor.unit)
    return `unit "${reading.unit}" does not match the sensor's unit "${sensor.unit}"`;
  if (reading.at.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS)
    return 'timestamp is more than 5 minutes in the future';
  return null;
}
