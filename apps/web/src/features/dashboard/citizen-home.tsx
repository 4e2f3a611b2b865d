import { AQI_BANDS, aqiBand, binOverflows, findArea } from '@smart-city/shared';
import type { AqiBand, HomeSummary } from '@smart-city/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallNumberPill } from '../../components/call-number-pill';
import { focusRing } from '../../components/button-styles';
import { Icon, ServiceIcon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { TimeAgo } from '../../components/time-ago';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';
import { noticePath, PATHS } from '../../lib/paths';
import { CardSkeleton } from './card-states';
import { useHome } from './home-query';
import { formatCount } from '../../lib/format/numbers';

const TILE =
  'flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

const BAND_COLOR = Object.fromEntries(AQI_BANDS.map((b) => [b.band, b.color])) as Record<
  AqiBand,
  string
>;

/** Band colours are the EPA's; text on them needs a dark or a light ink to stay readable. */
const INK_ON_BAND: Record<AqiBand, string> = {
  good: 'text-slate-950',
  moderate: 'text-slate-950',
  'unhealthy-sensitive': 'text-slate-950',
  unhealthy: 'text-white',
  'very-unhealthy': 'text-white',
  hazardous: 'text-white',
};

const SEVERITY_BORDER: Record<HomeSummary['alerts']['items'][number]['severity'], string> = {
  critical: 'border-red-500',
  high: 'border-orange-500',
  warning: 'border-amber-500',
  info: 'border-sky-500',
};

const LEVEL_STYLE: Record<HomeSummary['traffic']['hotSpots'][number]['level'], string> = {
  light: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  moderate: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  heavy: 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100',
  'very-heavy': 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

type TFn = ReturnType<typeof useTranslation<typeof HOME_NAMESPACES>>['t'];

/** One part of the panel: a titled tile, with a note when it speaks for the whole city. */
function Tile({
  title,
  icon,
  testId,
  cityWide,
  children,
  className = '',
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  cityWide?: string | null;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} data-testid={testId} className={`${TILE} ${className}`}>
      <h3
        id={headingId}
        className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-200"
      >
        {icon}
        {title}
      </h3>
      {children}
      {cityWide ? (
        <p className="mt-auto text-xs text-slate-600 dark:text-slate-400">{cityWide}</p>
      ) : null}
    </article>
  );
}

function AirTile({ air, cityWide }: { air: HomeSummary['air']; cityWide: string | null }) {
  const { t, i18n } = useTranslation(HOME_NAMESPACES);
  // The band is read from the figure with the one function the server uses, so the words always
  // match the number shown.
  const band = air.aqi === null ? null : aqiBand(air.aqi).band;
  return (
    <Tile
      title={t('air.title')}
      icon={<ServiceIcon type="air-quality" size={18} />}
      testId="home-air"
      cityWide={cityWide}
    >
      {air.aqi === null || band === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('air.none')}</p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-3">
            <span
              data-testid="home-aqi"
              className="text-3xl font-bold text-slate-900 tabular-nums dark:text-white"
            >
              {t('air.aqi', { aqi: formatCount(air.aqi, i18n.language) })}
            </span>
            <span
              data-testid="home-aqi-band"
              data-band={band}
              className={`rounded-full px-2.5 py-1 text-sm font-semibold ${INK_ON_BAND[band]}`}
              style={{ backgroundColor: BAND_COLOR[band] }}
            >
              {t(`air.bands.${band}`)}
            </span>
          </p>
          <p data-testid="home-aqi-advice" className="text-sm text-slate-700 dark:text-slate-300">
            {t(`air.advice.${band}`)}
          </p>
        </>
      )}
    </Tile>
  );
}

function WaterTile({ water, cityWide }: { water: HomeSummary['water']; cityWide: string | null }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  let body: ReactNode;
  if (water.meters === 0) {
    body = <p className="text-sm text-slate-600 dark:text-slate-400">{t('water.none')}</p>;
  } else if (water.low === 0) {
    body = (
      <p className="flex items-center gap-2 text-base font-semibold text-emerald-800 dark:text-emerald-300">
        <Icon name="shield" size={18} />
        {t('water.normal')}
      </p>
    );
  } else {
    const mostly = water.low * 2 >= water.meters;
    body = (
      <>
        <p
          className={`text-base font-semibold ${mostly ? 'text-orange-800 dark:text-orange-300' : 'text-amber-800 dark:text-amber-300'}`}
        >
          {t(mostly ? 'water.mostlyLow' : 'water.someLow', { count: water.meters, low: water.low })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('water.lowTip')}</p>
      </>
    );
  }
  return (
    <Tile
      title={t('water.title')}
      icon={<ServiceIcon type="water" size={18} />}
      testId="home-water"
      cityWide={cityWide}
    >
      <div data-testid="home-water-status" className="space-y-1">
        {body}
      </div>
    </Tile>
  );
}

