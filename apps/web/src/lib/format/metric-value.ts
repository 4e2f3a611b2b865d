import type { SensorType } from '@smart-city/shared';
import { i18n } from '../i18n/i18n';
import { formatFixed, numberFormat } from './numbers';

/**
 * Decimals a value of each sensor type is shown with, wherever it appears (dashboard cards,
 * analytics, the sensors list, details and map): whole AQI points and whole people, tenths for
 * the rest.
 */
const METRIC_FRACTION_DIGITS: Record<SensorType, number> = {
  traffic: 1,
  air_quality: 0,
  energy: 1,
  water: 1,
  waste: 1,
  population: 0,
};

/** Decimals of a coordinate: four are about 11 m, enough to tell two sensors in a street apart. */
const COORDINATE_FRACTION_DIGITS = 4;

/** A value of a sensor type with that type's decimals: '45.3' (congestion), '143' (AQI). */
export function formatMetricValue(value: number, type: SensorType, locale: string): string {
  return formatFixed(value, METRIC_FRACTION_DIGITS[type], locale);
}

/**
 * A unit as the reader's language writes it: symbols and abbreviations (%, AQI, MW, NTU) as they
 * are, as Hindi and Bengali readers know them; the words of units ('people', the 'day' of ML/day)
 * in the language's own words.
 */
export function formatUnit(unit: string, locale: string): string {
  if (unit === 'people') return i18n.t('units.people', { lng: locale });
  if (unit === 'ML/day') return i18n.t('units.mlPerDay', { lng: locale });
  return unit;
}

/** A value of a sensor type with its unit: '45.3 %', '143 AQI', '1,204 people'. */
export function formatMetricReading(
  value: number,
  type: SensorType,
  unit: string,
  locale: string,
): string {
  const number = formatMetricValue(value, type, locale);
  return unit ? `${number} ${formatUnit(unit, locale)}` : number;
}

/** A place as 'latitude, longitude': '22.5726, 88.3639'. */
export function formatCoordinates(lat: number, lng: number, locale: string): string {
  const digits = COORDINATE_FRACTION_DIGITS;
  return `${formatFixed(lat, digits, locale)}, ${formatFixed(lng, digits, locale)}`;
}

/**
 * A city's population as the header and the landing page write it. English keeps the figure the
 * city publishes ('14.9M'); Hindi and Bengali write the count in their own words and digits
 * ('1.5 करोड़', '৪ লাখ'), as their newspapers do.
 */
export function formatPopulation(
  city: { population: string; populationCount?: number | undefined },
  locale: string,
): string {
  if (locale.startsWith('en') || city.populationCount === undefined) return city.population;
  return numberFormat(locale, {
    notation: 'compact',
    compactDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(city.populationCount);
}
