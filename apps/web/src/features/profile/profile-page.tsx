import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth/auth-context';
import { displayNameOf, roleLabelKey } from '../../lib/auth/display-name';

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const rows = [
    { label: t('profile.name'), value: displayNameOf(user) ?? t('user.fallbackName') },
    { label: t('profile.email'), value: user?.email ?? '' },
    { label: t('profile.role'), value: t(roleLabelKey(user?.role)) },
  ];
  return (
    <>
      <PageHeader title={t('screens.profile.title')} />
      <dl className="max-w-xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-3 gap-4 px-5 py-3">
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{row.label}</dt>
            <dd className="col-span-2 text-sm break-words text-slate-900 dark:text-white">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
