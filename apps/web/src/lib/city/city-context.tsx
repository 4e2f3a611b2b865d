import type { City, CityKey } from '@smart-city/shared';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * The one selected city that the header, the landing page and every screen read. Each city's name
 * is given in the reader's language (कोलकाता, কলকাতা), so every screen that writes `city.name`
 * writes it in the reader's script; a city the texts do not name keeps the server's name.
 */
export function CityProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [cityKey, setCityKey] = useState<CityKey>(readStoredCityKey);
  const query = useCities();
  const fetched = query.data ?? NO_CITIES;
  const cities = useMemo(
    () =>
      fetched.map((city) => {
        const key = `cityNames.${city.key}`;
        return i18n.exists(key) ? { ...city, name: t(key as 'cityNames.kolkata') } : city;
      }),
    // `t` changes with the language: a change of language names the cities again.
    [fetched, t, i18n],
  );
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

/** The time zone of a city by its key, once the cities have loaded (undefined before). */
export function useCityZone(): (city: CityKey) => string | undefined {
  const { cities } = useCity();
  return (city) => cities.find((candidate) => candidate.key === city)?.timeZone;
}
