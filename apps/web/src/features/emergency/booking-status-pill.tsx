import type { BookingStatus, Urgency } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Icon, StatusIcon } from '../../components/icon';
import type { IconName } from '../../components/icon';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const pillShape =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** Each status's colour and glyph, always beside its word (colour is never the only signal). */
const STATUS_LOOKS: Record<BookingStatus, { tone: string; icon: IconName | 'success' | 'error' }> =
  {
    pending_payment: {
      tone: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950/60 dark:text-amber-100',
      icon: 'receipt',
    },
    // A check mark is kept for a finished job: a booking waiting for a unit must not look done.
    confirmed: {
      tone: 'bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-950/70 dark:text-sky-100',
      icon: 'clock',
    },
    dispatched: {
      tone: 'bg-violet-100 text-violet-900 ring-violet-600/30 dark:bg-violet-950/70 dark:text-violet-100',
      icon: 'truck',
    },
    in_progress: {
      tone: 'bg-indigo-100 text-indigo-900 ring-indigo-600/30 dark:bg-indigo-950/70 dark:text-indigo-100',
      icon: 'activity',
    },
    completed: {
      tone: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950/70 dark:text-emerald-100',
      icon: 'success',
    },
    cancelled: {
      tone: 'bg-slate-100 text-slate-700 ring-slate-400/40 dark:bg-slate-800 dark:text-slate-200',
      icon: 'ban',
    },
    payment_failed: {
      tone: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-950/70 dark:text-red-200',
      icon: 'error',
    },
  };

/** Where a booking stands, as colour, icon and word. */
export function BookingStatusPill({ status }: { status: BookingStatus }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { tone, icon } = STATUS_LOOKS[status];
  return (
    <span data-testid="booking-status" data-status={status} className={`${pillShape} ${tone}`}>
      {icon === 'success' || icon === 'error' ? (
        <StatusIcon status={icon} size={14} />
      ) : (
        <Icon name={icon} size={14} />
      )}
      {t(`emergency.status.${status}`)}
    </span>
  );
}

const URGENCY_TONES: Record<Urgency, string> = {
  low: 'bg-slate-100 text-slate-700 ring-slate-400/40 dark:bg-slate-800 dark:text-slate-200',
  medium: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950/60 dark:text-amber-100',
  high: 'bg-orange-100 text-orange-800 ring-orange-600/30 dark:bg-orange-950/70 dark:text-orange-200',
  critical: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-950/70 dark:text-red-200',
};

/** How urgent a booking is, as colour and word. */
export function UrgencyPill({ urgency }: { urgency: Urgency }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  return (
    <span data-testid="booking-urgency" className={`${pillShape} ${URGENCY_TONES[urgency]}`}>
      {urgency === 'critical' ? <Icon name="emergency" size={14} /> : null}
      {t('emergency.urgencyOf', { urgency: t(`emergency.urgency.${urgency}`) })}
    </span>
  );
}