function TrafficTile({
  traffic,
  cityWide,
}: {
  traffic: HomeSummary['traffic'];
  cityWide: string | null;
}) {
  const { t } = useTranslation(HOME_NAMESPACES);
  return (
    <Tile
      title={t('traffic.title')}
      icon={<ServiceIcon type="traffic" size={18} />}
      testId="home-traffic"
      cityWide={cityWide}
    >
      {traffic.hotSpots.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('traffic.none')}</p>
      ) : (
        <ul aria-label={t('traffic.busiest')} className="space-y-2">
          {traffic.hotSpots.map((spot) => (
            <li
              key={spot.place}
              data-testid="home-hot-spot"
              className="flex items-center justify-between gap-3 text-sm"
            >
              <span className="min-w-0 truncate font-medium text-slate-900 dark:text-white">
                {spot.place}
              </span>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${LEVEL_STYLE[spot.level]}`}
              >
                {t(`traffic.levels.${spot.level}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Tile>
  );
}

function AlertsTile({ summary, cityName }: { summary: HomeSummary; cityName: string }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  const { alerts } = summary;
  const near = alerts.scope === 'area';
  const more = alerts.total - alerts.items.length;
  const elsewhere = alerts.cityTotal - alerts.total;
  return (
    <Tile
      title={near ? t('alerts.titleNear') : t('alerts.titleCity', { city: cityName })}
      icon={<Icon name="alerts" size={18} />}
      testId="home-alerts"
    >
      {alerts.items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Icon name="shield" size={16} className="text-emerald-700 dark:text-emerald-300" />
          {near ? t('alerts.noneNear') : t('alerts.noneCity', { city: cityName })}
        </p>
      ) : (
        <ul className="space-y-2">
          {alerts.items.map((alert, index) => (
            <li
              key={`${alert.kind}-${alert.place}-${index}`}
              data-testid="home-alert"
              data-severity={alert.severity}
              className={`rounded-lg border-l-4 bg-slate-50 px-3 py-2 dark:bg-slate-800/60 ${SEVERITY_BORDER[alert.severity]}`}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <span className="text-sm font-medium text-slate-900 dark:text-white">
                  {t(
                    `alerts.kinds.${alert.kind === 'waste' && binOverflows(alert.value) ? 'wasteOverflowing' : alert.kind}`,
                    { place: alert.place },
                  )}
                </span>
                <TimeAgo iso={alert.since} className="text-xs text-slate-600 dark:text-slate-400" />
              </span>
              <span className="text-xs font-semibold text-slate-700 dark:text-slate-300">
                {t(`alerts.severity.${alert.severity}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('alerts.more', { count: more })}
        </p>
      ) : null}
      {near && elsewhere > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('alerts.elsewhere', { count: elsewhere, city: cityName })}
        </p>
      ) : null}
    </Tile>
  );
}

function NoticesTile({ notices }: { notices: HomeSummary['notices'] }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  return (
    <Tile title={t('notices.title')} icon={<Icon name="notices" size={18} />} testId="home-notices">
      {notices.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('notices.none')}</p>
      ) : (
        <ul className="space-y-2">
          {notices.map((notice) => (
            <li key={notice.id} className="text-sm">
              <Link
                to={noticePath(notice.id)}
                className={`block rounded font-medium text-slate-900 hover:underline dark:text-white ${focusRing}`}
              >
                {notice.title}
              </Link>
              <TimeAgo
                iso={notice.publishedAt}
                className="text-xs text-slate-600 dark:text-slate-400"
              />
            </li>
          ))}
        </ul>
      )}
      <Link
        to={PATHS.notices}
        className={`mt-auto self-start rounded text-sm font-semibold text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
      >
        {t('notices.all')}
      </Link>
    </Tile>
  );
}

function EmergencyTile({ numbers }: { numbers: HomeSummary['emergencyNumbers'] }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  const primary = numbers.find((n) => n.primary);
  const others = numbers.filter((n) => !n.primary);
  const kind = (k: HomeSummary['emergencyNumbers'][number]['kind']) => t(`emergency.kinds.${k}`);
  return (
    <Tile
      title={t('emergency.title')}
      icon={<Icon name="emergency" size={18} className="text-red-700 dark:text-red-300" />}
      testId="home-emergency"
    >
      {primary ? (
        <a
          href={`tel:${primary.number}`}
          aria-label={t('emergency.callLabel', {
            number: primary.number,
            kind: kind(primary.kind),
          })}
          className={`inline-flex items-center justify-center gap-2 self-start rounded-lg bg-red-700 px-4 py-2.5 text-lg font-bold text-white hover:bg-red-800 ${focusRing}`}
        >
          <Icon name="phone" size={18} />
          <span className="tabular-nums">{primary.number}</span>
          <span className="text-sm font-semibold">{kind(primary.kind)}</span>
        </a>
      ) : null}
      {others.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {others.map((n) => (
            <li key={`${n.number}-${n.kind}`}>
              <CallNumberPill
                number={n.number}
                kindLabel={kind(n.kind)}
                callLabel={t('emergency.callLabel', { number: n.number, kind: kind(n.kind) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </Tile>
  );
}

/** The line under the title: where the panel speaks of, and an invitation to choose an area. */
function Scope({ summary, cityName, t }: { summary: HomeSummary; cityName: string; t: TFn }) {
  const { user } = useAuth();
  const chosen = user?.area ? findArea(user.area) : undefined;
  return (
    <div className="space-y-1 text-sm text-slate-600 dark:text-slate-400">
      <p data-testid="home-scope">
        {summary.area
          ? t('panel.inArea', { area: summary.area.name, city: cityName })
          : t('panel.inCity', { city: cityName })}
      </p>
      {summary.area ? null : chosen ? (
        <p>{t('panel.otherCity', { area: chosen.name, city: cityName })}</p>
      ) : (
        <p data-testid="home-choose-area">
          {t('panel.chooseArea')}{' '}
          <Link
            to={PATHS.profile}
            className={`rounded font-semibold text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
          >
            {t('panel.chooseAreaLink')}
          </Link>
        </p>
      )}
    </div>
  );
}

function cityWideNote(
  summary: HomeSummary,
  scope: 'area' | 'city',
  cityName: string,
  t: TFn,
): string | null {
  return summary.area && scope === 'city'
    ? t('panel.cityWide', { city: cityName, area: summary.area.name })
    : null;
}

/**
 * What affects a resident now, in plain words: the air with the EPA's advice for its band, the
 * water supply, the busiest junctions, the alerts near them, the newest notices and the numbers to
 * call. For their area when they chose one in this city, else for the whole city.
 */
export function CitizenHome() {
  const { t } = useTranslation(HOME_NAMESPACES);
  const headingId = useId();
  const { cityKey, city } = useCity();
  const { user } = useAuth();
  const query = useHome(cityKey, user?.area ?? null);
  const cityName = city?.name ?? '';
  const { data } = query;

  let content: ReactNode;
  if (data === undefined && query.isError) {
    content = (
      <QueryError
        message={t('panel.loadFailed')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
        testId="home-error"
      />
    );
  } else if (data === undefined) {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className={TILE}>
            <CardSkeleton lines={3} />
          </div>
        ))}
      </div>
    );
  } else {
    content = (
      <>
        <Scope summary={data} cityName={cityName} t={t} />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <AirTile air={data.air} cityWide={cityWideNote(data, data.air.scope, cityName, t)} />
          <WaterTile
            water={data.water}
            cityWide={cityWideNote(data, data.water.scope, cityName, t)}
          />
          <TrafficTile
            traffic={data.traffic}
            cityWide={cityWideNote(data, data.traffic.scope, cityName, t)}
          />
          <AlertsTile summary={data} cityName={cityName} />
          <EmergencyTile numbers={data.emergencyNumbers} />
          <NoticesTile notices={data.notices} />
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} data-testid="citizen-home" className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('panel.title')}
      </h2>
      {content}
    </section>
  );
}

/** The heading a citizen sees above the operators' figures, which follow the panel. */
export function CityFiguresHeading() {
  const { t } = useTranslation(HOME_NAMESPACES);
  const { city } = useCity();
  if (!city) return null;
  return (
    <div
      data-testid="city-figures-heading"
      className="border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('cityFigures.title', { city: city.name })}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t('cityFigures.intro')}
        {` ${t('signedIn:dashboard.intro', { city: city.name })}`}
      </p>
    </div>
  );
}
