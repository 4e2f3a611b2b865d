import { CITY_KEYS } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import { useEffect, useRef, useState } from 'react';
import { useCity } from '../../lib/city/city-context';

/** The city after `city` in the rotation: Kolkata, Kharagpur, New York, then Kolkata again. */
function cityAfter(city: CityKey): CityKey {
  const index = CITY_KEYS.indexOf(city);
  return CITY_KEYS[(index + 1) % CITY_KEYS.length]!;
}

/** Where a rotation stands: the city that comes next and the whole seconds until it does. */
export interface Rotation {
  next: CityKey;
  secondsLeft: number;
}

/**
 * Moves the selected city to the next one every `periodS` seconds (null: never). The selected
 * city is the app's own, so the live connection follows each city and the wall shows its figures
 * as soon as they arrive. Counted in whole seconds for the countdown the wall shows.
 */
export function useCityRotation(periodS: number | null): Rotation | null {
  const { cityKey, selectCity } = useCity();
  const [secondsLeft, setSecondsLeft] = useState(periodS ?? 0);
  const current = useRef(cityKey);
  useEffect(() => {
    current.current = cityKey;
  }, [cityKey]);

  useEffect(() => {
    if (periodS === null) return;
    let left = periodS;
    const timer = setInterval(() => {
      left -= 1;
      if (left <= 0) {
        left = periodS;
        selectCity(cityAfter(current.current));
      }
      setSecondsLeft(left);
    }, 1000);
    return () => clearInterval(timer);
  }, [periodS, selectCity]);

  return periodS === null ? null : { next: cityAfter(cityKey), secondsLeft };
}
