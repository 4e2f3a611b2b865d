import { CITY_KEYS, DEFAULT_CITY_KEY } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import { CITY_STORAGE_KEY, readStorage, writeStorage } from '../storage-keys';

export function isCityKey(value: unknown): value is CityKey {
  return typeof value === 'string' && (CITY_KEYS as readonly string[]).includes(value);
}

/** The stored city; a missing or unknown value (an old key, a hand edit) means Kolkata. */
export function readStoredCityKey(): CityKey {
  const stored = readStorage(CITY_STORAGE_KEY);
  return isCityKey(stored) ? stored : DEFAULT_CITY_KEY;
}

export function storeCityKey(key: CityKey): void {
  writeStorage(CITY_STORAGE_KEY, key);
}
