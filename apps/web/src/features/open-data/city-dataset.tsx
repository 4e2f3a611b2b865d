import { POLLUTANTS } from '@smart-city/shared';
import type { OpenCity } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { AirQualityNow } from './air-quality-now';
import { cardClass } from './api-endpoint';
import { cityDownloads } from './open-data-addresses';

export const linkClass = `rounded font-medium text-sky-700 underline hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`;

/**
 * One city's datasets: how many sensors and areas it has, the standard its air quality is reported
 * in and the units of its pollutants, its index now, and its sensors and latest values as files.
 */
export function CityDataset({ city }: { city: OpenCity }) {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const headingId = useId();
  const units = POLLUTANTS.flatMap((pollutant) => {
    const unit = city.pollutantUnits[pollutant];
    return unit ? [{ pollutant, unit }] : [];
  });
  const downloads = cityDownloads(city.key);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="open-city"
      className={`${cardClass} flex h-full flex-col`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t(`translation:cityNames.${city.key}`)}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('openData.datasets.sensors', { count: city.sensorCount })} ·{' '}
          {t('openData.datasets.areas', { count: city.areas.length })}
        </p>
      </div>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-200">
            {t('openData.datasets.standard')}
          </dt>
          <dd className="text-slate-600 dark:text-slate-400">
            {t(`airQuality.standard.${city.airQualityStandard}`)}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-200">
            {t('openData.datasets.units')}
          </dt>
          <dd>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {units.map(({ pollutant, unit }) => (
                <li
                  key={pollutant}
                  className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                >
                  {t(`airQuality.pollutant.${pollutant}`)}{' '}
                  <span translate="no" className="text-slate-600 dark:text-slate-400">
                    {unit}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <AirQualityNow city={city.key} timeZone={city.timeZone} />
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-4 text-sm text-slate-600 dark:text-slate-400">
        <span>{t('openData.datasets.downloads')}:</span>
        <a href={downloads.sensorsCsv} className={linkClass}>
          {t('openData.datasets.sensorsCsv')}
        </a>
        <a href={downloads.latestCsv} className={linkClass}>
          {t('openData.datasets.latestCsv')}
        </a>
      </p>
    </article>
  );
}
