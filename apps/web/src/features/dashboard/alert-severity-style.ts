import type { Alert } from '@smart-city/shared';
import type { StatusIconName } from '../../components/status-icon';

/** How an alert row shows its severity, on the dashboard's list and on the wall alike. */
export const SEVERITY_STYLE: Record<
  Alert['severity'],
  { border: string; text: string; icon: StatusIconName }
> = {
  critical: { border: 'border-red-500', text: 'text-red-700 dark:text-red-300', icon: 'error' },
  high: {
    border: 'border-orange-500',
    text: 'text-orange-700 dark:text-orange-300',
    icon: 'warning',
  },
  warning: {
    border: 'border-amber-500',
    text: 'text-amber-800 dark:text-amber-300',
    icon: 'warning',
  },
  info: { border: 'border-sky-500', text: 'text-sky-700 dark:text-sky-300', icon: 'info' },
};
