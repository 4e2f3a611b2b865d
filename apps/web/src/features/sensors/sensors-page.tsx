import { DEFAULT_READING_WINDOW } from '@smart-city/shared';
import type { ReadingWindow, SensorStatus } from '@smart-city/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { SensorMap } from '../../components/sensor-map/sensor-map';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { useMinuteClock } from '../../lib/clock';
import { useSocket } from '../../lib/live/live-state';
import { mergeLiveSensors, useSavedStatuses } from './live-sensors';
import { SensorDetail } from './sensor-detail';
import { SensorList } from './sensor-list';
import { countByType, filterByType, matchesSearch } from './sensor-filters';
import type { SensorTypeFilter } from './sensor-filters';
import { useSensor } from './sensor-query';
import { useUpdateSensorStatus } from './sensor-status-mutation';
import { SensorTypeFilterBar } from './sensor-type-filter';
import { useSensors } from './sensors-query';

/** The query parameter that deep-links to one sensor's details. */
export const SENSOR_PARAM = 'sensor';

/** How often "updated … ago" is rewritten between live readings. */
const TIME_AGO_REFRESH_MS = 15_000;

function DetailPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full min-h-40 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900/50 dark:text-slate-400">
      {t('sensors.detail.choose')}
    </div>
  );
}

/** The IoT Sensors screen: type filter, map, searchable list and one sensor's details. */
export function SensorsPage() {
  const { t } = useTranslation();
  const { city, cityKey } = useCity();
  const { hasAnyRole } = useAuth();
  const live = useSocket();
  const now = useMinuteClock(TIME_AGO_REFRESH_MS);
  const query = useSensors(cityKey);
  const { saved, remember } = useSavedStatuses(live, cityKey);
  const [type, setType] = useState<SensorTypeFilter>('all');
  const [search, setSearch] = useState('');
  const [historyWindow, setHistoryWindow] = useState<ReadingWindow>(DEFAULT_READING_WINDOW);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(SENSOR_PARAM);
  const detailHeading = useRef<HTMLHeadingElement>(null);

  // Alerts and stats change the live state too: the list follows the sensors only.
  const { city: liveCity, sensors: liveSensors } = live;
  const sensors = useMemo(
    () =>
      mergeLiveSensors(query.data ?? [], { city: liveCity, sensors: liveSensors }, cityKey, saved),
    [query.data, liveCity, liveSensors, cityKey, saved],
  );
  // Counts and the list come from one searched list, so a count is what its button shows.
  const searched = useMemo(
    () => sensors.filter((sensor) => matchesSearch(sensor, search)),
    [sensors, search],
  );
  const counts = useMemo(() => countByType(searched), [searched]);
  const shown = useMemo(() => filterByType(searched, type), [searched, type]);

  const listed = sensors.find((sensor) => sensor.id === selectedId);
  // A deep link to a sensor of another city still opens it, from the server.
  const single = useSensor(selectedId ?? '', selectedId !== null && query.isSuccess && !listed);
  const selected = listed ?? (selectedId !== null ? single.data : undefined);

  const openSensor = useCallback(
    (id: string) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set(SENSOR_PARAM, id);
        return next;
      });
      setHistoryWindow(DEFAULT_READING_WINDOW);
    },
    [setParams],
  );
  const openFromList = (id: string) => {
    openSensor(id);
    // The details sit above the list on small screens: take the reader there.
    requestAnimationFrame(() => {
      detailHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      detailHeading.current?.focus({ preventScroll: true });
    });
  };
  const closeSensor = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(SENSOR_PARAM);
      return next;
    });

  const statusChange = useUpdateSensorStatus(cityKey);
  const changeStatus = (status: SensorStatus) => {
    if (!selected) return;
    const liveBefore = live.city === cityKey ? live.sensors[selected.id] : undefined;
    const before = liveBefore && !liveBefore.simulated ? liveBefore.status : undefined;
    statusChange.mutate(
      { id: selected.id, status },
      { onSuccess: (sensor) => remember(sensor.id, sensor.status, before) },
    );
  };

  const cityName = city?.name ?? '';
  const header = (
    <>
      <PageHeader title={t('screens.sensors.title')} />
      {cityName ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('sensors.intro', { city: cityName })}
        </p>
      ) : null}
    </>
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <div className="flex justify-center py-16" data-testid="sensors-loading">
          <Spinner size={32} />
        </div>
      </>
    );
  }

  if (query.isError) {
    return (
      <>
        {header}
        <InlineAlert tone="error" title={t('sensors.loadFailed')} testId="sensors-error">
          <button
            type="button"
            className={`${secondaryButton} mt-2`}
            onClick={() => void query.refetch()}
          >
            {t('sensors.retry')}
          </button>
        </InlineAlert>
      </>
    );
  }

  if (sensors.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={<Icon name="sensors" />}
          title={t('sensors.empty', { city: cityName })}
          description={t('sensors.emptyHint')}
        />
      </>
    );
  }

  const detail = selected ? (
    <SensorDetail
      key={selected.id}
      ref={detailHeading}
      sensor={selected}
      city={city}
      now={now}
      window={historyWindow}
      onWindowChange={setHistoryWindow}
      onClose={closeSensor}
      maintenance={{
        allowed: hasAnyRole(['operator', 'admin']),
        pending: statusChange.isPending,
        onChange: changeStatus,
      }}
    />
  ) : selectedId !== null && single.isPending ? (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner />
    </div>
  ) : selectedId !== null &&
    single.error instanceof ApiRequestError &&
    single.error.status === 404 ? (
    <InlineAlert tone="warning" title={t('sensors.detail.notFound')} testId="sensor-detail-missing">
      {t('sensors.detail.notFoundHint', { id: selectedId })}
    </InlineAlert>
  ) : selectedId !== null ? (
    <InlineAlert tone="error" title={t('sensors.detail.loadFailed')} testId="sensor-detail-missing">
      <button
        type="button"
        className={`${secondaryButton} mt-2`}
        onClick={() => void single.refetch()}
      >
        {t('sensors.retry')}
      </button>
    </InlineAlert>
  ) : (
    <DetailPlaceholder />
  );

  return (
    <>
      {header}
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SensorTypeFilterBar counts={counts} selected={type} onSelect={setType} />
        <div className="lg:w-72">
          <label htmlFor="sensor-search" className="sr-only">
            {t('sensors.search')}
          </label>
          <input
            id="sensor-search"
            type="search"
            data-testid="sensor-search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('sensors.searchPlaceholder')}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          {city ? (
            <SensorMap
              city={city}
              sensors={shown}
              selectedId={selectedId}
              onSelect={openSensor}
              className="h-72 sm:h-96 lg:h-[30rem]"
            />
          ) : (
            <div className="flex h-72 items-center justify-center sm:h-96 lg:h-[30rem]">
              <Spinner />
            </div>
          )}
        </div>
        <div className="min-w-0 lg:col-span-2">{detail}</div>
      </div>

      <SensorList
        sensors={shown}
        selectedId={selectedId}
        now={now}
        onOpen={openFromList}
        onShowAll={() => {
          setType('all');
          setSearch('');
        }}
      />
    </>
  );
}
