import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCity } from '../lib/city/city-context';
import { isCityKey } from '../lib/city/city-storage';
import { focusRing } from './button-styles';
import { Icon } from './icon';

/** A native select of the cities GET /api/cities returned; disabled until they arrive. */
export function CitySelect({
  className = '',
  showLabel = false,
  variant = 'field',
  testId = 'city-select',
}: {
  className?: string;
  showLabel?: boolean;
  /** 'title': the city's name as the phone header's heading, opening the list when pressed. */
  variant?: 'field' | 'title';
  testId?: string;
}) {
  const { t } = useTranslation();
  const { cityKey, cities, selectCity, status } = useCity();
  const id = useId();
  const ready = status === 'success' && cities.length > 0;

  return (
    <div className={variant === 'title' ? `relative ${className}` : className}>
      <label
        htmlFor={id}
        className={
          showLabel
            ? 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200'
            : 'sr-only'
        }
      >
        {t('header.city')}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={ready ? cityKey : ''}
        disabled={!ready}
        onChange={(event) => {
          if (isCityKey(event.target.value)) selectCity(event.target.value);
        }}
        className={
          variant === 'title'
            ? `w-full max-w-full appearance-none truncate rounded-md bg-transparent py-0.5 pr-6 text-base leading-tight font-semibold text-slate-900 disabled:opacity-60 dark:text-white ${focusRing}`
            : `w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`
        }
      >
        {ready ? (
          cities.map((city) => (
            <option key={city.key} value={city.key}>
              {city.name}
            </option>
          ))
        ) : (
          <option value="">
            {status === 'error' ? t('header.citiesUnavailable') : t('app.loading')}
          </option>
        )}
      </select>
      {variant === 'title' ? (
        <Icon
          name="chevron-down"
          size={16}
          className="pointer-events-none absolute top-1/2 right-1 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
      ) : null}
    </div>
  );
}
