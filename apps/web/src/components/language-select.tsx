import { LANGUAGES } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../lib/i18n/languages';
import { useLanguage } from '../lib/i18n/use-language';
import { focusRing } from './button-styles';

/**
 * A native select of the three languages, each named in its own script. The label is read out
 * (and shown with `showLabel`); the page switches as soon as a language is picked.
 */
export function LanguageSelect({
  className = '',
  showLabel = false,
  testId = 'language-select',
}: {
  className?: string;
  showLabel?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={
          showLabel
            ? 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200'
            : 'sr-only'
        }
      >
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={language}
        onChange={(event) => {
          const chosen = LANGUAGES.find((option) => option === event.target.value);
          if (chosen) setLanguage(chosen);
        }}
        className={`h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
