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

/** `GET /api/profile/preferences` and the answer of `PATCH /api/profile/preferences`. */
export const preferencesSchema = z
  .object({ notifications: notificationPreferencesSchema })
  .meta({ id: 'Preferences' });

export type Preferences = z.infer<typeof preferencesSchema>;

/** `PATCH /api/profile/preferences`: any subset of the notification switches. */
export const updatePreferencesSchema = z
  .object({ notifications: notificationPreferencesSchema.partial().strict() })
  .strict()
  .meta({ id: 'UpdatePreferences' });

export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;
