import { useTranslation } from 'react-i18next';
import { useSocket } from '../../lib/live/live-state';

/**
 * The live connection in words, with a dot that is never the only signal. The sidebar says
 * 'Reconnecting...' while down; the header says 'Offline'.
 */
export function ConnectionStatus({ variant }: { variant: 'sidebar' | 'header' }) {
  const { t } = useTranslation();
  const { connection } = useSocket();
  const connected = connection === 'connected';
  const text = connected
    ? t('connection.connected')
    : variant === 'sidebar'
      ? t('connection.reconnecting')
      : t('connection.offline');
  return (
    <span
      data-testid={`connection-status-${variant}`}
      className="inline-flex items-center gap-2 text-xs font-medium text-slate-600 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${connected ? 'bg-emerald-500' : 'bg-amber-500'}`}
      />
      {text}
    </span>
  );
}

/** The banner under the header while the live connection is down. */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  const { connection } = useSocket();
  if (connection === 'connected') return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <span
        aria-hidden="true"
        className="size-3 animate-spin rounded-full border-2 border-amber-400 border-t-transparent motion-reduce:animate-none"
      />
      {t('connection.banner')}
    </div>
  );
}
