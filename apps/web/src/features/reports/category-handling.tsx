import type { CityKey, ReportCategory } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { useCity } from '../../lib/city/city-context';
import { formatDuration } from '../../lib/format/time-ago';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { useReportCategories } from './report-categories-query';

/**
 * Who in the city deals with the chosen problem, and within how long: the city's own setting, so
 * nothing is said until it has arrived.
 */
export function CategoryHandling({ city, category }: { city: CityKey; category: ReportCategory }) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const { cities } = useCity();
  const setting = useReportCategories(city).data?.items.find(
    (item) => item.city === city && item.code === category,
  );
  const cityName = cities.find((candidate) => candidate.key === city)?.name;
  if (!setting || !cityName) return null;
  return (
    <p
      data-testid="report-category-handling"
      className="mt-3 text-sm text-slate-700 dark:text-slate-300"
    >
      {t('newReport.handledBy', {
        city: cityName,
        department: t(`reports.departments.${setting.department}`),
        duration: formatDuration(setting.slaHours * 3_600_000, i18n.language),
      })}
    </p>
  );
}
