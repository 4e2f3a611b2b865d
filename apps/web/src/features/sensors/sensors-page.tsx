import {
  canChangeSensors,
  canRegisterSensors,
  DEFAULT_READING_WINDOW,
  SENSOR_TYPES,
} from '@smart-city/shared';
import type { BoundingBox, ReadingWindow, SensorStatus, SensorType } from '@smart-city/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { SensorMap } from '../../components/sensor-map/sensor-map';
import { Spinner } from '../../components/spinner';
import { Switch } from '../../components/switch';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { useMinuteClock } from '../../lib/clock';
import { SENSOR_PARAM } from '../../lib/paths';
import { TIME_AGO_REFRESH_MS } from '../../lib/format/time-ago';
import { useSensorCounts } from '../../lib/sensors/sensor-counts-query';
import { useSensor } from '../../lib/sensors/sensor-query';
import { useSensorList } from '../../lib/sensors/sensors-query';
import type { SensorFilter } from '../../lib/sensors/sensors-query';
import { SensorDetail } from './sensor-detail';
import { SensorList } from './sensor-list';
import type { SensorTypeFilter } from './sensor-filters';
import {
  RegistrationActions,
  RegistrationPanel,
  type RegistrationMode,
} from './sensor-registration';
import { useUpdateSensorStatus } from './sensor-status-mutation';
import { SensorTypeFilterBar } from './sensor-type-filter';

/** Typing settles for this long before the search is asked of the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** The type chips before the counts arrive: they filter, without a number. */
const NO_COUNTS = Object.fromEntries(SENSOR_TYPES.map((type) => [type, null])) as Record<
  SensorType,
  null
>;

/** A map area to four decimals (about 10 m): a list following the map asks again only on a real move. */
function roundedArea(bounds: BoundingBox): BoundingBox {
  const r = (n: number) => Math.round(n * 10_000) / 10_000;
  return {
    west: r(bounds.west),
    south: r(bounds.south),
    east: r(bounds.east),
    north: r(bounds.north),
  };
}

function DetailPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full min-h-24 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900/50 dark:text-slate-400">
      {t('sensors.detail.choose')}
    </div>
  );
}

/**
 * The IoT Sensors screen for a registry of any size: type filter and search (asked of the server),
 * a paged virtual list, a clustered map and one sensor's details. The list and the map show the
 * same filter, and the chosen sensor is picked out on both.
 */
