import type { AirQualityStandard } from './pollutants';

/**
 * India's six categories (CPCB, National Air Quality Index, 2014): Good, Satisfactory, Moderately
 * polluted, Poor, Very poor and Severe.
 */
export const NAQI_CATEGORY_KEYS = [
  'good',
  'satisfactory',
  'moderate',
  'poor',
  'very_poor',
  'severe',
] as const;
export type NaqiCategoryKey = (typeof NAQI_CATEGORY_KEYS)[number];

/**
 * The US six categories (EPA-454/B-24-002, table 1): Good, Moderate, Unhealthy for Sensitive
 * Groups, Unhealthy, Very Unhealthy and Hazardous.
 */
export const EPA_CATEGORY_KEYS = [
  'good',
  'moderate',
  'sensitive',
  'unhealthy',
  'very_unhealthy',
  'hazardous',
] as const;
export type EpaCategoryKey = (typeof EPA_CATEGORY_KEYS)[number];

export type AirQualityCategoryKey = NaqiCategoryKey | EpaCategoryKey;

/** The category keys of each standard, in order from the cleanest air. */
export type CategoryKeyOf<S extends AirQualityStandard> = S extends 'IN-NAQI'
  ? NaqiCategoryKey
  : EpaCategoryKey;

/**
 * A category: the index values it spans, both ends included, and the colour the standard shows it
 * in. `max` is null for a category with no upper end.
 */
export type AirQualityCategory<K extends AirQualityCategoryKey = AirQualityCategoryKey> = {
  key: K;
  min: number;
  max: number | null;
  colour: string;
};

/**
 * Each standard's categories, from the cleanest air. India's index runs 0 to 500, its colours
 * those of the CPCB report's table (dark green, light green, yellow, orange, red, dark red). The
 * US colours are the EPA's (EPA-454/B-24-002, table 2); since 2024 Hazardous is "301 and higher",
 * as an index above 500 is reported as Hazardous too.
 */
export const AIR_QUALITY_CATEGORIES = {
  'IN-NAQI': [
    { key: 'good', min: 0, max: 50, colour: '#00B050' },
    { key: 'satisfactory', min: 51, max: 100, colour: '#92D050' },
    { key: 'moderate', min: 101, max: 200, colour: '#FFFF00' },
    { key: 'poor', min: 201, max: 300, colour: '#FF9900' },
    { key: 'very_poor', min: 301, max: 400, colour: '#FF0000' },
    { key: 'severe', min: 401, max: 500, colour: '#C00000' },
  ],
  'US-EPA': [
    { key: 'good', min: 0, max: 50, colour: '#00E400' },
    { key: 'moderate', min: 51, max: 100, colour: '#FFFF00' },
    { key: 'sensitive', min: 101, max: 150, colour: '#FF7E00' },
    { key: 'unhealthy', min: 151, max: 200, colour: '#FF0000' },
    { key: 'very_unhealthy', min: 201, max: 300, colour: '#8F3F97' },
    { key: 'hazardous', min: 301, max: null, colour: '#7E0023' },
  ],
} as const satisfies {
  [S in AirQualityStandard]: readonly AirQualityCategory<CategoryKeyOf<S>>[];
};

/**
 * The category an index falls in, or null for a value that is no index (negative or not a
 * number). Indices are whole numbers; a fraction falls in the category whose upper end it does not
 * pass, and a value past the top of the scale in the last category.
 */
export function categoryOf<S extends AirQualityStandard>(
  standard: S,
  index: number,
): AirQualityCategory<CategoryKeyOf<S>> | null {
  if (!Number.isFinite(index) || index < 0) return null;
  const categories = AIR_QUALITY_CATEGORIES[standard] as readonly AirQualityCategory<
    CategoryKeyOf<S>
  >[];
  return (
    categories.find((category) => category.max === null || index <= category.max) ??
    categories[categories.length - 1] ??
    null
  );
}
