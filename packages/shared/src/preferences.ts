import { z } from 'zod';

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
};

/** The languages the app and its e-mails are written in: English, Hindi and Bengali. */
export const LANGUAGES = ['en', 'hi', 'bn'] as const;
export const languageSchema = z.enum(LANGUAGES).meta({ id: 'Language' });
export type Language = z.infer<typeof languageSchema>;

/** The language of anyone who has not chosen one and whose browser asks for none of the three. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The language among the three that a language tag ('hi-IN', 'bn', 'en-GB') names, if any. */
export function languageOf(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary) ?? null;
}

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

/** `GET /api/profile/preferences` and the answer of `PATCH /api/profile/preferences`. */
export const preferencesSchema = z
  .object({
    notifications: notificationPreferencesSchema,
    /** The language the person chose for the app and the e-mails; null until they choose. */
    language: languageSchema.nullable(),
  })
  .meta({ id: 'Preferences' });

export type Preferences = z.infer<typeof preferencesSchema>;

/** `PATCH /api/profile/preferences`: any subset of the notification switches, and the language. */
export const updatePreferencesSchema = z
  .object({
    notifications: notificationPreferencesSchema.partial().strict().optional(),
    language: languageSchema.optional(),
  })
  .strict()
  .meta({ id: 'UpdatePreferences' });

export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;
