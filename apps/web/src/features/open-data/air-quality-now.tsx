import type { AirQuality, CityKey } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { StatusIcon } from '../../components/status-icon';
import { formatDateTime } from '../../lib/format/date-time';
import { formatCount } from '../../lib/format/numbers';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { useAirQuality } from './air-quality-query';

/**
 * The shared air-quality words (`airQuality.…` in this page's namespace) by a key the server's
 * answer names: null for a key the words do not have (a category or reason unknown here yet).
 */
function useAirQualityWords(): (key: string) => string | null {
  const { t, i18n } = useTranslation(OPEN_DATA_NAMESPACES);
  // The catalogue's keys are checked by the shared module and the parity test, not here.
  const say = t as unknown as (key: string) => string;
  return (key) => (i18n.exists(key, { ns: 'openData' }) ? say(key) : null);
}

/** The index, its category in the reader's language and the standard's colour for it. */
function IndexReading({ air, timeZone }: { air: AirQuality; timeZone: string }) {
  const { t, i18n } = useTranslation(OPEN_DATA_NAMESPACES);
  const words = useAirQualityWords();
  const categoryKey = `airQuality.category.${air.standard}.${air.category ?? ''}`;
  const name = words(`${categoryKey}.name`) ?? air.categoryName;
  const health = words(`${categoryKey}.health`);
  const facts = [
    air.dominantPollutant
      ? t('openData.airQuality.dominant', {
          pollutant: t(`airQuality.pollutant.${air.dominantPollutant}`),
        })
      : null,
    t('openData.airQuality.sensors', { count: air.sensors }),
    t('openData.airQuality.until', { time: formatDateTime(air.at, i18n.language, timeZone) }),
  ].filter((fact) => fact !== null);
  return (
    <>
      <div className="mt-2 flex items-center gap-3">
        {air.colour ? (
          <span
            aria-hidden="true"
            data-testid="air-quality-colour"
            className="size-10 shrink-0 rounded-lg ring-1 ring-slate-900/10 ring-inset dark:ring-white/25"
            style={{ backgroundColor: air.colour }}
          />
        ) : null}
        <p className="min-w-0 text-slate-900 dark:text-white">
          <span className="text-3xl font-bold tabular-nums" data-testid="air-quality-index">
            {air.index === null ? null : formatCount(air.index, i18n.language)}
          </span>{' '}
          <span className="font-semibold" data-testid="air-quality-category">
            {name}
          </span>
        </p>
      </div>
      {health ? <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{health}</p> : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{facts.join(' · ')}</p>
    </>
  );
}

/** Why there is no index: the standard's rule the data did not meet, in the reader's words. */
function NoIndex({ air }: { air: AirQuality }) {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const words = useAirQualityWords();
  const reason = air.incompleteReason
    ? words(`airQuality.incomplete.${air.incompleteReason}`)
    : null;
  return (
    <p
      className="mt-2 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300"
      data-testid="air-quality-incomplete"
    >
      <StatusIcon
        status="warning"
        size={16}
        className="mt-0.5 shrink-0 text-amber-600 dark:text-amber-400"
      />
      <span>{reason ?? t('openData.airQuality.notEnough')}</span>
    </p>
  );
}

/** A city's live air-quality index by its own standard, or why the data give none. */
export function AirQualityNow({ city, timeZone }: { city: CityKey; timeZone: string }) {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const air = useAirQuality(city);
  return (
    <div
      className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      data-testid="air-quality-now"
    >
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {t('openData.airQuality.title')}
      </h4>
      {air.isPending ? (
        <div className="flex justify-center py-3">
          <Spinner size={20} />
        </div>
      ) : air.isError ? (
        <div className="mt-2">
          <QueryError
            tone="warning"
            message={t('openData.airQuality.loadFailed')}
            onRetry={() => void air.refetch()}
            retrying={air.isFetching}
          />
        </div>
      ) : air.data.index === null ? (
        <NoIndex air={air.data} />
      ) : (
        <IndexReading air={air.data} timeZone={timeZone} />
      )}
    </div>
  );
}
