import { useNavigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../lib/paths';
import { primaryButton } from './button-styles';
import { StatusIcon } from './icon';

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
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400">
        <StatusIcon status="error" size={24} />
      </div>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <button type="button" className={primaryButton} onClick={goBack}>
        {t('guard.goBack')}
      </button>
    </div>
  );
}
