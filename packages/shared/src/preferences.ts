import { z } from 'zod';
import { languageOf, LANGUAGES, type Language } from './languages';
import { cityKeySchema } from './cities';

export const languageSchema = z.enum(LANGUAGES).meta({ id: 'Language' });

/**
 * The first of the three languages an Accept-Language header asks for, in the order of its
 * weights ('bn-IN,bn;q=0.9,en;q=0.8' → 'bn'); null when it asks for none of them.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOf(entry.tag);
    if (language) return language;
  }
  return null;
}

/** Whether the runtime knows an IANA time zone such as Asia/Kolkata. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');

/**
 * A daily span when no e-mail is sent to the person (the in-app notifications still arrive), in
 * their time zone; `start` after `end` spans midnight (22:00 to 07:00).
 */
export const quietHoursSchema = z
  .strictObject({
    start: clockTimeSchema,
    end: clockTimeSchema,
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'must be an IANA time zone such as Asia/Kolkata'),
  })
  .refine((span) => span.start !== span.end, {
    path: ['end'],
    message: 'must differ from the start',
  })
  .meta({ id: 'QuietHours' });

export type QuietHours = z.infer<typeof quietHoursSchema>;

/** Whether `at` falls within the quiet hours (start included, end not). */
export function inQuietHours(quiet: QuietHours | null, at: Date): boolean {
  if (!quiet) return false;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: quiet.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const now = `${part('hour')}:${part('minute')}`;
  return quiet.start < quiet.end
    ? now >= quiet.start && now < quiet.end
    : now >= quiet.start || now < quiet.end;
}

/** Which notifications a person wants; stored per account on the server. */
export const notificationPreferencesSchema = z
  .object({
    /** Toasts and the bell for critical alerts of the selected city. */
    criticalAlerts: z.boolean(),
    /** Toasts and the bell for high-severity alerts. */
    highAlerts: z.boolean(),
    /** The bell also lists warnings and other milder alerts (amber and blue). */
    warningAlerts: z.boolean(),
    /** The floating card and a toast when a city notice is published. */
    notices: z.boolean(),
    /** A daily e-mail summary of the selected city's alerts. */
    emailDigest: z.boolean(),
    /** E-mail for escalations, reminders, assignments and mentions (operators and admins). */
    emailAlerts: z.boolean(),
    /** E-mail when a report the person made or follows moves on (in the app it always arrives). */
    emailReports: z.boolean(),
    /** The cities whose escalations reach the person; none chosen means every city. */
    alertCities: z.array(cityKeySchema).max(10),
    /** No e-mail during these hours; null for none. */
    quietHours: quietHoursSchema.nullable(),
  })
  .meta({ id: 'NotificationPreferences' });

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a new account starts with. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  criticalAlerts: true,
  highAlerts: true,
  // The bell's five active alerts show warnings (amber) beside critical ones (red), as the spec has.
  warningAlerts: true,
  notices: true,
  emailDigest: false,
  emailAlerts: true,
  emailReports: true,
  alertCities: [],
  quietHours: null,
};

/** `GET /api/profile/preferences` and the answer of `PATCH /api/profile/preferences`. */
export const preferencesSchema = z
  .object({
    notifications: notificationPreferencesSchema,
    /** The language the person chose for the app and the e-mails; null until they choose. */
    language: languageSchema.nullable(),
  })
  .meta({ id: 'Preferences' });

export type Preferences = z.infer<typeof preferencesSchema>;

/** `PATCH /api/profile/preferences`: any subset of the notification preferences, and the language. */
export const updatePreferencesSchema = z
  .object({
    notifications: notificationPreferencesSchema.partial().strict().optional(),
    language: languageSchema.optional(),
  })
  .strict()
  .meta({ id: 'UpdatePreferences' });

export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;
