import { isEndedAlert } from '@smart-city/shared';
import type { AlertSeverity, AlertStatus } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Icon, StatusIcon } from './icon';

/** Each severity's colour, always beside its icon and word (colour is never the only signal). */
export const SEVERITY_TONES: Record<AlertSeverity, { border: string; badge: string }> = {
  critical: {
    border: 'border-l-red-600 dark:border-l-red-500',
    badge: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-950/70 dark:text-red-200',
  },
  high: {
    border: 'border-l-orange-500 dark:border-l-orange-400',
    badge:
      'bg-orange-100 text-orange-800 ring-orange-600/30 dark:bg-orange-950/70 dark:text-orange-200',
  },
  warning: {
    border: 'border-l-amber-400 dark:border-l-amber-300',
    badge: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950/60 dark:text-amber-100',
  },
  info: {
    border: 'border-l-sky-500 dark:border-l-sky-400',
    badge: 'bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-950/70 dark:text-sky-100',
  },
};

/**
 * How an ended (resolved or dismissed) alert looks wherever alerts are listed: grey, with no
 * severity colour, so nothing that needs no attention looks as if it did. Its status word says so.
 */
export const ENDED_TONE = {
  border: 'border-l-slate-300 dark:border-l-slate-600',
  badge: 'bg-slate-100 text-slate-700 ring-slate-400/40 dark:bg-slate-800 dark:text-slate-300',
  card: 'bg-slate-50 dark:bg-slate-900/60',
  title: 'text-slate-700 dark:text-slate-300',
} as const;

/** The left edge of an alert's card: its severity's colour while active, grey once ended. */
export function alertEdge(alert: { severity: AlertSeverity; status: AlertStatus }): string {
  return isEndedAlert(alert) ? ENDED_TONE.border : SEVERITY_TONES[alert.severity].border;
}

const badgeShape =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function SeverityIcon({ severity, size = 14 }: { severity: AlertSeverity; size?: number }) {
  switch (severity) {
    case 'critical':
      return <Icon name="emergency" size={size} />;
    case 'high':
      return <Icon name="alerts" size={size} />;
    case 'warning':
      return <Icon name="alert-circle" size={size} />;
    case 'info':
      return <StatusIcon status="info" size={size} />;
  }
}

/**
 * The severity as colour, icon and word; grey when the alert has ended (`muted`). `label` puts
 * another audience's word for it (the residents' "Severe") in place of the operators' one.
 */
export function SeverityBadge({
  severity,
  muted = false,
  label,
}: {
  severity: AlertSeverity;
  muted?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="alert-severity"
      className={`${badgeShape} ${muted ? ENDED_TONE.badge : SEVERITY_TONES[severity].badge}`}
    >
      <SeverityIcon severity={severity} />
      {label ?? t(`severity.${severity}`)}
    </span>
  );
}

const STATUS_TONES: Record<AlertStatus, string> = {
  open: 'bg-white text-slate-800 ring-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-500',
  acknowledged:
    'bg-violet-100 text-violet-900 ring-violet-600/30 dark:bg-violet-950/70 dark:text-violet-100',
  resolved:
    'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950/70 dark:text-emerald-100',
  dismissed: 'bg-slate-100 text-slate-700 ring-slate-400/40 dark:bg-slate-800 dark:text-slate-200',
};

function StatusGlyph({ status }: { status: AlertStatus }) {
  switch (status) {
    case 'open':
      return <Icon name="bell" size={14} />;
    case 'acknowledged':
      return <Icon name="eye" size={14} />;
    case 'resolved':
      return <StatusIcon status="success" size={14} />;
    case 'dismissed':
      return <Icon name="close" size={14} />;
  }
}

/** Where the alert stands, as icon and word; `label` puts a resident's word in place of it. */
export function StatusBadge({ status, label }: { status: AlertStatus; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="alert-status"
      data-status={status}
      className={`${badgeShape} ${STATUS_TONES[status]}`}
    >
      <StatusGlyph status={status} />
      {label ?? t(`alerts.status.${status}`)}
    </span>
  );
}
