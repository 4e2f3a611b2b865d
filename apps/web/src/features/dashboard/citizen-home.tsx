import { findArea } from '@smart-city/shared';
import type { HomeSummary } from '@smart-city/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { QueryError } from '../../components/query-states';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';
import { PATHS } from '../../lib/paths';
import { CardSkeleton } from './card-states';
import { TILE } from './home-tile';
import { AirTile, TrafficTile, WaterTile } from './home-condition-tiles';
import { AlertsTile, EmergencyTile, NoticesTile } from './home-notice-tiles';
import { useHome } from './home-query';

type TFn = ReturnType<typeof useTranslation<typeof HOME_NAMESPACES>>['t'];

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
