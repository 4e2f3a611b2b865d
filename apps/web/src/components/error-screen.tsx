import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/reload-page';
import { primaryButton, secondaryButton } from './button-styles';
import { ProblemScreen } from './problem-screen';

/**
 * The screen for an unexpected error: Try Again draws the screen once more, Reload Page starts the
 * app afresh (and picks up a new build).
 */
export function ErrorScreen({ onTryAgain }: { onTryAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <ProblemScreen title={t('errors.title')} message={t('errors.message')}>
      <button type="button" className={primaryButton} onClick={onTryAgain}>
        {t('errors.tryAgain')}
      </button>
      <button type="button" className={secondaryButton} onClick={reloadPage}>
        {t('errors.reloadPage')}
      </button>
    </ProblemScreen>
  );
}
