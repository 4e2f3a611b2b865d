import { canUseWallScreen } from '@smart-city/shared';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { useHoldToasts } from '../../components/in-page-toasts';
import { SensorMap } from '../../components/sensor-map/sensor-map';
import { Spinner } from '../../components/spinner';
import { ThemeToggle } from '../../components/theme-toggle';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { useMinuteClock } from '../../lib/clock';
import { formatClock } from '../../lib/format/date-time';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { useLiveConnection } from '../../lib/live/live-state';
import type { ConnectionState } from '../../lib/live/live-state';
import { PATHS } from '../../lib/paths';
import { reloadPage } from '../../lib/reload-page';
import { useScreenWakeLock } from '../../lib/wake-lock';
import { rotationSecondsOf, wallPath } from '../../lib/wall-mode';
import { useCityRotation } from './use-city-rotation';
import type { Rotation } from './use-city-rotation';
import { WallAlerts } from './wall-alerts';
import { FloodBanner } from './flood-banner';
import { WallFigures } from './wall-figures';

/**
 * A page left on a wall after a release cannot read the new server's live events, and nobody is
 * there to press Reload: it reloads itself after this pause.
 */
const OUTDATED_RELOAD_MS = 10_000;

const CONNECTION_DOT: Record<ConnectionState, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-slate-400 dark:bg-slate-500',
  disconnected: 'bg-amber-500 motion-safe:animate-pulse',
  outdated: 'bg-amber-500',
};

const CONNECTION_WORD = {
  connected: 'connection.connected',
  connecting: 'connection.connecting',
  disconnected: 'connection.down',
  outdated: 'connection.outdated',
} as const;

