import type { CityKey, CityTwinAlert } from '@smart-city/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { Sparkline } from '../../components/charts/sparkline';
import { InlineAlert } from '../../components/inline-alert';
import { QueryError } from '../../components/query-states';
import {
  SensorFigure,
  SensorLatestValue,
  SensorPanelFrame,
  SensorPanelHeading,
} from '../../components/sensor-panel';
import { Spinner } from '../../components/spinner';
import { alertTitleWords } from '../../lib/alerts/alert-words';
import { ApiRequestError } from '../../lib/api-client';
import { useMinuteClock } from '../../lib/clock';
import { useCityDates } from '../../lib/format/use-city-dates';
import { formatMetricValue } from '../../lib/format/metric-value';
import { formatTimeAgo, TIME_AGO_REFRESH_MS } from '../../lib/format/time-ago';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import { sensorDetailPath } from '../../lib/paths';
import { useSensor } from '../../lib/sensors/sensor-query';
import { useSensorReadings } from '../../lib/sensors/sensor-readings-query';
import { useTheme } from '../../lib/theme/theme-context';
import { useCityTwin } from './city-twin-query';
import type { TwinData } from './city-twin-query';
import { TWIN_LEVEL_COLORS, twinLevel } from './sensor-level';
import type { TwinLevel } from './sensor-level';

/** The sensor's readings of the last hour as a sparkline. */
function LastHour({ id, type }: { id: string; type: Parameters<typeof formatMetricValue>[1] }) {
  const { t, i18n } = useTranslation(CITY_TWIN_NAMESPACES);
  const history = useSensorReadings(id, '1h');
  const points = useMemo(
    () =>
      (history.data?.points ?? [])
        .map((p) => ({ time: Date.parse(p.timestamp), value: p.value }))
        .reverse(),
    [history.data],
  );
  let body;
  if (history.isPending) body = <Spinner size={20} />;
  else if (history.isError)
    body = (
      <QueryError
        message={t('panel.historyFailed')}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  else if (points.length === 0)
    body = <p className="text-sm text-slate-600 dark:text-slate-400">{t('panel.noHistory')}</p>;
  else {
    const values = points.map((p) => p.value);
    const format = (value: number) => formatMetricValue(value, type, i18n.language);
    body = (
      <Sparkline
        points={points}
        testId="twin-sparkline"
        label={t('panel.lastHourLabel', {
          min: format(Math.min(...values)),
          max: format(Math.max(...values)),
        })}
      />
    );
  }
  return (
    <div>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {t('panel.lastHour')}
      </h3>
      {body}
    </div>
  );
}

/**
 * One sensor of the twin: its latest value and level, the last hour as a sparkline, its active
 * alert and a link to its page on IoT Sensors. The value follows the live readings (the single
 * sensor's cache entry); the level and alert follow the twin's.
 */
export function TwinSensorPanel({
  city,
  id,
  onClose,
  takeFocus,
}: {
  city: CityKey;
  id: string;
  onClose: () => void;
  /** Opened by the reader (a click, Enter): the panel is brought into view and takes focus. */
  takeFocus: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t, i18n } = useTranslation(CITY_TWIN_NAMESPACES);
  const locale = i18n.language;
  const { theme } = useTheme();
  const dates = useCityDates();
  const now = useMinuteClock(TIME_AGO_REFRESH_MS);
  const query = useSensor(id, true);
  const selectTwin = useCallback(
    (data: TwinData): { level: TwinLevel; alert: CityTwinAlert | null } | null => {
      const i = data.layout.indexOf.get(id);
      if (i === undefined) return null;
      return {
        level: twinLevel(data.statuses[i]!, data.values[i] ?? null, data.critical[i] ?? null),
        alert: data.alerts.find((alert) => alert.sensorId === id) ?? null,
      };
    },
    [id],
  );
  const { data: inTwin } = useCityTwin(city, selectTwin);
  const sensor = query.data;
  const loaded = sensor !== undefined;
  // The panel sits beside the scene, or under it on small screens: take the reader there once
  // there is something to read.
  useEffect(() => {
    if (!loaded || !takeFocus) return;
    headingRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  }, [loaded, takeFocus]);

  const frame = (children: React.ReactNode) => (
    <SensorPanelFrame sensorId={id} titleId="twin-panel-title" testId="twin-sensor-panel">
      {children}
    </SensorPanelFrame>
  );

  if (!sensor) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return frame(
      missing ? (
        <InlineAlert tone="warning" title={t('panel.notFound')} testId="twin-panel-missing">
          {t('panel.notFoundHint', { id })}
        </InlineAlert>
      ) : query.isError ? (
        <QueryError
          message={t('panel.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ),
    );
  }

  const level = inTwin?.level;
  return frame(
    <>
      <SensorPanelHeading
        ref={headingRef}
        sensor={sensor}
        titleId="twin-panel-title"
        closeLabel={t('panel.close')}
        closeTestId="twin-panel-close"
        onClose={onClose}
      />

      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {t('panel.latest')}
        </p>
        <SensorLatestValue
          sensor={sensor}
          noReading={t('panel.noReading')}
          testId="twin-panel-value"
        />
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <SensorFigure label={t('panel.level')}>
          {level ? (
            <span className="inline-flex items-center gap-1.5" data-testid="twin-panel-level">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full"
                style={{ backgroundColor: TWIN_LEVEL_COLORS[theme][level] }}
              />
              {t(`levels.${level}`)}
            </span>
          ) : (
            '—'
          )}
        </SensorFigure>
        <SensorFigure label={t('panel.status')}>
          {t(`signedIn:sensors.status.${sensor.status}`)}
        </SensorFigure>
        <SensorFigure label={t('panel.updated')}>
          {sensor.lastReading ? (
            <time dateTime={sensor.lastReading}>
              {formatTimeAgo(sensor.lastReading, now, locale)} ·{' '}
              {dates.dateTime(sensor.lastReading)}
            </time>
          ) : (
            '—'
          )}
        </SensorFigure>
      </dl>

      <LastHour id={sensor.id} type={sensor.type} />

      <div data-testid="twin-panel-alert">
        <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {t('panel.activeAlert')}
        </h3>
        {inTwin?.alert ? (
          <p className="text-sm text-slate-900 dark:text-slate-100">
            <span className="font-semibold">{t(`signedIn:severity.${inTwin.alert.severity}`)}</span>
            {': '}
            {alertTitleWords(inTwin.alert, i18n.t)}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('panel.noAlert')}</p>
        )}
      </div>

      <Link
        to={sensorDetailPath(sensor.id)}
        className={secondaryButton}
        data-testid="twin-panel-detail"
      >
        {t('panel.openDetail')}
      </Link>
    </>,
  );
}
