import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { formatDateTime } from '../../lib/format/date-time';
import { ruleWordsKey } from '../../lib/alerts/rule-words';
import type { AlertNarrowing } from './alert-narrowing';

/**
 * Says which narrowing filters a link set ("Filtered: raised 1 Mar, 10:00 – 10:10 · chattering"),
 * so the operator knows why the list is short, with a button that clears them.
 */
export function AlertNarrowingChip({
  narrowing,
  timeZone,
  onClear,
}: {
  narrowing: AlertNarrowing;
  timeZone: string | undefined;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  const parts: string[] = [];
  if (narrowing.from && narrowing.to) {
    parts.push(
      t('alerts.narrowed.raisedBetween', { from: at(narrowing.from), to: at(narrowing.to) }),
    );
  } else if (narrowing.from) {
    parts.push(t('alerts.narrowed.raisedFrom', { from: at(narrowing.from) }));
  } else if (narrowing.to) {
    parts.push(t('alerts.narrowed.raisedBefore', { at: at(narrowing.to) }));
  }
  if (narrowing.raisedBefore) {
    parts.push(t('alerts.narrowed.raisedBefore', { at: at(narrowing.raisedBefore) }));
  }
  if (narrowing.chattering) {
    parts.push(
      t(
        narrowing.chattering === 'true'
          ? 'alerts.narrowed.chattering'
          : 'alerts.narrowed.notChattering',
      ),
    );
  }
  if (narrowing.grouped) {
    parts.push(
      t(narrowing.grouped === 'true' ? 'alerts.narrowed.grouped' : 'alerts.narrowed.notGrouped'),
    );
  }
  if (narrowing.sensorId) parts.push(t('alerts.narrowed.sensor', { id: narrowing.sensorId }));
  if (narrowing.rule) {
    const words = t(`alarmKpis.rules.${ruleWordsKey(narrowing.rule)}`, { rule: narrowing.rule });
    parts.push(t('alerts.narrowed.rule', { rule: words }));
  }

  return (
    <div
      data-testid="alerts-narrowed"
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
    >
      <Icon name="filters" size={16} className="shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{t('alerts.narrowed.label')}</span>{' '}
        <span data-testid="alerts-narrowed-text">{parts.join(' · ')}</span>
      </p>
      <button
        type="button"
        data-testid="alerts-narrowed-clear"
        onClick={onClear}
        aria-label={t('alerts.narrowed.clearLabel')}
        className={`inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold hover:bg-sky-100 dark:hover:bg-sky-900 ${focusRing}`}
      >
        <Icon name="close" size={14} />
        {t('alerts.narrowed.clear')}
      </button>
    </div>
  );
}