/** The live connection, large: a dot and a word, so colour is never the only signal. */
function WallConnection() {
  const { t } = useTranslation(WALL_NAMESPACES);
  const connection = useLiveConnection();
  useEffect(() => {
    if (connection !== 'outdated') return;
    const timer = setTimeout(reloadPage, OUTDATED_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [connection]);
  return (
    <p
      data-testid="wall-connection"
      data-state={connection}
      className="inline-flex items-center gap-2.5 text-xl font-semibold whitespace-nowrap"
    >
      <span className="sr-only">{t('connection.label')}: </span>
      <span
        aria-hidden="true"
        className={`size-4 shrink-0 rounded-full ${CONNECTION_DOT[connection]}`}
      />
      {t(CONNECTION_WORD[connection])}
    </p>
  );
}

/** The city's own time, large, in its time zone. */
function WallClock({ cityName, timeZone }: { cityName: string; timeZone: string | undefined }) {
  const { t, i18n } = useTranslation(WALL_NAMESPACES);
  const now = useMinuteClock();
  return (
    <time
      dateTime={now.toISOString()}
      aria-label={t('clockLabel', { city: cityName })}
      data-testid="wall-clock"
      className="text-4xl font-semibold whitespace-nowrap tabular-nums"
    >
      {formatClock(now, timeZone, i18n.language)}
    </time>
  );
}

/** The cities in turn, the one shown marked, and which comes next in how many seconds. */
function RotationIndicator({ rotation, periodS }: { rotation: Rotation; periodS: number }) {
  const { t } = useTranslation(WALL_NAMESPACES);
  const { cityKey, cities } = useCity();
  const nextName = cities.find((city) => city.key === rotation.next)?.name ?? rotation.next;
  return (
    <div
      data-testid="wall-rotation"
      className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-base"
    >
      <ol aria-label={t('rotation.label')} className="flex gap-1.5">
        {cities.map((city) => (
          <li
            key={city.key}
            aria-current={city.key === cityKey ? 'true' : undefined}
            data-city={city.key}
            className={`rounded-full px-3 py-0.5 font-medium ${
              city.key === cityKey
                ? 'bg-sky-700 text-white'
                : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
            }`}
          >
            {city.key === cityKey ? (
              <span className="sr-only">{t('rotation.current', { city: city.name })}</span>
            ) : null}
            <span aria-hidden={city.key === cityKey}>{city.name}</span>
          </li>
        ))}
      </ol>
      <p className="whitespace-nowrap text-slate-700 dark:text-slate-300">
        <span data-testid="wall-rotation-next">
          {t('rotation.next', { city: nextName, seconds: rotation.secondsLeft })}
        </span>
        <span aria-hidden="true"> · </span>
        {t('rotation.every', { seconds: periodS })}
      </p>
    </div>
  );
}

/** The map of the city's sensors in the middle of the wall. */
function WallMap() {
  const { t } = useTranslation(WALL_NAMESPACES);
  const { city } = useCity();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="wall-map"
      className="flex h-[28rem] min-h-0 flex-col rounded-xl border border-slate-200 bg-white p-3 lg:h-auto dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="mb-2 text-xl font-semibold text-slate-900 dark:text-white">
        {t('map.title')}
      </h2>
      {city ? (
        <SensorMap city={city} className="min-h-0 flex-1" large />
      ) : (
        <div className="flex flex-1 items-center justify-center">
          <Spinner />
        </div>
      )}
    </section>
  );
}

/**
 * The dashboard for a control room's wall (`/dashboard?wall=1`, for operators and admins): the
 * city, its time and the live connection large along the top; the six headline figures with their
 * trend lines, the sensor map and the active alerts, worst first, in one view without scrolling
 * at 1920×1080 or 1440×900. No app frame, toast or notice card covers it, text is at least 16 px,
 * the screen is kept awake where the browser allows, and `&rotate=60` moves through the cities
 * every 60 seconds. It keeps itself current: the live connection reconnects after a restart or a
 * network loss and each part fetches what it missed.
 */
export function WallScreen() {
  const { t } = useTranslation(WALL_NAMESPACES);
  const { search } = useLocation();
  const { city, cityKey } = useCity();
  const periodS = rotationSecondsOf(search);
  const rotation = useCityRotation(periodS);
  useHoldToasts();
  useScreenWakeLock(true);
  const cityName = city?.name ?? '';

  return (
    <div
      data-testid="wall-screen"
      data-city={cityKey}
      className="flex min-h-dvh flex-col bg-slate-100 text-base text-slate-900 lg:h-dvh lg:overflow-hidden dark:bg-slate-950 dark:text-slate-100"
    >
      <header className="flex flex-wrap items-center gap-x-8 gap-y-2 border-b border-slate-200 bg-white px-6 py-3 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold tracking-tight" data-testid="wall-city">
          {cityName}
        </h1>
        {rotation && periodS !== null ? (
          <RotationIndicator rotation={rotation} periodS={periodS} />
        ) : null}
        <div className="ml-auto flex items-center gap-6">
          <WallConnection />
          <WallClock cityName={cityName} timeZone={city?.timeZone} />
          <ThemeToggle />
          <Link
            to={PATHS.dashboard}
            data-testid="wall-exit"
            className={`inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-base font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`}
          >
            <Icon name="close" size={20} />
            {t('exit')}
          </Link>
        </div>
      </header>
      <FloodBanner large className="mx-4 mt-4" />
      <main
        id="main"
        aria-label={t('label', { city: cityName })}
        className="grid min-h-0 flex-1 grid-cols-1 gap-4 p-4 lg:grid-cols-[minmax(20rem,1fr)_minmax(0,2.1fr)_minmax(22rem,1.1fr)]"
      >
        <WallFigures />
        <WallMap />
        <WallAlerts />
      </main>
    </div>
  );
}

/** The dashboard's way onto the wall screen, for those who may use it; nothing for anyone else. */
export function WallScreenLink() {
  const { t } = useTranslation(WALL_NAMESPACES);
  const { allows } = useAuth();
  if (!allows(canUseWallScreen)) return null;
  return (
    <Link
      to={wallPath()}
      title={t('openHint')}
      data-testid="open-wall-screen"
      className={secondaryButton}
    >
      <Icon name="dashboard" size={18} />
      {t('open')}
    </Link>
  );
}
