import type { SensorType } from '@smart-city/shared';

/**
 * One colour per sensor type, used by map markers, list chips and charts alike. Mid-tone hues
 * that stay visible on both the light and the dark map background.
 */
export const SENSOR_TYPE_COLORS: Record<SensorType, string> = {
  traffic: '#f97316',
  air_quality: '#a855f7',
  energy: '#eab308',
  water: '#0ea5e9',
  waste: '#22c55e',
  population: '#ec4899',
};

/** The colour of a sensor type; unknown types get a neutral grey. */
export function sensorTypeColor(type: string | null | undefined): string {
  return type && Object.hasOwn(SENSOR_TYPE_COLORS, type)
    ? SENSOR_TYPE_COLORS[type as SensorType]
    : '#64748b';
}
