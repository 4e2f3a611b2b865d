import type { SensorType } from '@smart-city/shared';

/**
 * One colour per sensor type, used by map markers, list chips and charts alike. Mid-tone hues
 * that stay visible on both the light and the dark map background, and apart from the status and
 * alert colours (no orange, red, amber, deep green or blue: those say how a sensor is doing).
 */
export const SENSOR_TYPE_COLORS: Record<SensorType, string> = {
  traffic: '#8b5cf6',
  air_quality: '#ec4899',
  energy: '#facc15',
  water: '#0ea5e9',
  waste: '#14b8a6',
  population: '#a3e635',
};

/** The colour of a sensor type; unknown types get a neutral grey. */
export function sensorTypeColor(type: string | null | undefined): string {
  return type && Object.hasOwn(SENSOR_TYPE_COLORS, type)
    ? SENSOR_TYPE_COLORS[type as SensorType]
    : '#64748b';
}
