import type { SensorType } from '@smart-city/shared';

/** A choice of the type filter: one type, or every type. */
export type SensorTypeFilter = SensorType | 'all';
