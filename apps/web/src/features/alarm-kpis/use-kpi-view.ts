import { alarmKpiWindowSchema } from '@smart-city/shared';
import type { AlarmKpiWindow, CityKey } from '@smart-city/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useCity } from '../../lib/city/city-context';
import { isCityKey } from '../../lib/city/city-storage';

/**
 * The page's city and window, kept in the address (`?city=&window=`). The city is the app's chosen
 * city: an address naming another one chooses it (so the alerts the figures link to are that
 * city's), and choosing another city writes it into the address.
 */
export function useKpiView() {
  const [params, setParams] = useSearchParams();
  const { cityKey, selectCity } = useCity();
  const addressCity = params.get('city');
  const parsedWindow = alarmKpiWindowSchema.safeParse(params.get('window'));
  const window: AlarmKpiWindow = parsedWindow.success ? parsedWindow.data : '24h';
  const seenCity = useRef(cityKey);

  useEffect(() => {
    // A city chosen elsewhere (the header) since the last look wins over the address; otherwise
    // the address (a link, the back button) chooses the city.
    const chosenElsewhere = seenCity.current !== cityKey;
    seenCity.current = cityKey;
    if (addressCity === cityKey) return;
    if (!chosenElsewhere && isCityKey(addressCity)) selectCity(addressCity);
    else {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('city', cityKey);
          return next;
        },
        { replace: true },
      );
    }
  }, [addressCity, cityKey, selectCity, setParams]);

  const setWindow = useCallback(
    (next: AlarmKpiWindow) => {
      setParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === '24h') params.delete('window');
          else params.set('window', next);
          return params;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const city: CityKey = isCityKey(addressCity) ? addressCity : cityKey;
  return { city, window, setWindow };
}
