import { useTranslation } from 'react-i18next';
import { PublicPageShell } from './public-page-shell';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PublicPageShell title={t('screens.resetPassword.title')}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('screens.resetPassword.empty')}
      </p>
    </PublicPageShell>
  );
}
