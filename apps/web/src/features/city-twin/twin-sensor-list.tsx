import type { CityKey } from '@smart-city/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import { useTheme } from '../../lib/theme/theme-context';
import { useCityTwin } from './city-twin-query';
import type { TwinData } from './city-twin-query';
import { TWIN_LEVEL_COLORS } from './sensor-level';
import { twinRows } from './twin-rows';
import type { TwinRow } from './twin-rows';

/** Buttons kept on each side of the one in focus: Tab and Shift+Tab always find the next one. */
const FOCUS_WINDOW = 8;

const selectCount = (data: TwinData) => data.layout.ids.length;

/** How a sensor is named in the lists: name, type and level in words, and its alert. */
function useRowLabel() {
  const { t } = useTranslation(CITY_TWIN_NAMESPACES);
  return (row: TwinRow) =>
    t(row.alert ? 'list.itemWithAlert' : 'list.item', {
      name: row.name,
      type: t(`translation:sensorTypes.${row.type}`),
      level: t(`levels.${row.level}`),
    });
}

/**
 * The scene's sensors for the keyboard and screen readers: a visually hidden list of buttons in the
 * scene's order, each saying its place in the whole list. Only the buttons around the one in focus
 * exist (a city may hold 100,000), so Tab walks the whole list while the page holds a handful of
 * elements. The sensor in focus is picked out in the scene, which is what sighted keyboard users
 * follow; Enter opens it.
 */
export function TwinSensorMirror({
  city,
  onFocusSensor,
  onOpen,
}: {
  city: CityKey;
  onFocusSensor: (id: string | null) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(CITY_TWIN_NAMESPACES);
  const label = useRowLabel();
  const [centre, setCentre] = useState(0);
  const { data: total = 0 } = useCityTwin(city, selectCount);
  const from = Math.max(0, centre - FOCUS_WINDOW);
  const to = Math.min(total, centre + FOCUS_WINDOW + 1);
  const selectRows = useCallback((data: TwinData) => twinRows(data, from, to), [from, to]);
  const { data: rows = [] } = useCityTwin(city, selectRows);

  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (event.currentTarget.contains(event.relatedTarget)) return;
    // Leaving the list lets go of the sensor; coming back (Shift+Tab from its panel) finds the
    // buttons around it still there.
    onFocusSensor(null);
  };

  return (
    <ul
      aria-label={t('list.label', { count: total })}
      data-testid="twin-sensor-mirror"
      className="sr-only"
      onBlur={onBlur}
    >
      {rows.map((row) => (
        <li key={row.id} aria-setsize={total} aria-posinset={row.index + 1}>
          <button
            type="button"
            data-sensor-id={row.id}
            data-level={row.level}
            onFocus={() => {
              setCentre(row.index);
              onFocusSensor(row.id);
            }}
            onClick={() => onOpen(row.id)}
          >
            {label(row)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Height of a row of the visible list. */
const ROW_HEIGHT_PX = 44;

/**
 * The twin's sensors as a visible, virtual list: where there is no 3D view, this is the twin. Each
 * row is a button that opens the sensor, with its level as a colour and in words.
 */
export function TwinSensorList({
  city,
  selectedId,
  onOpen,
}: {
  city: CityKey;
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(CITY_TWIN_NAMESPACES);
  const label = useRowLabel();
  const { theme } = useTheme();
  const { data: total = 0 } = useCityTwin(city, selectCount);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
    initialRect: { width: 0, height: 10 * ROW_HEIGHT_PX },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = (items[items.length - 1]?.index ?? -1) + 1;
  const selectRows = useCallback((data: TwinData) => twinRows(data, first, last), [first, last]);
  const { data: rows = [] } = useCityTwin(city, selectRows);

  return (
    <section aria-labelledby="twin-list-title" data-testid="twin-sensor-list">
      <h2
        id="twin-list-title"
        className="mb-3 text-lg font-semibold text-slate-900 dark:text-white"
      >
        {t('list.visibleTitle')}
      </h2>
      <div
        ref={scrollRef}
        data-testid="twin-list-scroller"
        role="region"
        aria-labelledby="twin-list-title"
        // The scroll box is reachable by keyboard, so its rows scroll without a pointer.
        tabIndex={0}
        className={`h-96 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 ${focusRing}`}
      >
        <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index - first];
            if (!row) return null;
            return (
              <li
                key={row.id}
                aria-setsize={total}
                aria-posinset={row.index + 1}
                className="absolute inset-x-0 top-0"
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <button
                  type="button"
                  data-sensor-id={row.id}
                  aria-pressed={row.id === selectedId}
                  onClick={() => onOpen(row.id)}
                  className={`flex h-full w-full items-center gap-3 border-b border-slate-100 px-3 text-left text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-800 dark:text-slate-100 dark:hover:bg-slate-800 ${row.id === selectedId ? 'bg-sky-50 dark:bg-sky-950/60' : ''} ${focusRing}`}
                >
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: TWIN_LEVEL_COLORS[theme][row.level] }}
                  />
                  <span className="min-w-0 flex-1 truncate">{label(row)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
