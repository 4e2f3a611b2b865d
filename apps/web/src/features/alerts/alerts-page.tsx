import { canHandleAlerts } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { EmptyState } from '../../components/empty-state';
import { StatusIcon } from '../../components/status-icon';
import { QueryError } from '../../components/query-states';
import { InlineAlert } from '../../components/inline-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { PATHS } from '../../lib/paths';
import { AlertCard } from './alert-card';
import { AlertGroupCards } from './alert-group-cards';
import { countForStatus, useAlertCounts } from './alert-counts-query';
import { AlertFilterBar } from './alert-filter-bar';
import { RESIDENT_STATUS_CHOICES, useAlertFilters } from './alert-filters';
import { isNarrowed, narrowingKey } from './alert-narrowing';
import { AlertNarrowingChip } from './alert-narrowing-chip';
import { ALERTS_MAX_LIMIT, ALERTS_PAGE_SIZE, useAlerts } from './alerts-query';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { alertsScreenLive as liveModule } from './alerts.live';

/**
 * Applies live alert events to the screen's queries. A component of its own: the live state changes
 * with every batch of readings, and only this empty element needs to re-render for it.
 */
function LiveAlertSync() {
  return null;
}

/** Moves the view to the alert a link pointed at, once per link, when its card is on screen. */
function useScrollToFocused(focusId: string | null, alerts: readonly Alert[] | undefined) {
  const cardRef = useRef<HTMLElement>(null);
  const reached = useRef<string | null>(null);
  useEffect(() => {
    const card = cardRef.current;
    if (!focusId || reached.current === focusId || !card) return;
    reached.current = focusId;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // jsdom has no scrolling; browsers do.
    if (typeof card.scrollIntoView === 'function') {
      card.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    }
    card.focus({ preventScroll: true });
  }, [focusId, alerts]);
  return cardRef;
}

/**
 * The Alerts screen: the selected city's alerts filtered by status, severity and text (all kept in
 * the address), with counts per filter, live updates, and actions for operators and admins.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const { cityKey, city } = useCity();
  const { allows } = useAuth();
  const canAct = allows(canHandleAlerts);
  const residentView = !canAct;
  const chosen = useAlertFilters();
  const { setFilters, focusId, narrowing, clearNarrowing } = chosen;
  const zoneOf = useCityZone();
  // A workflow status in the address (an operator's link) reads as the active alerts to a resident.
  const filters =
    residentView && !RESIDENT_STATUS_CHOICES.includes(chosen.filters.status)
      ? { ...chosen.filters, status: 'active' as const }
      : chosen.filters;

  // "Show more" grows the page; a new filter or city starts again from one page.
  const view = `${cityKey}|${filters.status}|${filters.severity}|${filters.q}|${filters.assignee}|${narrowingKey(narrowing)}`;
  const [paging, setPaging] = useState({ view, limit: ALERTS_PAGE_SIZE });
  const limit = paging.view === view ? paging.limit : ALERTS_PAGE_SIZE;

  const alertsQuery = useAlerts({ city: cityKey, ...filters, narrowing, limit });
  const countsQuery = useAlertCounts({ city: cityKey, ...filters, narrowing });
  const alerts = alertsQuery.data;
  const counts = countsQuery.data ?? null;
  const cardRef = useScrollToFocused(focusId, alerts);

  const total = counts ? countForStatus(counts, filters.status) : null;
  const focusMissing =
    focusId !== null &&
    alerts !== undefined &&
    !alertsQuery.isPlaceholderData &&
    !alerts.some((alert) => alert.id === focusId);

  return (
    <>
      <LiveAlertSync />
      <PageHeader
        title={t('screens.alerts.title')}
        actions={
          canAct ? (
            <Link to={PATHS.alarmKpis} data-testid="alerts-kpis-link" className={secondaryButton}>
              <Icon name="activity" size={16} />
              {t('alerts.kpisLink')}
            </Link>
          ) : null
        }
      />
      {city ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('alerts.subtitle', { city: city.name })}
        </p>
      ) : null}

      <div className="space-y-4">
        <AlertGroupCards city={cityKey} canAct={canAct} />
        <AlertFilterBar
          filters={filters}
          counts={counts}
          onChange={setFilters}
          showAssignee={canAct}
          residentView={residentView}
        />

        {isNarrowed(narrowing) ? (
          <AlertNarrowingChip
            narrowing={narrowing}
            timeZone={zoneOf(cityKey)}
            onClear={clearNarrowing}
          />
        ) : null}

        {countsQuery.isError && !counts ? (
          <QueryError
            message={t('alerts.countsFailed')}
            onRetry={() => void countsQuery.refetch()}
            retrying={countsQuery.isFetching}
            tone="warning"
          />
        ) : null}

        {focusMissing ? (
          <InlineAlert tone="info" testId="alerts-focus-missing">
            <p>{t('alerts.deepLinkMissing')}</p>
            <button
              type="button"
              className={`${secondaryButton} mt-2`}
              onClick={() =>
                setFilters(
                  { status: 'all', severity: 'all', q: '', assignee: 'all' },
                  { withoutNarrowing: true },
                )
              }
            >
              {t('alerts.showAll')}
            </button>
          </InlineAlert>
        ) : null}

        {alertsQuery.isPending ? (
          <LoadingScreen />
        ) : alertsQuery.isError ? (
          <QueryError
            message={t('alerts.loadFailed')}
            onRetry={() => void alertsQuery.refetch()}
            retrying={alertsQuery.isFetching}
            testId="alerts-load-failed"
          />
        ) : alertsQuery.data.length === 0 ? (
          <div data-testid="alerts-empty">
            <EmptyState
              icon={<StatusIcon status="success" size={24} />}
              title={t('alerts.emptyTitle')}
              description={t('alerts.emptyMessage')}
            />
          </div>
        ) : (
          <div aria-busy={alertsQuery.isFetching || undefined}>
            {total !== null ? (
              <p
                role="status"
                data-testid="alerts-showing"
                className="mb-3 text-sm text-slate-600 dark:text-slate-400"
              >
                {t('alerts.showing', { shown: alertsQuery.data.length, count: total })}
              </p>
            ) : null}
            <ul
              data-testid="alerts-list"
              className={`space-y-3 transition-opacity motion-reduce:transition-none ${
                alertsQuery.isPlaceholderData ? 'opacity-60' : ''
              }`}
            >
              {alertsQuery.data.map((alert) => (
                <li key={alert.id}>
                  <AlertCard
                    alert={alert}
                    canAct={canAct}
                    focused={alert.id === focusId}
                    cardRef={alert.id === focusId ? cardRef : undefined}
                  />
                </li>
              ))}
            </ul>
            {total !== null && total > alertsQuery.data.length && limit < ALERTS_MAX_LIMIT ? (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  data-testid="alerts-show-more"
                  className={secondaryButton}
                  disabled={alertsQuery.isFetching}
                  onClick={() =>
                    setPaging({
                      view,
                      limit: Math.min(limit + ALERTS_PAGE_SIZE, ALERTS_MAX_LIMIT),
                    })
                  }
                >
                  {t('alerts.showMore')}
                </button>
              </div>
            ) : null}
          </div>
        )}
      </div>
    </>
  );
}
