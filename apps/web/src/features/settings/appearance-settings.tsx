import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { CitySelect } from '../../components/city-select';
import { Icon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import type { Theme } from '../../lib/theme/theme';
import { useTheme } from '../../lib/theme/theme-context';

const THEMES: readonly {
  value: Theme;
  icon: 'moon' | 'sun';
  labelKey: 'theme.dark' | 'theme.light';
}[] = [
  { value: 'dark', icon: 'moon', labelKey: 'theme.dark' },
  { value: 'light', icon: 'sun', labelKey: 'theme.light' },
];

/** Theme and city: both kept in this browser. */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <SectionCard title={t('settings.appearance')} testId="appearance-settings">
      <div className="space-y-6">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('settings.theme')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {THEMES.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={theme === option.value}
                onClick={() => setTheme(option.value)}
                className={`inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-medium ${focusRing} ${
                  theme === option.value
                    ? 'border-sky-700 bg-sky-700 text-white'
                    : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                <Icon name={option.icon} size={16} />
                {t(option.labelKey)}
              </button>
            ))}
          </div>
        </fieldset>
        <div>
          <CitySelect showLabel className="max-w-xs" />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('settings.cityHelp')}
          </p>
        </div>
      </div>
    </SectionCard>
  );
}
