import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { QueryError } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useCityDates } from '../../lib/format/use-city-dates';
import { useAccountSessions } from './sessions-query';
import type { AccountSession } from './sessions-query';
import { describeUserAgent } from './user-agent';

/** better-auth lists sessions only while the current one is less than a day old. */
const SESSION_NOT_FRESH = 'SESSION_NOT_FRESH';

function SessionItem({ session, current }: { session: AccountSession; current: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useCityDates();
  const { browser, system } = describeUserAgent(session.userAgent);
  const browserName = browser ?? t('profile.sessions.unknownBrowser');
  const device = system
    ? t('profile.sessions.browserOnSystem', { browser: browserName, system })
    : browserName;
  return (
    <li
      data-testid="recent-sign-in"
      className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
      aria-current={current ? 'true' : undefined}
    >
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Icon name="device" size={18} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
          <span>{device}</span>
          {current ? (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
              {t('profile.sessions.current')}
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {t('profile.sessions.signedInAt', {
            time: dateTime(session.createdAt),
          })}
          <span aria-hidden="true"> · </span>
          {t('profile.sessions.lastActive', {
            time: dateTime(session.updatedAt),
          })}
        </p>
        <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-500 dark:text-slate-400">
          {session.ipAddress
            ? t('profile.sessions.ipAddress', { ip: session.ipAddress })
            : t('profile.sessions.unknownIp')}
        </p>
      </div>
    </li>
  );
}

/** The account's sessions, newest sign-in first, with this browser's marked. */
export function RecentSignIns() {
  const { t } = useTranslation();
  const { session: currentSession } = useAuth();
  const { data, status, error, refetch, isFetching } = useAccountSessions();

  let content;
  if (status === 'pending') {
    content = (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  } else if (status === 'error') {
    const notFresh = error instanceof ApiRequestError && error.code === SESSION_NOT_FRESH;
    // A session too old to list the others cannot be helped by asking again: it says to sign in anew.
    content = notFresh ? (
      <InlineAlert tone="info" testId="recent-sign-ins-error">
        {t('profile.sessions.notFresh')}
      </InlineAlert>
    ) : (
      <QueryError
        message={t('profile.sessions.loadFailed')}
        onRetry={() => void refetch()}
        retrying={isFetching}
        testId="recent-sign-ins-error"
      />
    );
  } else if (data.length === 0) {
    content = <EmptyState icon={<Icon name="device" />} title={t('profile.sessions.empty')} />;
  } else {
    content = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {data.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            current={session.id === currentSession?.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <SectionCard
      title={t('profile.sessions.title')}
      description={t('profile.sessions.intro')}
      testId="recent-sign-ins"
    >
      {content}
    </SectionCard>
  );
}
