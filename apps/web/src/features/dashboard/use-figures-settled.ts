import { useState } from 'react';
import { useCity } from '../../lib/city/city-context';
import { useCityOverview } from './overview-query';

/**
 * Whether the six cards have had their first answer. The chart and the map wait for it before
 * asking for their data and loading their libraries: the embedded database answers one query at a
 * time and parsing those libraries holds the main thread, and the figures come first. Once true it
 * stays true, so a city switch does not take the chart away again.
 */
export function useFiguresSettled(): boolean {
  const { cityKey } = useCity();
  const { status } = useCityOverview(cityKey);
  const [settled, setSettled] = useState(false);
  if (!settled && status !== 'pending') setSettled(true);
  return settled || status !== 'pending';
}
