import { ALARM_KPI_WINDOWS } from '@smart-city/shared';
import type { AlarmKpis } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { CHART_HEIGHT_PX } from '../../components/charts/chart-theme';
import { WindowSwitch } from '../../components/charts/window-switch';
import { CitySelect } from '../../components/city-select';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { StatusIcon } from '../../components/status-icon';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { formatCityTime } from '../../lib/format/date-time';
import { formatNumber, formatShare } from '../../lib/format/numbers';
import { ruleWordsKey } from '../../lib/alerts/rule-words';
import { PATHS } from '../../lib/paths';
import { alarmKpiLinks } from './alarm-kpi-links';
import { useAlarmKpis } from './alarm-kpis-query';
import { AlarmRateChart } from './alarm-rate-chart';
import { useKpiView } from './use-kpi-view';

/** How a rate stands against EEMUA 191: within "manageable", between, or "over-demanding". */
type Verdict = 'manageable' | 'demanding' | 'overDemanding';

function verdictOf(rate: number, kpis: AlarmKpis): Verdict {
  if (rate <= kpis.rate.manageable) return 'manageable';
  if (rate < kpis.rate.overDemanding) return 'demanding';
  return 'overDemanding';
}

const VERDICT_TONE: Record<Verdict, string> = {
  manageable: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  demanding: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  overDemanding: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="kpi-verdict"
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${VERDICT_TONE[verdict]}`}
    >
      {t(`alarmKpis.verdict.${verdict}`)}
    </span>
  );
}

/**
 * One figure as a card that is a link to the alerts behind it: its name, the figure, a line of
 * detail and, for the rates, where it stands against EEMUA 191.
 */
function FigureCard({
  testId,
  title,
  value,
  detail,
  badge,
  to,
}: {
  testId: string;
  title: string;
  value: string;
  detail?: string;
  badge?: ReactNode;
  to: string | null;
}) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="text-sm font-medium text-slate-600 dark:text-slate-400">{title}</span>
        {badge}
      </span>
      <span
        data-testid={`${testId}-value`}
        className="mt-1 block text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white"
      >
        {value}
      </span>
      {detail ? (
        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{detail}</span>
      ) : null}
      {to ? (
        <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-sky-700 dark:text-sky-300">
          {t('alarmKpis.showAlerts')}
          <Icon name="chevron-right" size={14} />
        </span>
      ) : null}
    </>
  );
  const frame =
    'block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';
  return (
    <li data-testid={testId}>
      {to ? (
        <Link
          to={to}
          data-testid={`${testId}-link`}
          className={`${frame} hover:border-sky-400 dark:hover:border-sky-600 ${focusRing}`}
        >
          {body}
        </Link>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}

/** The figures of one city and window. */
function Figures({ kpis }: { kpis: AlarmKpis }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const zoneOf = useCityZone();
  const timeZone = zoneOf(kpis.city);
  const links = alarmKpiLinks(kpis);
  const number = (value: number) => formatNumber(value, locale);
  const windowWords = t(`windows.long.${kpis.window}`);
  const topHeading = useId();
  const chartHeading = useId();
  const empty = kpis.announced === 0;

  return (
    <div className="space-y-6">
      <ul
        data-testid="kpi-cards"
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        aria-label={t('alarmKpis.figuresLabel')}
      >
        <FigureCard
          testId="kpi-average"
          title={t('alarmKpis.average.title')}
          value={number(Number(kpis.rate.averagePer10Min.toFixed(2)))}
          detail={t('alarmKpis.average.detail', {
            count: kpis.announced,
            value: number(kpis.announced),
            window: windowWords,
          })}
          badge={<VerdictBadge verdict={verdictOf(kpis.rate.averagePer10Min, kpis)} />}
          to={links.announced}
        />
        <FigureCard
          testId="kpi-peak"
          title={t('alarmKpis.peak.title')}
          value={number(kpis.rate.peakPer10Min)}
          detail={
            kpis.rate.peakAt
              ? t('alarmKpis.peak.detail', {
                  at: formatCityTime(kpis.rate.peakAt, timeZone, locale),
                })
              : t('alarmKpis.peak.none')
          }
          badge={<VerdictBadge verdict={verdictOf(kpis.rate.peakPer10Min, kpis)} />}
          to={links.peak}
        />
        <FigureCard
          testId="kpi-flood"
          title={t('alarmKpis.flood.title')}
          value={formatShare(kpis.floodShare, locale)}
          detail={t('alarmKpis.flood.detail', {
            minutes: number(Math.round(kpis.floodMinutes)),
            count: kpis.floodAlerts,
            value: number(kpis.floodAlerts),
          })}
          to={links.flood}
        />
        <FigureCard
          testId="kpi-standing"
          title={t('alarmKpis.standing.title')}
          value={number(kpis.standing.count)}
          detail={
            kpis.standing.oldestAt
              ? t('alarmKpis.standing.detail', {
                  at: formatCityTime(kpis.standing.oldestAt, timeZone, locale),
                })
              : t('alarmKpis.standing.none')
          }
          to={links.standing}
        />
        <FigureCard
          testId="kpi-shelved"
          title={t('alarmKpis.shelved.title')}
          value={number(kpis.shelvedNow)}
          detail={t('alarmKpis.shelved.detail')}
          to={links.shelved}
        />
        <FigureCard
          testId="kpi-chattering"
          title={t('alarmKpis.chattering.title')}
          value={number(kpis.chattering.alerts)}
          detail={t('alarmKpis.chattering.detail', {
            count: kpis.chattering.sensors,
            value: number(kpis.chattering.sensors),
          })}
          to={links.chattering}
        />
        <FigureCard
          testId="kpi-suppressed"
          title={t('alarmKpis.suppressed.title')}
          value={number(kpis.suppressed)}
          detail={t('alarmKpis.suppressed.detail')}
          to={links.suppressed}
        />
      </ul>

      {empty ? (
        <div data-testid="kpi-empty">
          <EmptyState
            icon={<StatusIcon status="success" size={24} />}
            title={t('alarmKpis.empty.title')}
            description={t('alarmKpis.empty.description', { window: windowWords })}
          />
        </div>
      ) : (
        <>
          <section
            aria-labelledby={chartHeading}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2
              id={chartHeading}
              className="mb-3 text-base font-semibold text-slate-900 dark:text-white"
            >
              {t('alarmKpis.chart.title')}
            </h2>
            <AlarmRateChart
              buckets={kpis.rate.buckets}
              manageable={kpis.rate.manageable}
              overDemanding={kpis.rate.overDemanding}
              timeZone={timeZone}
              height={CHART_HEIGHT_PX}
              texts={{
                label: t('alarmKpis.chart.label', { window: windowWords }),
                value: t('alarmKpis.chart.value'),
                manageable: t('alarmKpis.chart.manageable', {
                  value: number(kpis.rate.manageable),
                }),
                overDemanding: t('alarmKpis.chart.overDemanding', {
                  value: number(kpis.rate.overDemanding),
                }),
              }}
            />
          </section>

          <section
            aria-labelledby={topHeading}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2
              id={topHeading}
              className="mb-3 text-base font-semibold text-slate-900 dark:text-white"
            >
              {t('alarmKpis.top.title')}
            </h2>
            <ol data-testid="kpi-top" className="divide-y divide-slate-200 dark:divide-slate-800">
              {kpis.top.map((row, index) => (
                <li key={`${row.sensorId}|${row.rule}`}>
                  <Link
                    to={links.top(row)}
                    data-testid="kpi-top-link"
                    className={`flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
                  >
                    <span className="w-6 shrink-0 text-right text-sm text-slate-600 tabular-nums dark:text-slate-400">
                      {number(index + 1)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-slate-900 dark:text-white">
                        {row.location ?? row.sensorId}
                      </span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {row.sensorId} ·{' '}
                        {t(`alarmKpis.rules.${ruleWordsKey(row.rule)}`, { rule: row.rule })}
                      </span>
                    </span>
                    <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
                      {t('alarmKpis.top.count', { count: row.count, value: number(row.count) })}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Alarm KPIs (operators, admins): how the chosen city's alarm system served its operators over the
 * last 24 hours or 7 days, against EEMUA 191, each figure a link to the alerts behind it. The city
 * and window are kept in the address.
 */
export function AlarmKpisPage() {
  const { t, i18n } = useTranslation();
  const { city: cityInfo } = useCity();
  const { city, window, setWindow } = useKpiView();
  const query = useAlarmKpis(city, window);
  const zoneOf = useCityZone();
  const windowLabel = useId();
  const kpis = query.data;

  return (
    <>
      <PageHeader
        title={t('screens.alarmKpis.title')}
        actions={
          <Link to={PATHS.alerts} className={secondaryButton}>
            <Icon name="alerts" size={16} />
            {t('alarmKpis.backToAlerts')}
          </Link>
        }
      />
      <div className="space-y-6">
        <div className="flex flex-wrap items-end gap-4">
          <CitySelect showLabel className="w-full sm:w-64" testId="kpi-city" />
          <div>
            <p
              id={windowLabel}
              className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              {t('alarmKpis.window')}
            </p>
            <WindowSwitch
              windows={ALARM_KPI_WINDOWS}
              value={window}
              onChange={setWindow}
              labelledBy={windowLabel}
              testId="kpi-window"
              optionTestIdPrefix="kpi-window"
            />
          </div>
        </div>

        <details
          data-testid="kpi-method"
          className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300"
        >
          <summary
            className={`cursor-pointer font-semibold text-slate-900 dark:text-white ${focusRing}`}
          >
            {t('alarmKpis.method.title')}
          </summary>
          <div className="mt-2 max-w-3xl space-y-2">
            <p>{t('alarmKpis.method.operator', { city: cityInfo?.name ?? city })}</p>
            <p>{t('alarmKpis.method.counted')}</p>
            <p>{t('alarmKpis.method.flood')}</p>
          </div>
        </details>

        {query.isPending ? (
          <LoadingScreen />
        ) : query.isError && !kpis ? (
          <QueryError
            message={t('alarmKpis.loadFailed')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            testId="kpi-load-failed"
          />
        ) : kpis ? (
          <div
            aria-busy={query.isFetching || undefined}
            className={query.isPlaceholderData ? 'opacity-60' : undefined}
          >
            <p data-testid="kpi-taken" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
              {t('alarmKpis.taken', {
                from: formatCityTime(kpis.from, zoneOf(kpis.city), i18n.language),
                to: formatCityTime(kpis.to, zoneOf(kpis.city), i18n.language),
              })}
            </p>
            <Figures kpis={kpis} />
          </div>
        ) : null}
      </div>
    </>
  );
}
