import type { City, CityKey } from '@smart-city/shared';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useCities } from './cities-query';
import { readStoredCityKey, storeCityKey } from './city-storage';

interface CityContextValue {
  /** The chosen city, known even before the list has loaded. */
  cityKey: CityKey;
  selectCity: (key: CityKey) => void;
  /** The chosen city's details once GET /api/cities has answered; null while loading or on error. */
  city: City | null;
  cities: readonly City[];
  status: 'pending' | 'error' | 'success';
  refetch: () => void;
}

const CityContext = createContext<CityContextValue | null>(null);

const NO_CITIES: readonly City[] = [];

/** The one selected city that the header, the landing page and every screen read. */
export function CityProvider({ children }: { children: ReactNode }) {
  const [cityKey, setCityKey] = useState<CityKey>(readStoredCityKey);
  const query = useCities();
  const cities = query.data ?? NO_CITIES;
  const city = cities.find((candidate) => candidate.key === cityKey) ?? null;
  const { refetch: refetchQuery } = query;

  const selectCity = useCallback((key: CityKey) => {
    storeCityKey(key);
    setCityKey(key);
  }, []);

  const refetch = useCallback(() => {
    void refetchQuery();
  }, [refetchQuery]);

  const value = useMemo(
    () => ({ cityKey, selectCity, city, cities, status: query.status, refetch }),
    [cityKey, selectCity, city, cities, query.status, refetch],
  );
  return <CityContext value={value}>{children}</CityContext>;
}

export function useCity(): CityContextValue {
  const value = useContext(CityContext);
  if (!value) throw new Error('useCity must be used within a CityProvider');
  return value;
}
