import type { SensorStatus } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { StatusIcon } from '../../components/status-icon';
import type { StatusIconName } from '../../components/status-icon';

const LOOK: Record<SensorStatus, { icon: StatusIconName; className: string }> = {
  active: {
    icon: 'success',
    className: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200',
  },
  maintenance: {
    icon: 'warning',
    className: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
  },
  offline: {
    icon: 'error',
    className: 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200',
  },
  inactive: {
    icon: 'info',
    className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
  pending: {
    // Not a spinner: a sensor may wait days for its first reading.
    icon: 'info',
    className: 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  },
};

/** A sensor's status as an icon and a word, never as colour alone. */
export function SensorStatusBadge({ status }: { status: SensorStatus }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  return (
    <span
      data-testid="sensor-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${look.className}`}
    >
      <StatusIcon status={look.icon} size={14} />
      {t(`sensors.status.${status}`)}
    </span>
  );
}
