import type { CityKey } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { labelClass } from '../../components/form-field';
import { useCity } from '../../lib/city/city-context';
import { isCityKey } from '../../lib/city/city-storage';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { FieldError } from './field-error';
import { FIELD_IDS } from './report-form';

const ERROR_ID = 'report-city-error';

/**
 * The city the problem is in: the person's own city to begin with, any of the cities by choice.
 * The header's city (what the other screens show) stays as it is.
 */
export function ReportCitySelect({
  value,
  error,
  onChange,
}: {
  value: CityKey;
  error: string | undefined;
  onChange: (city: CityKey) => void;
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const { cities } = useCity();
  return (
    <div>
      <label htmlFor={FIELD_IDS.city} className={labelClass}>
        {t('newReport.city')}
      </label>
      <select
        id={FIELD_IDS.city}
        value={value}
        onChange={(event) => {
          if (isCityKey(event.target.value)) onChange(event.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
        className={`w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
      >
        {cities.length > 0 ? (
          cities.map((option) => (
            <option key={option.key} value={option.key}>
              {option.name}
            </option>
          ))
        ) : (
          <option value={value}>{t(`translation:cityNames.${value}`)}</option>
        )}
      </select>
      <FieldError id={ERROR_ID} message={error} />
    </div>
  );
}
