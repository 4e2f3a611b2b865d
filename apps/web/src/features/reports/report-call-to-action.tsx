import { MessageSquareWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButton } from '../../components/button-styles';
import { SvgIcon } from '../../components/svg-icon';
import { useAuth } from '../../lib/auth/auth-context';
import { PATHS } from '../../lib/paths';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

/**
 * "Report a problem": the form for a signed-in person; sign-in for a visitor, which then opens
 * the form.
 */
export function ReportCallToAction() {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <Link
      to={signedIn ? PATHS.newReport : PATHS.login}
      state={signedIn ? undefined : { from: { pathname: PATHS.newReport } }}
      data-testid="report-problem"
      className={primaryButton}
    >
      <SvgIcon icon={MessageSquareWarning} size={18} />
      {t('reports.reportProblem')}
    </Link>
  );
}
