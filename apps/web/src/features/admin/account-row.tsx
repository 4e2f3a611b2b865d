import { isRole, ROLES } from '@smart-city/shared';
import type { Role } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, labelClass } from '../../components/form-field';
import { useCityDates } from '../../lib/format/use-city-dates';
import type { Account } from './accounts-query';

/**
 * One account: who it is (name first, then username and e-mail), since when, and its role. The role
 * is a choice that asks before it changes anything; on the administrator's own row it is fixed, so
 * nobody takes away their own access by a slip and leaves the city without an administrator.
 */
export function AccountRow({
  account,
  isSelf,
  roleName,
  onChooseRole,
}: {
  account: Account;
  isSelf: boolean;
  roleName: (role: string) => string;
  onChooseRole: (role: Role) => void;
}) {
  const { t } = useTranslation();
  const dates = useCityDates();
  const selectId = useId();
  const hintId = useId();
  const role = account.role ?? '';

  return (
    <li
      data-testid="account-row"
      data-account-id={account.id}
      className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center sm:px-5"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span
            translate="no"
            data-testid="account-name"
            className="font-semibold break-words text-slate-900 dark:text-white"
          >
            {account.name}
          </span>
          {isSelf ? (
            <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-900/60 dark:text-sky-100">
              {t('admin.people.you')}
            </span>
          ) : null}
          {account.banned ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200">
              {t('admin.people.suspended')}
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          {account.username ? (
            <span translate="no" className="break-all">
              @{account.username}
            </span>
          ) : null}
          <span translate="no" data-testid="account-email" className="break-all">
            {account.email}
          </span>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('admin.people.created', { date: dates.date(account.createdAt) })}
        </p>
      </div>
      <div>
        <label htmlFor={selectId} className={labelClass}>
          {t('admin.people.roleLabel')}
        </label>
        <select
          id={selectId}
          data-testid="account-role"
          value={role}
          disabled={isSelf}
          aria-describedby={isSelf ? hintId : undefined}
          onChange={(event) => {
            const chosen = event.target.value;
            if (isRole(chosen) && chosen !== role) onChooseRole(chosen);
          }}
          className={`${inputClass} border-slate-300 dark:border-slate-600`}
        >
          {isRole(role) ? null : <option value={role}>{roleName(role)}</option>}
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {roleName(option)}
            </option>
          ))}
        </select>
        {isSelf ? (
          <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('admin.people.selfHint')}
          </p>
        ) : null}
      </div>
    </li>
  );
}
