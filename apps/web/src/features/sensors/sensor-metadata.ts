import type { Sensor } from '@smart-city/shared';

export interface MetadataFigure {
  key: string;
  value: string | number;
  /** The unit a known figure is in, e.g. MW for the rated load. */
  unit: string | null;
}

/** Units of the metadata figures the platform knows. */
const METADATA_UNITS: Record<string, string> = { ratedMw: 'MW' };

/** The plain figures of a sensor's metadata (numbers and words), in a stable order. */
export function metadataFigures(metadata: Sensor['metadata']): MetadataFigure[] {
  return Object.entries(metadata)
    .filter((entry): entry is [string, string | number] => {
      const value = entry[1];
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string';
    })
    .map(([key, value]) => ({ key, value, unit: METADATA_UNITS[key] ?? null }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** A readable name for a metadata key nobody translated: 'peakHours' → 'Peak hours'. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
