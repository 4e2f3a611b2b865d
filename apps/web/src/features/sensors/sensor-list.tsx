import type { Sensor } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { SensorCard } from './sensor-card';

/** The searchable, filtered list of sensors as cards, or why it is empty. */
export function SensorList({
  sensors,
  selectedId,
  now,
  onOpen,
  onShowAll,
}: {
  sensors: readonly Sensor[];
  selectedId: string | null;
  now: Date;
  onOpen: (id: string) => void;
  /** Clears the type filter and the search. */
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sensor-list-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sensor-list-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('sensors.listTitle')}
        </h2>
        <p
          role="status"
          data-testid="sensor-shown-count"
          className="text-sm text-slate-600 dark:text-slate-400"
        >
          {t('sensors.shown', { count: sensors.length })}
        </p>
      </div>
      {sensors.length === 0 ? (
        <EmptyState
          icon={<Icon name="sensors" />}
          title={t('sensors.noMatch')}
          description={t('sensors.noMatchHint')}
          action={
            <button type="button" className={secondaryButton} onClick={onShowAll}>
              {t('sensors.clearFilters')}
            </button>
          }
        />
      ) : (
        <ul
          data-testid="sensor-list"
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
        >
          {sensors.map((sensor) => (
            <SensorCard
              key={sensor.id}
              sensor={sensor}
              selected={sensor.id === selectedId}
              now={now}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
