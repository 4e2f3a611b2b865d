import { useTranslation } from 'react-i18next';
import { useStaleAsOf } from '../lib/live/use-stale-as-of';
import { Icon } from './icon';

/**
 * "as of 6:28 PM IST", in amber, while the live connection is down: the figures beside it stopped
 * moving then. Nothing while they are live. `updatedAt` is the data's last change (a query's
 * `dataUpdatedAt`).
 */
export function StaleAsOf({
  updatedAt,
  testId,
  className = '',
}: {
  updatedAt: number;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const asOf = useStaleAsOf(updatedAt);
  if (!asOf) return null;
  return (
    <p
      data-testid={testId}
      className={`inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300 ${className}`}
    >
      <Icon name="clock" size={14} />
      {t('connection.asOf', { time: asOf })}
    </p>
  );
}
