import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import type { AuthUser } from '../../lib/auth/auth-types';
import { roleLabelKey } from '../../lib/auth/display-name';
import { useCityDates } from '../../lib/format/use-city-dates';
import { AreaCard } from './area-card';
import { ProfileForm } from './profile-form';
import { RecentSignIns } from './recent-sign-ins';

/** E-mail and role, which the person cannot change here, plus when they joined and last signed in. */
function AccountSummary({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const { date, dateTime } = useCityDates();
  const rows = [
    { label: t('profile.email'), value: user.email, testId: 'profile-email' },
    { label: t('profile.role'), value: t(roleLabelKey(user.role)), testId: 'profile-role' },
    { label: t('profile.memberSince'), value: date(user.createdAt) },
    {
      label: t('profile.lastLogin'),
      value: user.lastLogin ? dateTime(user.lastLogin) : t('profile.never'),
    },
  ];
  return (
    <SectionCard
      title={t('profile.accountTitle')}
      description={t('profile.accountIntro')}
      testId="profile-account"
      actions={
        user.isDemoUser ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
            {t('profile.demoBadge')}
          </span>
        ) : undefined
      }
    >
      <dl className="divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-2.5 first:pt-0 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{row.label}</dt>
            <dd
              data-testid={row.testId}
              className="text-sm break-words text-slate-900 sm:col-span-2 dark:text-white"
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {user.isDemoUser ? (
        <div className="mt-4">
          <InlineAlert tone="info">{t('profile.demoNote')}</InlineAlert>
        </div>
      ) : null}
    </SectionCard>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={t('screens.profile.title')} />
      {user ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <div className="space-y-6">
            {/* A new form for a new person, e.g. after another tab signed in as someone else. */}
            <ProfileForm key={user.id} user={user} />
            {user.role === 'citizen' ? (
              <AreaCard key={`${user.id}-${user.area ?? ''}`} user={user} />
            ) : null}
          </div>
          <div className="space-y-6">
            <AccountSummary user={user} />
            <RecentSignIns />
          </div>
        </div>
      ) : (
        <LoadingScreen />
      )}
    </>
  );
}
