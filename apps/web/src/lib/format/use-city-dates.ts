import { useTranslation } from 'react-i18next';
import { useCity } from '../city/city-context';
import { formatDate, formatDateTime } from './date-time';

/**
 * Moments as the chosen city's screens write them: in the reader's language, on the city's clock
 * with its zone named ('21 Nov 2026, 3:30 pm IST'), or the date alone.
 */
export function useCityDates() {
  const { i18n } = useTranslation();
  const timeZone = useCity().city?.timeZone;
  return {
    dateTime: (iso: string) => formatDateTime(iso, i18n.language, timeZone),
    date: (iso: string) => formatDate(iso, i18n.language, timeZone),
  };
}
