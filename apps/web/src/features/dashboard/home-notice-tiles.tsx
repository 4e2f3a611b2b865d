import { binOverflows } from '@smart-city/shared';
import type { HomeSummary } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallNumberPill } from '../../components/call-number-pill';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { TimeAgo } from '../../components/time-ago';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';
import { noticePath, PATHS } from '../../lib/paths';
import { Tile } from './home-tile';

// What the city tells the citizen on the home: its alerts, its notices and the emergency numbers.

const SEVERITY_BORDER: Record<HomeSummary['alerts']['items'][number]['severity'], string> = {
  critical: 'border-red-500',
  high: 'border-orange-500',
  warning: 'border-amber-500',
  info: 'border-sky-500',
};

export function AlertsTile({ summary, cityName }: { summary: HomeSummary; cityName: string }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  const { alerts } = summary;
  const near = alerts.scope === 'area';
  const more = alerts.total - alerts.items.length;
  const elsewhere = alerts.cityTotal - alerts.total;
  return (
    <Tile
      title={near ? t('alerts.titleNear') : t('alerts.titleCity', { city: cityName })}
      icon={<Icon name="alerts" size={18} />}
      testId="home-alerts"
    >
      {alerts.items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Icon name="shield" size={16} className="text-emerald-700 dark:text-emerald-300" />
          {near ? t('alerts.noneNear') : t('alerts.noneCity', { city: cityName })}
        </p>
      ) : (
        <ul className="space-y-2">
          {alerts.items.map((alert, index) => (
            <li
              key={`${alert.kind}-${alert.place}-${index}`}
              data-testid="home-alert"
              data-severity={alert.severity}
              className={`rounded-lg border-l-4 bg-slate-50 px-3 py-2 dark:bg-slate-800/60 ${SEVERITY_BORDER[alert.severity]}`}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <span className="text-sm font-medium text-slate-900 dark:text-white">
                  {t(
                    `alerts.kinds.${alert.kind === 'waste' && binOverflows(alert.value) ? 'wasteOverflowing' : alert.kind}`,
                    { place: alert.place },
                  )}
                </span>
                <TimeAgo iso={alert.since} className="text-xs text-slate-600 dark:text-slate-400" />
              </span>
              <span className="text-xs font-semibold text-slate-700 dark:text-slate-300">
                {t(`alerts.severity.${alert.severity}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('alerts.more', { count: more })}
        </p>
      ) : null}
      {near && elsewhere > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('alerts.elsewhere', { count: elsewhere, city: cityName })}
        </p>
      ) : null}
    </Tile>
  );
}

export function NoticesTile({ notices }: { notices: HomeSummary['notices'] }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  return (
    <Tile title={t('notices.title')} icon={<Icon name="notices" size={18} />} testId="home-notices">
      {notices.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('notices.none')}</p>
      ) : (
        <ul className="space-y-2">
          {notices.map((notice) => (
            <li key={notice.id} className="text-sm">
              <Link
                to={noticePath(notice.id)}
                className={`block rounded font-medium text-slate-900 hover:underline dark:text-white ${focusRing}`}
              >
                {notice.title}
              </Link>
              <TimeAgo
                iso={notice.publishedAt}
                className="text-xs text-slate-600 dark:text-slate-400"
              />
            </li>
          ))}
        </ul>
      )}
      <Link
        to={PATHS.notices}
        className={`mt-auto self-start rounded text-sm font-semibold text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
      >
        {t('notices.all')}
      </Link>
    </Tile>
  );
}

export function EmergencyTile({ numbers }: { numbers: HomeSummary['emergencyNumbers'] }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  const primary = numbers.find((n) => n.primary);
  const others = numbers.filter((n) => !n.primary);
  const kind = (k: HomeSummary['emergencyNumbers'][number]['kind']) => t(`emergency.kinds.${k}`);
  return (
    <Tile
      title={t('emergency.title')}
      icon={<Icon name="emergency" size={18} className="text-red-700 dark:text-red-300" />}
      testId="home-emergency"
    >
      {primary ? (
        <a
          href={`tel:${primary.number}`}
          aria-label={t('emergency.callLabel', {
            number: primary.number,
            kind: kind(primary.kind),
          })}
          className={`inline-flex items-center justify-center gap-2 self-start rounded-lg bg-red-700 px-4 py-2.5 text-lg font-bold text-white hover:bg-red-800 ${focusRing}`}
        >
          <Icon name="phone" size={18} />
          <span className="tabular-nums">{primary.number}</span>
          <span className="text-sm font-semibold">{kind(primary.kind)}</span>
        </a>
      ) : null}
      {others.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {others.map((n) => (
            <li key={`${n.number}-${n.kind}`}>
              <CallNumberPill
                number={n.number}
                kindLabel={kind(n.kind)}
                callLabel={t('emergency.callLabel', { number: n.number, kind: kind(n.kind) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </Tile>
  );
}
