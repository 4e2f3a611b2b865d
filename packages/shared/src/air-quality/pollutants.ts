// Plain values only, no zod: the air-quality standards are arithmetic on numbers.

/**
 * The pollutants an air quality index is made of: fine and coarse particles, nitrogen dioxide,
 * sulphur dioxide, carbon monoxide, ozone, ammonia and lead. India's index uses all eight, the US
 * index the first six.
 */
export const POLLUTANTS = ['pm25', 'pm10', 'no2', 'so2', 'co', 'o3', 'nh3', 'pb'] as const;
export type Pollutant = (typeof POLLUTANTS)[number];

/**
 * The two standards the platform reports air quality in: India's National Air Quality Index of the
 * Central Pollution Control Board (Kolkata, Kharagpur) and the US EPA's Air Quality Index (New
 * York).
 */
export const AIR_QUALITY_STANDARDS = ['IN-NAQI', 'US-EPA'] as const;
export type AirQualityStandard = (typeof AIR_QUALITY_STANDARDS)[number];

/**
 * The unit a sensor in a city of each standard reports each pollutant in, and so the unit of every
 * concentration the standard's functions take and give back. India states every pollutant in
 * µg/m³ but carbon monoxide in mg/m³. The US states particles in µg/m³, carbon monoxide in ppm and
 * the other gases in ppb; its ozone table is written in ppm, and the EPA functions convert the ppb
 * a sensor reports themselves. The US index has no ammonia or lead.
 */
export const POLLUTANT_UNITS = {
  'IN-NAQI': {
    pm25: 'µg/m³',
    pm10: 'µg/m³',
    no2: 'µg/m³',
    so2: 'µg/m³',
    co: 'mg/m³',
    o3: 'µg/m³',
    nh3: 'µg/m³',
    pb: 'µg/m³',
  },
  'US-EPA': {
    pm25: 'µg/m³',
    pm10: 'µg/m³',
    no2: 'ppb',
    so2: 'ppb',
    co: 'ppm',
    o3: 'ppb',
  },
} as const satisfies Record<AirQualityStandard, Partial<Record<Pollutant, string>>>;

/**
 * The standard a country's air quality is reported in, by its ISO 3166 code ('IN', 'US'), or null
 * for a country without one here.
 */
export function standardOfCountry(country: string): AirQualityStandard | null {
  switch (country.trim().toUpperCase()) {
    case 'IN':
      return 'IN-NAQI';
    case 'US':
      return 'US-EPA';
    default:
      return null;
  }
}

/**
 * Hourly mean concentrations, oldest first, the last element the most recent ended hour; null
 * where the hour has no data. In the units of POLLUTANT_UNITS for the standard. A value that is
 * not a finite number counts as a missing hour; a value below zero (an instrument's noise around
 * zero) counts as zero.
 */
export type HourlySeries = Partial<Record<Pollutant, readonly (number | null)[]>>;
