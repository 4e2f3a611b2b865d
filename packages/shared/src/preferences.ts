import { z } from 'zod';
import { cityKeySchema } from './cities';

/** The languages the app and its e-mails are written in; Hindi and Bengali join later. */
export const APP_LANGUAGES = ['en'] as const;
export const appLanguageSchema = z.enum(APP_LANGUAGES).meta({ id: 'AppLanguage' });
export type AppLanguage = z.infer<typeof appLanguageSchema>;

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
    /** The bell also lists warnings. */
    warningAlerts: z.boolean(),
    /** The floating card and a toast when a city notice is published. */
    notices: z.boolean(),
    /** A daily e-mail summary of the selected city's alerts. */
    emailDigest: z.boolean(),
    /** E-mail for escalations, reminders, assignments and mentions (operators and admins). */
    emailAlerts: z.boolean(),
    /** The cities whose escalations reach the person; none chosen means every city. */
    alertCities: z.array(cityKeySchema).max(10),
    /** No e-mail during these hours; null for none. */
    quietHours: quietHoursSchema.nullable(),
    /** The language of the person's e-mails. */
    language: appLanguageSchema,
  })
  .meta({ id: 'NotificationPreferences' });

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a new account starts with. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  criticalAlerts: true,
  highAlerts: true,
  warningAlerts: false,
  notices: true,
  emailDigest: false,
  emailAlerts: true,
  alertCities: [],
  quietHours: null,
  language: 'en',
};

/** `GET /api/profile/preferences` and the answer of `PATCH /api/profile/preferences`. */
export const preferencesSchema = z
  .object({ notifications: notificationPreferencesSchema })
  .meta({ id: 'Preferences' });

export type Preferences = z.infer<typeof preferencesSchema>;

/** `PATCH /api/profile/preferences`: any subset of the notification preferences. */
export const updatePreferencesSchema = z
  .object({ notifications: notificationPreferencesSchema.partial().strict() })
  .strict()
  .meta({ id: 'UpdatePreferences' });

export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;
