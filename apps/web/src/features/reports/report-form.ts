import { REPORT_PHOTO_MAX_BYTES, REPORT_PHOTO_TYPES } from '@smart-city/shared';
import type { City } from '@smart-city/shared';
import type { MapPoint } from './report-map-style';

/** The parts of the report form an error can be shown at. */
export type ReportField = 'category' | 'city' | 'place' | 'description' | 'address' | 'photos';

export type FieldErrors = Partial<Record<ReportField, string>>;

/** The control each part's error sends focus to, in the order the form shows them. */
export const FIELD_IDS: Readonly<Record<ReportField, string>> = {
  category: 'report-category-first',
  city: 'report-city',
  place: 'report-locate',
  description: 'report-description',
  address: 'report-address',
  photos: 'report-photo-input',
};

/**
 * The part of the form a failing path of the server's 400 names (`lat`, `photoIds.1`), or null
 * for one the form does not show: that one is said above the form instead.
 */
export function fieldOfPath(path: string): ReportField | null {
  const head = /^[A-Za-z]+/.exec(path)?.[0] ?? '';
  switch (head) {
    case 'category':
    case 'city':
    case 'description':
    case 'address':
      return head;
    case 'lat':
    case 'lng':
      return 'place';
    case 'photoIds':
      return 'photos';
    default:
      return null;
  }
}

/** The first part of the form, in its order, that has an error. */
export function firstField(errors: FieldErrors): ReportField | undefined {
  return (Object.keys(FIELD_IDS) as ReportField[]).find((field) => errors[field] !== undefined);
}

/** Why a chosen file cannot be a report's photo, by the contract's limits; null when it can. */
export function photoProblem(file: Blob): 'type' | 'size' | null {
  if (!(REPORT_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > REPORT_PHOTO_MAX_BYTES) return 'size';
  return null;
}

/** Six decimals place a point within a few centimetres: more is noise from the device. */
export function roundedPoint(point: MapPoint): MapPoint {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(point.lat), lng: round(point.lng) };
}

/** Whether a place lies within a city's bounds, as the server judges a report's city. */
export function inCity(city: Pick<City, 'bounds'>, point: MapPoint): boolean {
  const { north, south, east, west } = city.bounds;
  return point.lat <= north && point.lat >= south && point.lng <= east && point.lng >= west;
}
