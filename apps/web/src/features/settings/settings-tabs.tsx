import { canManageEscalationPolicies } from '@smart-city/shared';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { useAuth } from '../../lib/auth/auth-context';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { PATHS } from '../../lib/paths';

/** Settings' own pages, for admins: the account's settings and the escalation policies. */
export function SettingsTabs() {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { allows } = useAuth();
  if (!allows(canManageEscalationPolicies)) return null;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `-mb-px inline-flex shrink-0 items-center rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${focusRing} ${
      isActive
        ? 'border-sky-700 text-sky-800 dark:border-sky-400 dark:text-sky-200'
        : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
    }`;
  return (
    <nav
      aria-label={t('escalation.tabs.label')}
      className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
    >
      <NavLink to={PATHS.settings} end className={tab} data-testid="settings-tab-account">
        {t('escalation.tabs.account')}
      </NavLink>
      <NavLink to={PATHS.escalationSettings} className={tab} data-testid="settings-tab-escalation">
        {t('escalation.tabs.escalation')}
      </NavLink>
    </nav>
  );
}
