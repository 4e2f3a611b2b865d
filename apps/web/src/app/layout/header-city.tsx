import { FALLBACK_CITY } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { useCity } from '../../lib/city/city-context';
import { formatPopulation } from '../../lib/format/metric-value';

/** The selected city's name and population; 'Smart City' / '2.1M residents' until it is known. */
export function HeaderCity({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { city } = useCity();
  const name = city?.name ?? t('app.name');
  const population = formatPopulation(city ?? FALLBACK_CITY, i18n.language);
  return (
    <div className={`min-w-0 ${className}`}>
      <p
        data-testid="header-city-name"
        className="truncate text-base leading-tight font-semibold text-slate-900 dark:text-white"
      >
        {name}
      </p>
      <p
        data-testid="header-city-population"
        className="truncate text-xs text-slate-500 dark:text-slate-400"
      >
        {t('header.residents', { population })}
      </p>
    </div>
  );
}
