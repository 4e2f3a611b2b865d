import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/reload-page';
import { primaryButton, secondaryButton } from './button-styles';
import { StatusIcon } from './icon';

/** The spec's unexpected-error screen with Try Again (re-render) and Reload Page. */
export function ErrorScreen({ onTryAgain }: { onTryAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400">
        <StatusIcon status="error" size={24} />
      </div>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('errors.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('errors.message')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={primaryButton} onClick={onTryAgain}>
          {t('errors.tryAgain')}
        </button>
        <button type="button" className={secondaryButton} onClick={reloadPage}>
          {t('errors.reloadPage')}
        </button>
      </div>
    </div>
  );
}
