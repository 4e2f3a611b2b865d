import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { useLiveConnection } from '../../lib/live/live-state';
import { reloadPage } from '../../lib/reload-page';

/**
 * The live connection in words, with a dot that is never the only signal. Both say
 * 'Connecting...' until the first connection; then, while down, the sidebar says 'Reconnecting...'
 * and the header 'Offline'. A page too old for the server's live protocol says so in both. The
 * phone header's compact form shows a working connection as its dot alone.
 */
export function ConnectionStatus({ variant }: { variant: 'sidebar' | 'header' | 'compact' }) {
  const { t } = useTranslation();
  const connection = useLiveConnection();
  const connected = connection === 'connected';
  const text = connected
    ? t('connection.connected')
    : connection === 'connecting'
      ? t('connection.connecting')
      : connection === 'outdated'
        ? t('connection.outdated')
        : variant === 'sidebar'
          ? t('connection.reconnecting')
          : t('connection.offline');
  const dot = connected
    ? 'bg-emerald-500'
    : connection === 'connecting'
      ? 'bg-slate-400 dark:bg-slate-500'
      : 'bg-amber-500';
  return (
    <span
      data-testid={`connection-status-${variant}`}
      className="inline-flex items-center gap-2 text-xs font-medium text-slate-600 dark:text-slate-300"
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dot}`} />
      {/* On a phone a working connection is the dot alone; anything else is said in words. */}
      {variant === 'compact' && connected ? <span className="sr-only">{text}</span> : text}
    </span>
  );
}

const BANNER =
  'flex flex-wrap items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200';

/** The banner under the header while the live connection is down, or asks for a reload. */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  const connection = useLiveConnection();
  // A first connection still on its way is not an outage (see FIRST_CONNECTION_GRACE_MS).
  if (connection === 'connected' || connection === 'connecting') return null;
  if (connection === 'outdated') {
    return (
      <div role="status" data-testid="live-outdated-banner" className={BANNER}>
        {t('connection.outdatedBanner')}
        <button type="button" className={`${secondaryButton} py-1`} onClick={reloadPage}>
          {t('connection.reload')}
        </button>
      </div>
    );
  }
  return (
    <div role="status" className={BANNER}>
      <span
        aria-hidden="true"
        className="size-3 animate-spin rounded-full border-2 border-amber-400 border-t-transparent motion-reduce:animate-none"
      />
      {t('connection.banner')}
    </div>
  );
}
