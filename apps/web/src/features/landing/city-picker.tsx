import { useTranslation } from 'react-i18next';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { RotateCw } from 'lucide-react';
import { StatusIcon } from '../../components/status-icon';
import { SvgIcon } from '../../components/svg-icon';
import { Spinner } from '../../components/spinner';
import { useCity } from '../../lib/city/city-context';
import { cityGradient } from '../../lib/city/city-gradient';
import { formatZoneName } from '../../lib/format/date-time';
import { formatPopulation } from '../../lib/format/metric-value';
import { LANDING_NAMESPACES } from '../../lib/i18n/landing-namespace';

/** The cities from GET /api/cities as cards with their gradient, population and time zone. */
export function CityPicker() {
  const { t, i18n } = useTranslation(LANDING_NAMESPACES);
  const { cities, cityKey, selectCity, status, refetch } = useCity();

  if (status === 'pending') {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700"
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('landing.citiesLoadFailed')}
        </p>
        <button type="button" onClick={refetch} className={secondaryButton}>
          <SvgIcon icon={RotateCw} size={16} />
          {t('landing.retry')}
        </button>
      </div>
    );
  }

  return (
    <ul className="grid gap-4 sm:grid-cols-3" data-testid="landing-city-picker">
      {cities.map((city) => {
        const selected = city.key === cityKey;
        return (
          <li key={city.key}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => selectCity(city.key)}
              className={`group w-full overflow-hidden rounded-xl border bg-white text-left shadow-sm transition hover:shadow-md dark:bg-slate-900 ${focusRing} ${
                selected
                  ? 'border-sky-500 ring-2 ring-sky-500'
                  : 'border-slate-200 dark:border-slate-800'
              }`}
            >
              <span
                aria-hidden="true"
                className="block h-20"
                style={{ backgroundImage: cityGradient(city.theme) }}
              />
              <span className="block p-4">
                <span className="flex items-center justify-between gap-2">
                  <span className="text-base font-semibold text-slate-900 dark:text-white">
                    {city.name}
                  </span>
                  {selected ? (
                    <StatusIcon status="success" className="text-sky-600 dark:text-sky-400" />
                  ) : null}
                </span>
                <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
                  {t('translation:header.residents', {
                    population: formatPopulation(city, i18n.language),
                  })}
                </span>
                <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                  {t('landing.timeZone', {
                    timeZone: formatZoneName(city.timeZone, i18n.language),
                  })}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
