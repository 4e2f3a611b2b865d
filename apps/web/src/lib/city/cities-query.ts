import { CITIES_ADDRESS, isCityKey } from '@smart-city/shared';
import type { City } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerCheck, isFiniteNumber, isRecord } from '../answer-checks';
import { requestAt } from '../api-client';

/** The one cache key of the city list. */
export const citiesQueryKey = ['cities'] as const;

function hasNumbers(value: unknown, keys: readonly string[]): boolean {
  return isRecord(value) && keys.every((key) => isFiniteNumber(value[key]));
}

function hasStrings(value: unknown, keys: readonly string[]): boolean {
  return isRecord(value) && keys.every((key) => typeof value[key] === 'string');
}

/** A city as the contract's `citySchema` describes it, checked field by field. */
function isCity(value: unknown): value is City {
  return (
    isRecord(value) &&
    isCityKey(value.key) &&
    hasStrings(value, ['name', 'population', 'timeZone']) &&
    isFiniteNumber(value.populationCount) &&
    hasNumbers(value.center, ['lat', 'lng']) &&
    hasNumbers(value.bounds, ['north', 'south', 'east', 'west']) &&
    hasStrings(value.theme, ['gradientFrom', 'gradientVia', 'gradientTo'])
  );
}

const cityList = answerCheck('a list of cities', (data): data is City[] =>
  Array.isArray(data) ? data.every(isCity) : false,
);

/** The cities, checked against the shared contract's shape of a city. */
function fetchCities(signal?: AbortSignal): Promise<City[]> {
  return requestAt(CITIES_ADDRESS, {}, { signal, check: cityList });
}

const citiesQueryOptions = queryOptions({
  queryKey: citiesQueryKey,
  queryFn: ({ signal }) => fetchCities(signal),
});

export function useCities() {
  return useQuery(citiesQueryOptions);
}
