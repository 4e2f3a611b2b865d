import type { Alert } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusIcon } from '../../components/icon';
import { TimeAgo } from '../../components/time-ago';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { useStats } from '../../lib/stats/stats-query';
import { useActiveAlertsBySeverity } from './active-alerts-query';
import { NEUTRAL_COUNT } from './sensor-health-card';
import { SEVERITY_STYLE } from './alert-severity-style';

/** Height of one alert in the column, and the gap between two, in pixels (see ALERT_ROW). */
const ALERT_HEIGHT_PX = 104;
const ALERT_GAP_PX = 8;
/** Room kept under the list for the line that counts the alerts left out. */
const MORE_LINE_PX = 32;
/** Shown until the column has measured itself (and where nothing can measure, as in tests). */
const DEFAULT_ROWS = 5;

/** How many alerts fit a column of `heightPx`, each whole: the wall never scrolls or cuts one. */
function alertRowsThatFit(heightPx: number): number {
  const rows = Math.floor(
    (heightPx - MORE_LINE_PX + ALERT_GAP_PX) / (ALERT_HEIGHT_PX + ALERT_GAP_PX),
  );
  return Math.max(1, rows);
}

const ALERT_ROW =
  'h-[104px] overflow-hidden rounded-lg border-l-8 bg-slate-50 px-3 py-2 dark:bg-slate-800/60';

function WallAlert({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  const zoneOf = useCityZone();
  const style = SEVERITY_STYLE[alert.severity];
  const words = alertWords(alert, t, i18n.language);
  return (
    <li
      data-testid="wall-alert"
      data-severity={alert.severity}
      data-alert-id={alert.id}
      className={`${ALERT_ROW} ${style.border}`}
    >
      <p className="flex items-center gap-x-3 text-base font-semibold whitespace-nowrap">
        <span className={`inline-flex shrink-0 items-center gap-1.5 uppercase ${style.text}`}>
          <StatusIcon status={style.icon} />
          {t(`severity.${alert.severity}`)}
        </span>
        <span className="min-w-0 truncate text-slate-600 dark:text-slate-400">
          {t(`dashboard.alerts.status.${alert.status}`)}
        </span>
        <TimeAgo
          iso={alert.createdAt}
          className="ml-auto shrink-0 font-normal text-slate-600 dark:text-slate-400"
        />
      </p>
      <p className="truncate text-lg font-semibold text-slate-900 dark:text-white">{words.title}</p>
      <p className="truncate text-base text-slate-700 dark:text-slate-300">
        {alertMessageWords(alert, t, i18n.language, zoneOf(alert.city))}
      </p>
    </li>
  );
}

/** The column's height, once it can be measured; it follows the window's size. */
function useHeight(element: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const box = element.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(entry.contentRect.height);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [element]);
  return height;
}

/**
 * The city's active alerts, critical first, then the newest: as many as the column holds whole,
 * and how many more there are. The totals come from the city's stats, so the count includes
 * alerts beyond the list.
 */
export function WallAlerts() {
  const { t } = useTranslation(WALL_NAMESPACES);
  const headingId = useId();
  const { cityKey } = useCity();
  const alerts = useActiveAlertsBySeverity(cityKey);
  const stats = useStats(cityKey).data;
  const listBox = useRef<HTMLDivElement>(null);
  const height = useHeight(listBox);
  const rows = height === null ? DEFAULT_ROWS : alertRowsThatFit(height);

  const list = alerts.data;
  const shown = list?.slice(0, rows) ?? [];
  const total = Math.max(stats?.alerts ?? 0, list?.length ?? 0);
  const critical = stats?.criticalAlerts ?? 0;
  const more = total - shown.length;

  let body;
  if (list === undefined) {
    body = alerts.isError ? (
      <p role="status" className="text-lg text-slate-700 dark:text-slate-300">
        {t('alerts.loadFailed')}
      </p>
    ) : null;
  } else if (list.length === 0) {
    body = (
      <p
        data-testid="wall-alerts-empty"
        className="py-6 text-center text-xl text-slate-600 dark:text-slate-400"
      >
        {t('alerts.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <ol className="space-y-2" data-testid="wall-alerts-list">
          {shown.map((alert) => (
            <WallAlert key={alert.id} alert={alert} />
          ))}
        </ol>
        {more > 0 ? (
          <p
            data-testid="wall-alerts-more"
            className="pt-2 text-base font-medium text-slate-700 dark:text-slate-300"
          >
            {t('alerts.more', { count: more })}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="wall-alerts"
      className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('alerts.title')}
        </h2>
        <p className="flex gap-3 text-base font-semibold tabular-nums">
          <span
            data-testid="wall-alerts-total"
            className={total === 0 ? NEUTRAL_COUNT : 'text-slate-900 dark:text-white'}
          >
            {t('alerts.total', { count: total })}
          </span>
          <span
            data-testid="wall-alerts-critical"
            data-tone={critical === 0 ? 'neutral' : 'alarm'}
            className={critical === 0 ? NEUTRAL_COUNT : 'text-red-700 dark:text-red-300'}
          >
            {t('alerts.critical', { count: critical })}
          </span>
        </p>
      </div>
      <div ref={listBox} className="min-h-0 flex-1 overflow-hidden">
        {body}
      </div>
    </section>
  );
}
