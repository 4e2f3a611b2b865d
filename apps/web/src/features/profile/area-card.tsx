import { CITY_AREAS, CITY_KEYS, findArea } from '@smart-city/shared';
import type { AreaKey, CityKey } from '@smart-city/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import type { AuthUser } from '../../lib/auth/auth-types';
import { useCity } from '../../lib/city/city-context';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';

const selectClass = `${inputClass} border-slate-300 dark:border-slate-600`;

/**
 * The area of a city the person lives in, picked from each city's well-known areas (grouped by
 * city, the selected city first); their dashboard then leads with what affects them there.
 */
export function AreaCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  const { updateProfile } = useAuth();
  const { cityKey, cities } = useCity();
  const [choice, setChoice] = useState<string>(user.area ?? '');
  const [saving, setSaving] = useState(false);
  const cityName = (key: CityKey) => cities.find((c) => c.key === key)?.name ?? key;
  const order = [cityKey, ...CITY_KEYS.filter((key) => key !== cityKey)];
  const current = user.area ? findArea(user.area) : undefined;

  async function save() {
    setSaving(true);
    try {
      await updateProfile({ area: choice === '' ? null : (choice as AreaKey) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <SectionCard title={t('area.title')} description={t('area.intro')} testId="profile-area">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div>
          <label htmlFor="profile-area-select" className={labelClass}>
            {t('area.label')}
          </label>
          <select
            id="profile-area-select"
            data-testid="profile-area-select"
            className={selectClass}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">{t('area.none')}</option>
            {order.map((key) => (
              <optgroup key={key} label={cityName(key)}>
                {CITY_AREAS[key].map((area) => (
                  <option key={area.key} value={area.key}>
                    {area.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <p
          data-testid="profile-area-current"
          className="text-sm text-slate-600 dark:text-slate-400"
        >
          {current
            ? t('area.current', { area: current.name, city: cityName(current.city) })
            : t('area.unset')}
        </p>
        <button
          type="submit"
          data-testid="profile-area-save"
          disabled={saving || choice === (user.area ?? '')}
          className={primaryButton}
        >
          {saving ? t('area.saving') : t('area.save')}
        </button>
      </form>
    </SectionCard>
  );
}
