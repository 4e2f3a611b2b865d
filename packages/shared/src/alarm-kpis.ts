import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { canHandleAlerts } from './policies';
import { cityKeySchema } from './cities';

/**
 * The alarm-system performance figures of EEMUA 191 and ISA-18.2, for one city over a window. One
 * city's alert console is treated as one operator position: the rates are per city, per 10 minutes.
 */
export const ALARM_KPI_WINDOWS = ['24h', '7d'] as const;
export const alarmKpiWindowSchema = z.enum(ALARM_KPI_WINDOWS).meta({ id: 'AlarmKpiWindow' });
export type AlarmKpiWindow = z.infer<typeof alarmKpiWindowSchema>;

/** Each window's length in milliseconds. */
export const ALARM_KPI_WINDOW_MS: Readonly<Record<AlarmKpiWindow, number>> = {
  '24h': 24 * 60 * 60_000,
  '7d': 7 * 24 * 60 * 60_000,
};

/** The rate is counted in buckets of this length (EEMUA 191: alarms per operator per 10 minutes). */
export const ALARM_RATE_BUCKET_MS = 10 * 60_000;

/** EEMUA 191's benchmarks of an average alarm rate per operator per 10 minutes. */
export const EEMUA_MANAGEABLE_PER_10_MIN = 1;
export const EEMUA_OVER_DEMANDING_PER_10_MIN = 10;

/** An alert still active this long after it was raised is a standing alert. */
export const STANDING_ALERT_AFTER_MS = 24 * 60 * 60_000;

/** How many of the most frequent alerts the figures list. */
export const ALARM_KPI_TOP_COUNT = 10;

/** `GET /api/alarm-kpis?city=&window=`: one city (one operator position), over 24 hours or 7 days. */
export const alarmKpisQuerySchema = z.object({
  city: cityKeySchema,
  window: alarmKpiWindowSchema.default('24h'),
});

export type AlarmKpisQuery = z.infer<typeof alarmKpisQuerySchema>;

const countSchema = z.number().int().min(0);

/** One 10-minute bucket of the window: when it starts and how many alerts were raised in it. */
export const alarmRateBucketSchema = z
  .object({ at: z.iso.datetime(), count: countSchema })
  .meta({ id: 'AlarmRateBucket' });

export type AlarmRateBucket = z.infer<typeof alarmRateBucketSchema>;

/** One of the most frequent alerts: a sensor's rule, and how often it was raised in the window. */
export const alarmKpiTopAlertSchema = z
  .object({
    sensorId: z.string(),
    rule: z.string(),
    /** The sensor's location and the title of its latest alert of the rule in the window. */
    location: z.string().nullable(),
    title: z.string(),
    count: countSchema,
  })
  .meta({ id: 'AlarmKpiTopAlert' });

export type AlarmKpiTopAlert = z.infer<typeof alarmKpiTopAlertSchema>;

/**
 * The figures. "Announced" alerts are those raised in the window outside any maintenance window
 * (not suppressed); the rate, the top list and chattering count only them.
 */
export const alarmKpisSchema = z
  .object({
    city: cityKeySchema,
    window: alarmKpiWindowSchema,
    /** The window: `to` is the moment the figures were taken, `from` one window length earlier. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** Alerts announced in the window, and those raised inside a maintenance window (not announced). */
    announced: countSchema,
    suppressed: countSchema,
    rate: z.object({
      /** Announced alerts per 10 minutes over the whole window. */
      averagePer10Min: z.number().min(0),
      /** The most announced in one 10-minute bucket, and when that bucket started (null: none). */
      peakPer10Min: countSchema,
      peakAt: z.iso.datetime().nullable(),
      manageable: z.literal(EEMUA_MANAGEABLE_PER_10_MIN),
      overDemanding: z.literal(EEMUA_OVER_DEMANDING_PER_10_MIN),
      /** Every 10-minute bucket of the window from `from`, oldest first, empty ones included. */
      buckets: z.array(alarmRateBucketSchema),
    }),
    /** The share of the window (0 to 1) the city spent in flood: any of its flood groups flooding. */
    floodShare: z.number().min(0).max(1),
    floodMinutes: z.number().min(0),
    /** Alerts announced in the window that joined a flood group. */
    floodAlerts: countSchema,
    /** The most frequent alerts of the window by sensor and rule, the most raised first. */
    top: z.array(alarmKpiTopAlertSchema).max(ALARM_KPI_TOP_COUNT),
    /** Active alerts (not shelved, not suppressed) raised more than 24 hours before `to`. */
    standing: z.object({
      count: countSchema,
      /** When the oldest of them was raised (null: none), and the moment they were raised before. */
      oldestAt: z.iso.datetime().nullable(),
      raisedBefore: z.iso.datetime(),
    }),
    /** Alerts shelved at `to`. */
    shelvedNow: countSchema,
    /** Announced alerts of the window that were chattering, and how many sensors raised them. */
    chattering: z.object({ alerts: countSchema, sensors: countSchema }),
  })
  .meta({ id: 'AlarmKpis' });

export type AlarmKpis = z.infer<typeof alarmKpisSchema>;

export const ALARM_KPI_ENDPOINTS = {
  figures: {
    method: 'get',
    path: '/api/alarm-kpis',
    summary:
      'Alarm-system figures of a city over the last 24 hours or 7 days, against EEMUA 191 (operators, admins)',
    notes:
      'One city’s alert console counts as one operator position. Alerts raised inside a ' +
      'maintenance window are counted apart (`suppressed`) and left out of every other figure. ' +
      '`rate`: announced alerts per 10 minutes, on average over the window and at the busiest ' +
      '10 minutes, against EEMUA 191’s “manageable” (1) and “over-demanding” (10); `floodShare`: the ' +
      'share of the window in which any flood group of the city was flooding; `top`: the 10 most ' +
      'frequent alerts by sensor and rule; `standing`: active alerts, neither shelved nor ' +
      'suppressed, raised more than 24 hours ago; `shelvedNow`; `chattering`: chattering alerts ' +
      'raised in the window. `GET /api/alerts` lists the alerts behind each figure with its ' +
      '`from`, `to`, `raisedBefore`, `chattering`, `grouped`, `sensorId` and `rule` filters.',
    tags: ['Alerts'],
    access: canHandleAlerts,
    query: alarmKpisQuerySchema,
    status: 200,
    response: alarmKpisSchema,
    description: 'The figures',
    errors: {
      400: 'The city is missing or unknown, or the window is not 24h or 7d',
      403: 'Only operators and admins see the alarm KPIs',
    },
  },
} as const satisfies Record<string, Endpoint>;
