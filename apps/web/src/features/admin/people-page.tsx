import { isRole } from '@smart-city/shared';
import type { Role } from '@smart-city/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { actionButton, otherActionButton } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { userFacingMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { AccountRow } from './account-row';
import { AccountSearch } from './account-search';
import { ACCOUNT_SEARCH_FIELDS, ACCOUNTS_PAGE_SIZE, useAccounts } from './accounts-query';
import type { Account, AccountSearchField } from './accounts-query';
import { useSetRole } from './set-role-mutation';

function searchFieldOf(value: string | null): AccountSearchField {
  return ACCOUNT_SEARCH_FIELDS.find((field) => field === value) ?? 'name';
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** A role change waiting for the administrator's yes. */
type PendingChange = { account: Account; role: Role };

/**
 * People and roles, the administration's own page: every account, newest first, searched and paged
 * on the server, each with its role, which an administrator changes after confirming it. The
 * search and the page live in the address, so Back and a shared link show the same list.
 */
export function PeoplePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const field = searchFieldOf(params.get('by'));
  const page = pageOf(params.get('page'));
  const accounts = useAccounts({ search, field, page });
  const setRole = useSetRole();
  const [pending, setPending] = useState<PendingChange | null>(null);

  const showPage = (next: { search?: string; field?: AccountSearchField; page?: number }) => {
    const q = (next.search ?? search).trim();
    const by = next.field ?? field;
    const number = next.page ?? 0;
    const query = new URLSearchParams();
    if (q) query.set('q', q);
    if (by !== 'name') query.set('by', by);
    if (number > 0) query.set('page', String(number + 1));
    setParams(query);
  };

  const roleName = (role: string) => (isRole(role) ? t(`user.roles.${role}`) : role);

  const closeDialog = () => {
    setPending(null);
    setRole.reset();
  };

  const confirm = () => {
    if (!pending) return;
    const { account, role } = pending;
    setRole.mutate(
      { userId: account.id, role },
      {
        onSuccess: () => {
          toast.success(
            t('admin.people.roleChanged', { name: account.name, role: roleName(role) }),
          );
          closeDialog();
        },
      },
    );
  };

  const total = accounts.data?.total ?? 0;
  const rows = accounts.data?.users ?? [];
  const lastPage = Math.max(0, Math.ceil(total / ACCOUNTS_PAGE_SIZE) - 1);
  const first = page * ACCOUNTS_PAGE_SIZE + 1;
  const last = Math.min(total, first + rows.length - 1);

  return (
    <>
      <PageHeader title={t('screens.people.title')} />
      <div className="space-y-4">
        <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          {t('admin.people.intro')}
        </p>
        <AccountSearch
          key={`${field}:${search}`}
          search={search}
          field={field}
          onSearch={(next) => showPage(next)}
        />
        {accounts.isPending ? (
          <div className="flex justify-center py-14">
            <Spinner size={32} />
          </div>
        ) : accounts.isError && !accounts.data ? (
          <QueryError
            testId="people-error"
            message={t('admin.people.loadFailed')}
            onRetry={() => void accounts.refetch()}
            retrying={accounts.isFetching}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<Icon name="people" />}
            title={search ? t('admin.people.noMatch', { search }) : t('admin.people.empty')}
            description={search ? t('admin.people.noMatchHelp') : undefined}
            action={
              search ? (
                <button
                  type="button"
                  className={otherActionButton}
                  onClick={() => showPage({ search: '' })}
                >
                  {t('admin.people.clearSearch')}
                </button>
              ) : undefined
            }
          />
        ) : (
          <section aria-labelledby="people-list-heading" className="space-y-3">
            <h2
              id="people-list-heading"
              data-testid="people-count"
              aria-live="polite"
              className="text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t('admin.people.showing', { first, last, total })}
            </h2>
            {accounts.isError ? (
              <QueryError
                tone="warning"
                message={t('admin.people.loadFailed')}
                onRetry={() => void accounts.refetch()}
                retrying={accounts.isFetching}
              />
            ) : null}
            <ul
              data-testid="people-list"
              aria-busy={accounts.isPlaceholderData || undefined}
              className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            >
              {rows.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  isSelf={account.id === user?.id}
                  roleName={roleName}
                  onChooseRole={(role) => setPending({ account, role })}
                />
              ))}
            </ul>
            {lastPage > 0 ? (
              <nav
                aria-label={t('admin.people.pages')}
                className="flex flex-wrap items-center justify-between gap-3"
              >
                <button
                  type="button"
                  data-testid="people-previous"
                  className={otherActionButton}
                  disabled={page === 0}
                  onClick={() => showPage({ page: page - 1 })}
                >
                  <Icon name="chevron-left" size={16} />
                  {t('admin.people.previous')}
                </button>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t('admin.people.pageOf', { page: page + 1, pages: lastPage + 1 })}
                </span>
                <button
                  type="button"
                  data-testid="people-next"
                  className={otherActionButton}
                  disabled={page >= lastPage}
                  onClick={() => showPage({ page: page + 1 })}
                >
                  {t('admin.people.next')}
                  <Icon name="chevron-right" size={16} />
                </button>
              </nav>
            ) : null}
          </section>
        )}
      </div>
      {pending ? (
        <ConfirmDialog
          testId="role-dialog"
          title={t('admin.people.confirmTitle')}
          confirmLabel={t('admin.people.confirmChange', { role: roleName(pending.role) })}
          confirmClassName={actionButton}
          pending={setRole.isPending}
          error={
            setRole.isError
              ? (userFacingMessage(setRole.error) ?? t('admin.people.changeFailed'))
              : null
          }
          onConfirm={confirm}
          onCancel={closeDialog}
        >
          <p>
            {t('admin.people.confirmBody', {
              name: pending.account.name,
              from: roleName(pending.account.role ?? ''),
              to: roleName(pending.role),
            })}
          </p>
          <p>{t(`admin.people.roleMeans.${pending.role}`)}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
