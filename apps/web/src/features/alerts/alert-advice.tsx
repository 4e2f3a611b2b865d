import { isEndedAlert } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { SeverityBadge, StatusBadge } from '../../components/alert-badges';
import { Icon } from '../../components/icon';
import { residentKindOf } from '../../lib/alerts/resident-kind';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';

/**
 * What an alert means and what to do about it, in the citizen home's words; for an ended alert,
 * that nothing more is needed.
 */
export function AlertAdvice({ alert }: { alert: Alert }) {
  const { t } = useTranslation(HOME_NAMESPACES);
  if (isEndedAlert(alert)) {
    return (
      <p
        data-testid="alert-advice"
        className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400"
      >
        <Icon name="shield" size={16} />
        {t('alertAdvice.ended')}
      </p>
    );
  }
  const resident = residentKindOf(alert);
  if (!resident) return null;
  const advice =
    resident.kind === 'air_quality'
      ? t(`air.advice.${resident.band ?? 'unhealthy'}`)
      : t(`alertAdvice.advice.${resident.kind}`);
  return (
    <dl
      data-testid="alert-advice"
      className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
    >
      <div>
        <dt className="font-semibold text-slate-900 dark:text-white">
          {t('alertAdvice.meaningTitle')}
        </dt>
        <dd className="text-slate-700 dark:text-slate-300">
          {t(`alertAdvice.meaning.${resident.words}`)}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-900 dark:text-white">
          {t('alertAdvice.adviceTitle')}
        </dt>
        <dd data-testid="alert-advice-text" className="text-slate-700 dark:text-slate-300">
          {advice}
        </dd>
      </div>
    </dl>
  );
}

/** The badge words a resident reads: the home's severity words, and Active for a live alert. */
export function useResidentWords() {
  const { t } = useTranslation(HOME_NAMESPACES);
  return {
    severity: (severity: Alert['severity']) => t(`alerts.severity.${severity}`),
    status: (status: Alert['status']) =>
      t(
        `alertAdvice.status.${status === 'resolved' || status === 'dismissed' ? status : 'active'}`,
      ),
  };
}

/**
 * An alert's severity and status badges, in the workflow's words for staff and in a resident's
 * words for citizens; muted once the alert has ended.
 */
export function AlertBadges({ alert, residentView }: { alert: Alert; residentView: boolean }) {
  const resident = useResidentWords();
  return (
    <>
      <SeverityBadge
        severity={alert.severity}
        muted={isEndedAlert(alert)}
        label={residentView ? resident.severity(alert.severity) : undefined}
      />
      <StatusBadge
        status={alert.status}
        label={residentView ? resident.status(alert.status) : undefined}
      />
    </>
  );
}
