import type { SensorType } from '@smart-city/shared';
import { i18n } from '../i18n/i18n';

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

/** Decimals of a plain number that belongs to no sensor type, such as a rated load. */
const PLAIN_MAX_FRACTION_DIGITS = 2;

/** Decimals of a coordinate: four are about 11 m, enough to tell two sensors in a street apart. */
const COORDINATE_FRACTION_DIGITS = 4;

// Building a NumberFormat is costly and lists of sensors format many values per render.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, minDigits: number, maxDigits: number): Intl.NumberFormat {
  const key = `${locale}|${minDigits}|${maxDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    });
    formats.set(key, format);
  }
  return format;
}

/** A value of a sensor type with that type's decimals: '45.3' (congestion), '143' (AQI). */
export function formatMetricValue(value: number, type: SensorType, locale: string): string {
  const digits = METRIC_FRACTION_DIGITS[type];
  return numberFormat(locale, digits, digits).format(value);
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

/** A number of no sensor type, with up to two decimals and no trailing zeros: '40', '3.75'. */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, 0, PLAIN_MAX_FRACTION_DIGITS).format(value);
}

/** A place as 'latitude, longitude': '22.5726, 88.3639'. */
export function formatCoordinates(lat: number, lng: number, locale: string): string {
  const format = numberFormat(locale, COORDINATE_FRACTION_DIGITS, COORDINATE_FRACTION_DIGITS);
  return `${format.format(lat)}, ${format.format(lng)}`;
}

/** A number shortened for a narrow place such as a chart axis: '1.2M', '45', '0.25'. */
export function formatCompactNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: PLAIN_MAX_FRACTION_DIGITS,
  }).format(value);
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
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    compactDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(city.populationCount);
}

/** A share from 0 to 1 as a percentage with up to one decimal: '7.6%', '0%', '100%'. */
export function formatShare(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    share,
  );
}