export function SensorsPage() {
  const { t } = useTranslation();
  const { city, cityKey } = useCity();
  const { allows } = useAuth();
  const now = useMinuteClock(TIME_AGO_REFRESH_MS);
  const [type, setType] = useState<SensorTypeFilter>('all');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [followMap, setFollowMap] = useState(false);
  const [mapArea, setMapArea] = useState<BoundingBox | null>(null);
  const [historyWindow, setHistoryWindow] = useState<ReadingWindow>(DEFAULT_READING_WINDOW);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(SENSOR_PARAM);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const [registering, setRegistering] = useState<RegistrationMode | null>(null);
  const mayRegister = allows(canRegisterSensors);

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const area = followMap && mapArea ? mapArea : undefined;
  // The map shows the type and the search; the list also the map's area when it follows the map.
  const mapFilter = useMemo<SensorFilter>(
    () => ({ type: type === 'all' ? undefined : type, q }),
    [type, q],
  );
  const listFilter = useMemo<SensorFilter>(() => ({ ...mapFilter, bbox: area }), [mapFilter, area]);
  // The chips count within the search and area, so each count is what choosing it shows.
  const countsFilter = useMemo<SensorFilter>(() => ({ q, bbox: area }), [q, area]);

  const registry = useSensorCounts(cityKey, {});
  const counts = useSensorCounts(cityKey, countsFilter);
  const list = useSensorList(cityKey, listFilter);
  const listed = useMemo(
    () =>
      selectedId === null
        ? undefined
        : list.data?.pages.flatMap((page) => page.items).find((s) => s.id === selectedId),
    [list.data, selectedId],
  );
  const selectedQuery = useSensor(selectedId ?? '', selectedId !== null, listed);
  const selected = selectedId !== null ? selectedQuery.data : undefined;

  const onViewChange = useCallback((bounds: BoundingBox) => setMapArea(roundedArea(bounds)), []);

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
  const openFromList = useCallback(
    (id: string) => {
      openSensor(id);
      // The details sit below the list on small screens: take the reader there.
      requestAnimationFrame(() => {
        detailHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
        detailHeading.current?.focus({ preventScroll: true });
      });
    },
    [openSensor],
  );
  const closeSensor = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(SENSOR_PARAM);
      return next;
    });
  const showAll = useCallback(() => {
    setType('all');
    setSearch('');
    setQ('');
    setFollowMap(false);
  }, []);

  const statusChange = useUpdateSensorStatus(cityKey);
  const changeStatus = (status: SensorStatus) => {
    if (!selected) return;
    statusChange.mutate({ id: selected.id, status });
  };

  const cityName = city?.name ?? '';
  const header = (
    <>
      <PageHeader
        title={t('screens.sensors.title')}
        actions={
          mayRegister ? <RegistrationActions open={registering} onOpen={setRegistering} /> : null
        }
      />
      {cityName ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('sensors.intro', { city: cityName })}
        </p>
      ) : null}
      {mayRegister && registering ? (
        <RegistrationPanel mode={registering} city={cityKey} onClose={() => setRegistering(null)} />
      ) : null}
    </>
  );

  // The list, the map and the counts load side by side; only an empty or unreadable registry
  // replaces them.
  if (registry.isError) {
    return (
      <>
        {header}
        <QueryError
          message={t('sensors.loadFailed')}
          onRetry={() => void registry.refetch()}
          retrying={registry.isFetching}
          testId="sensors-error"
        />
      </>
    );
  }

  if (registry.data?.total === 0) {
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

  const chipCounts = counts.data ?? registry.data;
  const chips: Record<SensorTypeFilter, number | null> = chipCounts
    ? { all: chipCounts.total, ...chipCounts.byType }
    : { all: null, ...NO_COUNTS };
  const detail = selected ? (
    <SensorDetail
      key={selected.id}
      ref={detailHeading}
      sensor={selected}
      updatedAt={selectedQuery.dataUpdatedAt}
      city={city}
      now={now}
      window={historyWindow}
      onWindowChange={setHistoryWindow}
      onClose={closeSensor}
      maintenance={{
        allowed: allows(canChangeSensors),
        pending: statusChange.isPending,
        onChange: changeStatus,
      }}
    />
  ) : selectedId !== null && selectedQuery.isPending ? (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner />
    </div>
  ) : selectedId !== null &&
    selectedQuery.error instanceof ApiRequestError &&
    selectedQuery.error.status === 404 ? (
    <InlineAlert tone="warning" title={t('sensors.detail.notFound')} testId="sensor-detail-missing">
      {t('sensors.detail.notFoundHint', { id: selectedId })}
    </InlineAlert>
  ) : selectedId !== null ? (
    <QueryError
      message={t('sensors.detail.loadFailed')}
      onRetry={() => void selectedQuery.refetch()}
      retrying={selectedQuery.isFetching}
      testId="sensor-detail-missing"
    />
  ) : (
    <DetailPlaceholder />
  );

  return (
    <>
      {header}
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SensorTypeFilterBar counts={chips} selected={type} onSelect={setType} />
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
            onKeyDown={(event) => {
              if (event.key === 'Enter') setQ(search.trim());
            }}
            placeholder={t('sensors.searchPlaceholder')}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:order-2 lg:col-span-3">
          {city ? (
            <SensorMap
              city={city}
              filter={mapFilter}
              selectedId={selectedId}
              onSelect={openSensor}
              onViewChange={onViewChange}
              className="h-72 sm:h-96 lg:h-[32rem]"
            />
          ) : (
            <div className="flex h-72 items-center justify-center sm:h-96 lg:h-[32rem]">
              <Spinner />
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-col lg:order-1 lg:col-span-2">
          <SensorList
            list={list}
            selectedId={selectedId}
            now={now}
            onOpen={openFromList}
            onShowAll={showAll}
            className="h-[28rem] lg:h-[29rem]"
          />
          <div className="-mb-3 mt-1">
            <Switch
              checked={followMap}
              onChange={setFollowMap}
              label={t('sensors.followMap')}
              description={t('sensors.followMapHint')}
              testId="sensor-follow-map"
            />
          </div>
        </div>
      </div>

      <div className="mt-6" data-testid="sensor-detail-area">
        {detail}
      </div>
    </>
  );
}
