import {
  appLanguageSchema,
  type AlertSeverity,
  type AppLanguage,
  type NotificationKind,
} from '@smart-city/shared';

/** What an alert e-mail is filled with; every value is stored with the queued e-mail. */
export type AlertEmailParams = {
  recipientName: string;
  alertTitle: string;
  severity: AlertSeverity;
  /** The alert's city, by key; its name is looked up when the e-mail is written. */
  city: string;
  /** Who assigned or mentioned; null for what the escalation policy did. */
  actor: string | null;
  /** The start of the comment that mentioned the recipient. */
  excerpt: string | null;
  /** The alert in the web app. */
  alertUrl: string;
};

type Texts = {
  severity: Record<AlertSeverity, string>;
  subject: Record<NotificationKind, string>;
  /** The opening line of each kind of e-mail. */
  lead: Record<NotificationKind, string>;
  greeting: string;
  open: string;
  quoted: string;
  why: string;
};

/**
 * The texts of every e-mail, keyed by language: a language is added by adding its texts here.
 * `{{name}}` is replaced by the value of that name.
 */
export const EMAIL_TEXTS: Record<AppLanguage, Texts> = {
  en: {
    severity: { critical: 'Critical', high: 'High', warning: 'Warning', info: 'Info' },
    subject: {
      escalated: '[{{severity}}] Not yet acknowledged: {{alertTitle}}',
      reminded: '[{{severity}}] Reminder, still not acknowledged: {{alertTitle}}',
      assigned: '{{actor}} assigned you an alert: {{alertTitle}}',
      mentioned: '{{actor}} mentioned you on an alert: {{alertTitle}}',
    },
    lead: {
      escalated:
        'A {{severity}} alert in {{cityName}} has not been acknowledged, and its escalation policy asks you to look at it:',
      reminded: 'A {{severity}} alert in {{cityName}} is still not acknowledged:',
      assigned: '{{actor}} assigned you a {{severity}} alert in {{cityName}}:',
      mentioned: '{{actor}} mentioned you in the comments of a {{severity}} alert in {{cityName}}:',
    },
    greeting: 'Hello {{recipientName}},',
    open: 'Open the alert: {{alertUrl}}',
    quoted: 'They wrote: "{{excerpt}}"',
    why: 'You receive this e-mail because of your notification settings in Smart City; change them under Settings.',
  },
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The subject and text of one alert e-mail in a language (English when that one has no texts). */
export function renderAlertEmail(
  kind: NotificationKind,
  language: string,
  params: AlertEmailParams,
  cityName: string,
): { subject: string; text: string } {
  const parsed = appLanguageSchema.safeParse(language);
  const texts = EMAIL_TEXTS[parsed.success ? parsed.data : 'en'];
  const values: Record<string, string> = {
    recipientName: params.recipientName,
    alertTitle: params.alertTitle,
    severity: texts.severity[params.severity],
    cityName,
    actor: params.actor ?? '',
    excerpt: params.excerpt ?? '',
    alertUrl: params.alertUrl,
  };
  const lines = [
    fill(texts.greeting, values),
    '',
    fill(texts.lead[kind], values),
    '',
    `  ${params.alertTitle}`,
    ...(kind === 'mentioned' && params.excerpt ? ['', fill(texts.quoted, values)] : []),
    '',
    fill(texts.open, values),
    '',
    '--',
    texts.why,
  ];
  return { subject: fill(texts.subject[kind], values), text: `${lines.join('\n')}\n` };
}
