import { SENSOR_TYPES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { FilterChip, FilterChipGroup } from '../../components/filter-chips';
import { SENSOR_TYPE_COLORS } from '../../components/sensor-map/sensor-type-colors';
import type { SensorTypeFilter } from './sensor-filters';

const OPTIONS: readonly SensorTypeFilter[] = ['all', ...SENSOR_TYPES];

/** Chips for All and each type, each with the number of sensors it would show. */
export function SensorTypeFilterBar({
  counts,
  selected,
  onSelect,
}: {
  /** Null while the counts load: the chips filter, without a number. */
  counts: Record<SensorTypeFilter, number | null>;
  selected: SensorTypeFilter;
  onSelect: (type: SensorTypeFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterChipGroup label={t('sensors.filterLabel')} testId="sensor-type-filter">
      {OPTIONS.map((option) => {
        const label = option === 'all' ? t('sensors.all') : t(`sensorTypes.${option}`);
        return (
          <FilterChip
            key={option}
            testId={`sensor-type-filter-${option}`}
            label={label}
            accessibleName={
              counts[option] === null
                ? label
                : t('sensors.filterCount', { label, count: counts[option] })
            }
            count={counts[option]}
            pressed={option === selected}
            onSelect={() => onSelect(option)}
            icon={
              option === 'all' ? undefined : (
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full ring-1 ring-white/70"
                  style={{ backgroundColor: SENSOR_TYPE_COLORS[option] }}
                />
              )
            }
          />
        );
      })}
    </FilterChipGroup>
  );
}
