import { canHandleAlerts, isEndedAlert } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { alertEdge, SeverityBadge, StatusBadge } from '../../components/alert-badges';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { TimeAgo } from '../../components/time-ago';
import { useAlertGroupDetail } from '../../lib/alert-groups/alert-groups-query';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useCityZone } from '../../lib/city/city-context';
import { alertDetailPath, PATHS } from '../../lib/paths';
import { AlertGroupCard } from './alert-group-card';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { alertsScreenLive as liveModule } from './alerts.live';

/** One member of the group, in a line: its severity, status, what and where, and when raised. */
function MemberItem({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  const zoneOf = useCityZone();
  const ended = isEndedAlert(alert);
  return (
    <li
      data-testid="alert-group-member"
      data-alert-id={alert.id}
      className={`rounded-lg border border-l-4 border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900 ${alertEdge(alert)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={alert.severity} muted={ended} />
        <StatusBadge status={alert.status} />
        <TimeAgo
          iso={alert.createdAt}
          className="ml-auto text-xs font-medium text-slate-600 dark:text-slate-300"
        />
      </div>
      <p className="mt-1 text-sm font-semibold break-words text-slate-900 dark:text-white">
        <Link to={alertDetailPath(alert.id)} className={`rounded-sm hover:underline ${focusRing}`}>
          {alertWords(alert, t, i18n.language).title}
        </Link>
      </p>
      <p className="text-xs break-words text-slate-600 dark:text-slate-300">
        {alertMessageWords(alert, t, i18n.language, zoneOf(alert.city))}
      </p>
    </li>
  );
}

/**
 * One flood group's page: what it is, its figures and, for operators and admins, acknowledge and
 * resolve for all of it; then its alerts, the worst first, one page at a time ("Load more"), so a
 * flood of thousands draws only the pages asked for. Kept current by `alertGroup:updated`.
 */
export function AlertGroupPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { allows } = useAuth();
  const detail = useAlertGroupDetail(id);

  const back = (
    <Link
      to={PATHS.alerts}
      data-testid="alert-group-back"
      className={`mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
    >
      <Icon name="chevron-left" size={16} />
      {t('alertGroups.page.back')}
    </Link>
  );

  if (detail.isPending) return <LoadingScreen />;
  if (detail.isError && detail.data === undefined) {
    const missing = detail.error instanceof ApiRequestError && detail.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title={t('screens.alertGroup.title')} />
        {missing ? (
          <div data-testid="alert-group-missing">
            <EmptyState
              icon={<Icon name="alerts" size={24} />}
              title={t('alertGroups.page.notFound')}
            />
          </div>
        ) : (
          <QueryError
            message={t('alertGroups.page.loadFailed')}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
            testId="alert-group-failed"
          />
        )}
      </>
    );
  }

  const pages = detail.data.pages;
  const group = pages[0]!.group;
  const members = pages.flatMap((page) => page.items);

  return (
    <>
      {back}
      <div className="space-y-6">
        <AlertGroupCard
          group={group}
          canAct={allows(canHandleAlerts)}
          heading="h1"
          titleLink={false}
        />
        <section aria-labelledby="alert-group-members-title" data-testid="alert-group-members-list">
          <h2
            id="alert-group-members-title"
            className="mb-1 text-lg font-semibold text-slate-900 dark:text-white"
          >
            {t('alertGroups.page.members')}
          </h2>
          {members.length === 0 ? (
            <p
              className="text-sm text-slate-600 dark:text-slate-400"
              data-testid="alert-group-empty"
            >
              {t('alertGroups.page.empty')}
            </p>
          ) : (
            <>
              <p
                role="status"
                data-testid="alert-group-showing"
                className="mb-3 text-sm text-slate-600 dark:text-slate-400"
              >
                {t('alertGroups.page.showing', { shown: members.length, count: group.members })}
              </p>
              <ul className="space-y-2" aria-busy={detail.isFetchingNextPage || undefined}>
                {members.map((alert) => (
                  <MemberItem key={alert.id} alert={alert} />
                ))}
              </ul>
            </>
          )}
          {detail.isFetchNextPageError ? (
            <div className="mt-3">
              <QueryError
                message={t('alertGroups.page.moreFailed')}
                onRetry={() => void detail.fetchNextPage()}
                retrying={detail.isFetchingNextPage}
                testId="alert-group-more-failed"
              />
            </div>
          ) : detail.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                data-testid="alert-group-load-more"
                className={secondaryButton}
                disabled={detail.isFetchingNextPage}
                onClick={() => void detail.fetchNextPage()}
              >
                {detail.isFetchingNextPage
                  ? t('alertGroups.page.loadingMore')
                  : t('alertGroups.page.loadMore')}
              </button>
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
