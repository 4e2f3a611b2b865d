import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/reload-page';
import { primaryButton } from './button-styles';
import { StatusIcon } from './status-icon';

/**
 * Shown when a screen's code failed to download or timed out. Retrying in place cannot help
 * (the failed import is cached), so the one way forward is a reload, which also picks up a new build.
 */
export function ChunkLoadScreen({ screenTitle }: { screenTitle: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-400">
        <StatusIcon status="warning" size={24} />
      </div>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('errors.chunkTitle', { screen: screenTitle })}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('errors.chunkMessage', { screen: screenTitle })}
      </p>
      <button type="button" className={primaryButton} onClick={reloadPage}>
        {t('errors.reloadPage')}
      </button>
    </div>
  );
}
