import { LANGUAGES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { CitySelect } from '../../components/city-select';
import { Icon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { LANGUAGE_NAMES } from '../../lib/i18n/languages';
import { useLanguage } from '../../lib/i18n/use-language';
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

const choiceClass = (chosen: boolean) =>
  `inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-medium ${focusRing} ${
    chosen
      ? 'border-sky-700 bg-sky-700 text-white'
      : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/** Language, theme and city: the language is saved to the account too, the others in this browser. */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const { language, setLanguage } = useLanguage();
  return (
    <SectionCard title={t('settings.appearance')} testId="appearance-settings">
      <div className="space-y-6">
        <fieldset data-testid="language-settings">
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('language.label')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {LANGUAGES.map((option) => (
              <button
                key={option}
                type="button"
                lang={option}
                aria-pressed={language === option}
                onClick={() => setLanguage(option)}
                className={choiceClass(language === option)}
              >
                {LANGUAGE_NAMES[option]}
              </button>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('language.settingsHelp')}
          </p>
        </fieldset>
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
                className={choiceClass(theme === option.value)}
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
