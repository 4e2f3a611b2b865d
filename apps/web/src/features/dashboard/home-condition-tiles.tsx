import { AQI_BANDS, aqiBand } from '@smart-city/shared';
import type { AqiBand, HomeSummary } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, ServiceIcon } from '../../components/icon';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';
import { formatCount } from '../../lib/format/numbers';
import { Tile } from './home-tile';

// The city's conditions on the citizen's home: its air, its water and its streets.

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

const LEVEL_STYLE: Record<HomeSummary['traffic']['hotSpots'][number]['level'], string> = {
  light: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  moderate: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  heavy: 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100',
  'very-heavy': 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
};

export function AirTile({ air, cityWide }: { air: HomeSummary['air']; cityWide: string | null }) {
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

export function WaterTile({
  water,
  cityWide,
}: {
  water: HomeSummary['water'];
  cityWide: string | null;
}) {
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

export function TrafficTile({
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
