import type { CityKey } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { useCityAlertGroups } from '../../lib/alert-groups/alert-groups-query';
import { AlertGroupCard } from './alert-group-card';

/**
 * The city's active flood groups above its alerts, as "Incidents": each a card with its figures
 * and actions. Nothing at all while the city has none, so a quiet city's screen stays as it was.
 */
export function AlertGroupCards({ city, canAct }: { city: CityKey; canAct: boolean }) {
  const { t } = useTranslation();
  const groups = useCityAlertGroups(city);
  if (groups.isPending) {
    return (
      <div className="flex justify-center py-2" data-testid="alert-groups-loading">
        <Spinner />
      </div>
    );
  }
  if (groups.isError) {
    return (
      <QueryError
        message={t('alertGroups.loadFailed')}
        onRetry={() => void groups.refetch()}
        retrying={groups.isFetching}
        tone="warning"
        testId="alert-groups-failed"
      />
    );
  }
  if (groups.data.length === 0) return null;
  return (
    <section aria-labelledby="alert-groups-title" data-testid="alert-groups">
      <h2 id="alert-groups-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('alertGroups.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('alertGroups.intro')}</p>
      <ul className="space-y-3">
        {groups.data.map((group) => (
          <li key={group.id}>
            <AlertGroupCard group={group} canAct={canAct} />
          </li>
        ))}
      </ul>
    </section>
  );
}
