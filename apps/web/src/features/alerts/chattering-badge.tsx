import { CHATTERING_REOPENS_PER_HOUR, type Alert } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';

/**
 * "Chattering" on an alert raised more than CHATTERING_REOPENS_PER_HOUR times within the hour for its
 * sensor and rule (a nuisance alarm, ISA-18.2): a badge whose tooltip says why, and with `explained`
 * the same words under it, for the alert's own page. Nothing for other alerts.
 */
export function ChatteringBadge({
  alert,
  explained = false,
}: {
  alert: Alert;
  explained?: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  if (!alert.chattering) return null;
  const hint = t('alerts.chatteringHint', { count: CHATTERING_REOPENS_PER_HOUR });
  return (
    <>
      <span
        data-testid="alert-chattering"
        title={hint}
        aria-describedby={hintId}
        className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      >
        <Icon name="activity" size={12} />
        {t('alerts.chattering')}
      </span>
      {explained ? (
        <p
          id={hintId}
          data-testid="alert-chattering-hint"
          className="basis-full text-sm text-slate-700 dark:text-slate-300"
        >
          {hint}
        </p>
      ) : (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      )}
    </>
  );
}
