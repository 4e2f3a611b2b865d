import { useTranslation } from 'react-i18next';
import { useCity } from '../city/city-context';
import { formatClock } from '../format/date-time';
import { useLiveConnection } from './live-state';

/**
 * While the live connection is down, the time the data on screen is from, on the city's clock
 * ('6:28 PM IST'): `updatedAt` is when the screen's data last changed (a query's `dataUpdatedAt`,
 * which every live patch moves on). Null while the data is live, or before it has come at all.
 */
export function useStaleAsOf(updatedAt: number): string | null {
  const { i18n } = useTranslation();
  const { city } = useCity();
  const connection = useLiveConnection();
  const down = connection === 'disconnected' || connection === 'outdated';
  if (!down || updatedAt <= 0) return null;
  return formatClock(new Date(updatedAt), city?.timeZone, i18n.language);
}
