import { Database } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { SvgIcon } from '../../components/svg-icon';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { CityDataset } from './city-dataset';
import { useOpenCities } from './open-cities-query';

/** The cities' datasets, as the open data API describes them, each with its index now. */
export function CityDatasets() {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const cities = useOpenCities();
  return (
    <section aria-labelledby="open-data-datasets" className="mt-10">
      <h2 id="open-data-datasets" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('openData.datasets.title')}
      </h2>
      <p className="mt-2 mb-5 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        {t('openData.datasets.intro')}
      </p>
      {cities.isPending ? (
        <div className="flex justify-center py-14">
          <Spinner size={32} />
        </div>
      ) : cities.isError ? (
        <QueryError
          message={t('openData.datasets.loadFailed')}
          onRetry={() => void cities.refetch()}
          retrying={cities.isFetching}
          testId="open-data-error"
        />
      ) : cities.data.length === 0 ? (
        <EmptyState
          icon={<SvgIcon icon={Database} />}
          title={t('openData.datasets.empty')}
          description={t('openData.datasets.emptyHelp')}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="open-city-list">
          {cities.data.map((city) => (
            <li key={city.key} className="min-w-0">
              <CityDataset city={city} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
