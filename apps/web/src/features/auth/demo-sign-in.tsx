import { useId, useState } from 'react';
import type { Role } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { roleLabelKey } from '../../lib/auth/display-name';
import { demoChoices, useDemoAccounts } from './demo-accounts-query';

const buttonClass = `flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:border-sky-500 hover:bg-sky-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:border-sky-400 dark:hover:bg-slate-700 ${focusRing}`;

/**
 * One-click sign-in to the server's demo accounts. The server keeps their password; the section
 * is left out when it offers no demo accounts.
 */
export function DemoSignIn() {
  const { t } = useTranslation();
  const { demoSignIn } = useAuth();
  const { data } = useDemoAccounts();
  const [pendingRole, setPendingRole] = useState<Role | null>(null);
  const headingId = useId();

  if (!data?.enabled) return null;
  const choices = demoChoices(data.accounts);
  if (choices.length === 0) return null;

  async function signInAs(role: Role, username: string) {
    setPendingRole(role);
    const result = await demoSignIn(username);
    // On success this page is already on its way out.
    if (!result.ok) setPendingRole(null);
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="demo-sign-in"
      className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
        {t('auth.demo.title')}
      </h2>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('auth.demo.intro')}</p>
      <div className="mt-3 grid grid-cols-3 gap-2">
        {choices.map(({ role, account }) => (
          <button
            key={role}
            type="button"
            data-testid={`demo-sign-in-${role}`}
            aria-label={t(roleLabelKey(role))}
            title={`${account.displayName} (${account.email})`}
            disabled={pendingRole !== null}
            aria-busy={pendingRole === role}
            onClick={() => void signInAs(role, account.username)}
            className={buttonClass}
          >
            {pendingRole === role ? <Spinner size={16} /> : null}
            <span>{t(roleLabelKey(role))}</span>
            <span className="max-w-full truncate text-xs font-normal text-slate-500 dark:text-slate-400">
              {account.displayName}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
