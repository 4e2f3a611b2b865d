import type { Sensor } from '@smart-city/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { StaleAsOf } from '../../components/stale-as-of';
import type { useSensorList } from '../../lib/sensors/sensors-query';
import { SENSOR_ROW_HEIGHT_PX, SensorCard } from './sensor-card';

/** Rows drawn beyond the visible ones, so a quick scroll does not show blanks. */
const OVERSCAN_ROWS = 8;

/** The next page is asked for when the reader comes this close to the end of what is loaded. */
const PREFETCH_ROWS = 30;

/**
 * The sensors of the filter as a virtual list: only the rows on screen exist in the page, and the
 * next page loads as the reader scrolls towards the end, so a city of 100,000 sensors scrolls like
 * one of ten. Each row is a button (keyboard and screen readers reach every sensor here) that
 * says its place in the whole list. A sensor chosen elsewhere (the map) is scrolled to once loaded.
 */
export function SensorList({
  list,
  selectedId,
  now,
  onOpen,
  onShowAll,
  className = '',
}: {
  list: ReturnType<typeof useSensorList>;
  selectedId: string | null;
  now: Date;
  onOpen: (id: string) => void;
  /** Clears the type filter, the search and the map area. */
  onShowAll: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sensors = useMemo<Sensor[]>(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  // No compiler memoises this component: it re-renders with the virtualizer's own state.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: sensors.length + (hasNextPage ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SENSOR_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    // Before the first measurement (and where nothing is laid out) a screenful is drawn.
    initialRect: { width: 0, height: 8 * SENSOR_ROW_HEIGHT_PX },
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows[rows.length - 1]?.index ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= sensors.length - PREFETCH_ROWS)
      void fetchNextPage();
  }, [lastRow, sensors.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A sensor chosen on the map is brought into the list's view when this list holds it.
  const selectedIndex = selectedId ? sensors.findIndex((s) => s.id === selectedId) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  let body;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-16" data-testid="sensor-list-loading">
        <Spinner size={28} />
      </div>
    );
  } else if (list.isError && sensors.length === 0) {
    body = (
      <QueryError
        message={t('sensors.loadFailed')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="sensor-list-error"
      />
    );
  } else if (sensors.length === 0) {
    body = (
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
    );
  } else {
    body = (
      <div
        ref={scrollRef}
        data-testid="sensor-list-scroller"
        className="h-full overflow-y-auto overscroll-contain pr-1"
        // The scroll box is reachable by keyboard, so its rows can be scrolled without a pointer.
        tabIndex={0}
        aria-label={t('sensors.listTitle')}
        role="region"
      >
        <ul
          data-testid="sensor-list"
          aria-busy={isFetchingNextPage}
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {rows.map((row) => {
            const sensor = sensors[row.index];
            return (
              <li
                key={sensor?.id ?? 'more'}
                aria-setsize={total}
                aria-posinset={row.index + 1}
                className="absolute inset-x-0 top-0"
                style={{ height: row.size, transform: `translateY(${row.start}px)` }}
              >
                {sensor ? (
                  <SensorCard
                    sensor={sensor}
                    selected={sensor.id === selectedId}
                    now={now}
                    onOpen={onOpen}
                  />
                ) : (
                  <div
                    className="flex h-full items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-400"
                    data-testid="sensor-list-more"
                  >
                    <Spinner size={16} />
                    {t('sensors.loadingMore')}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <section aria-labelledby="sensor-list-title" className={`flex min-h-0 flex-col ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sensor-list-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('sensors.listTitle')}
        </h2>
        <p
          role="status"
          data-testid="sensor-shown-count"
          className="text-sm text-slate-600 dark:text-slate-400"
        >
          {list.isPending ? '' : t('sensors.shown', { count: total })}
        </p>
        <StaleAsOf updatedAt={list.dataUpdatedAt} testId="sensor-list-stale" className="w-full" />
      </div>
      <div className="min-h-0 flex-1">{body}</div>
    </section>
  );
}
