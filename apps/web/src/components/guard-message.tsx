import { useNavigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../lib/paths';
import { primaryButton } from './button-styles';
import { ProblemScreen } from './problem-screen';

/** The screen a guard shows instead of a page the user may not open, with Go Back. */
export function GuardMessage({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  function goBack() {
    // 'default' marks the first location of this tab's session: there is no in-app page to go back to.
    if (location.key === 'default') void navigate(PATHS.dashboard, { replace: true });
    else void navigate(-1);
  }

  return (
    <ProblemScreen title={title} message={message}>
      <button type="button" className={primaryButton} onClick={goBack}>
        {t('guard.goBack')}
      </button>
    </ProblemScreen>
  );
}
