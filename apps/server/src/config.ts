import { hostname } from 'node:os';
import path from 'node:path';
import {
  DEFAULT_DEMO_PASSWORD,
  DEFAULT_MQTT_TOPIC_PREFIX,
  MAX_INGEST_BATCH,
  OFFLINE_AFTER_MS,
  OPEN_DATA_ANONYMOUS_LIMIT,
  OPEN_DATA_KEY_MAX_LIMIT,
} from '@smart-city/shared';
import { z } from 'zod';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** OpenStreetMap's standard tiles: the base map when a city names no tile server of its own. */
export const OSM_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
} as const;

/**
 * Readings that may be in the middle of being stored at once, per process, unless configured: one
 * largest batch's worth. On two cores more than that only queues for the same database; measured
 * at ten times the sustainable offer, a bound of 5,000 kept 88–97 % of the sustainable rate with
 * p99 under 0.25 s, where 10,000 kept 69–75 % with p99 0.7–0.9 s (decision 0012).
 */
export const DEFAULT_INGEST_MAX_IN_FLIGHT = MAX_INGEST_BATCH;

/** A switch read from the environment: on/off, true/false, yes/no or 1/0. */
const switchSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['on', 'off', 'true', 'false', 'yes', 'no', '1', '0'].includes(v), {
    message: 'must be on or off (also true/false, yes/no, 1/0)',
  })
  .transform((v) => ['on', 'true', 'yes', '1'].includes(v));

/** Whether a value is a raster tile URL template such as https://tile.example.org/{z}/{x}/{y}.png. */
function isTileUrlTemplate(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  if (!['{z}', '{x}', '{y}'].every((part) => value.includes(part))) return false;
  return URL.canParse(value);
}

/** MAP_TILE_URL as a tile source: unset means OpenStreetMap's, 'off' none. */
function mapTilesOf(url: string | undefined, attribution: string | undefined) {
  if (url === 'off') return null;
  if (url === undefined) return { ...OSM_TILES };
  return { url, attribution: attribution ?? null };
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATA_DIR: z.string().trim().min(1, 'must be a folder path').default('./data'),
  DEMO_ACCOUNTS: switchSchema.optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
  SIMULATOR: switchSchema.optional(),
  SIMULATOR_BACKFILL_DAYS: z.coerce
    .number({ message: 'must be a whole number of days from 0 to 60' })
    .int('must be a whole number of days from 0 to 60')
    .min(0, 'must be a whole number of days from 0 to 60')
    .max(60, 'must be a whole number of days from 0 to 60')
    .default(14),
  SIMULATOR_READINGS_PER_S: z.coerce
    .number({ message: 'must be a whole number of readings per second from 1 to 100000' })
    .int('must be a whole number of readings per second from 1 to 100000')
    .min(1, 'must be a whole number of readings per second from 1 to 100000')
    .max(100_000, 'must be a whole number of readings per second from 1 to 100000')
    .default(2_000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  SMTP_FROM: z
    .string()
    .trim()
    .regex(/^([^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      message: 'must be an e-mail address, optionally as "Name <address>"',
    })
    .default('Smart City <no-reply@smartcity.local>'),
  LIVE_ADAPTER: z
    .enum(['memory', 'postgres', 'redis'], { message: 'must be memory, postgres or redis' })
    .default('memory'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' })
    .optional(),
  MQTT_URL: z
    .url({
      protocol: /^(mqtts?|wss?)$/,
      message: 'must be an mqtt://, mqtts://, ws:// or wss:// URL',
    })
    .optional(),
  MQTT_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, { message: 'must be 1–64 letters, digits or ._:-' })
    .optional(),
  MQTT_TOPIC_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]+(\/[\w.-]+)*$/, {
      message: 'must be topic levels of letters, digits or ._- joined by / (no wildcards)',
    })
    .default(DEFAULT_MQTT_TOPIC_PREFIX),
  MQTT_SHARE_GROUP: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, { message: 'must be 1–64 letters, digits or ._- (or off)' })
    .optional(),
  SENSOR_OFFLINE_AFTER_S: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(30, 'must be at least 30 seconds')
    .max(604_800, 'must be at most 604800 seconds (7 days)')
    .default(OFFLINE_AFTER_MS / 1000),
  ALERT_ON_DELAY: z
    .enum(['default', 'off'], { message: 'must be default or off' })
    .default('default'),
  RETENTION_RAW_DAYS: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(3650, 'must be at most 3650 days')
    .default(30),
  RETENTION_HOURLY_DAYS: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(8, 'must be at least 8 days')
    .max(36500, 'must be at most 36500 days')
    .default(400),
  RETENTION_DAILY_DAYS: z
    .union([
      z.literal('forever'),
      z.coerce
        .number({ message: 'must be a whole number of days or "forever"' })
        .int('must be a whole number of days or "forever"')
        .min(31, 'must be at least 31 days')
        .max(36500, 'must be at most 36500 days'),
    ])
    .default('forever'),
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine((value) => value === 'off' || isTileUrlTemplate(value), {
      message: 'must be "off" or an http(s) tile URL template with {z}, {x} and {y}',
    })
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int()
    .min(0)
    .max(60_000)
    .default(10_000),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  INGEST_MAX_IN_FLIGHT: z.coerce
    .number({ message: 'must be a whole number of readings' })
    .int('must be a whole number of readings')
    .min(100, 'must be at least 100 readings')
    .max(1_000_000, 'must be at most 1000000 readings')
    .default(DEFAULT_INGEST_MAX_IN_FLIGHT),
  LEDGER_KEY_FILE: z.string().trim().min(1, 'must be a file path').optional(),
  LEDGER_CHECKPOINT_INTERVAL_S: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .default(3_600),
  TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => /^(on|off|true|false|yes|no|[0-9])$/.test(v), {
      message: 'must be off, on (one proxy) or the number of proxies in front (0–9)',
    })
    .transform((v) => (/^[0-9]$/.test(v) ? Number(v) : ['on', 'true', 'yes'].includes(v) ? 1 : 0))
    .default(0),
  OPEN_DATA_RATE_LIMIT: z.coerce
    .number({ message: 'must be a whole number of requests a minute' })
    .int('must be a whole number of requests a minute')
    .min(1, 'must be at least 1 request a minute')
    .max(OPEN_DATA_KEY_MAX_LIMIT, `must be at most ${OPEN_DATA_KEY_MAX_LIMIT} requests a minute`)
    .default(OPEN_DATA_ANONYMOUS_LIMIT),
  REPORT_PHOTOS_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens',
    })
    .optional(),
  REPORT_PHOTOS_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, {
      message: 'must be a region name of lowercase letters, digits and hyphens, e.g. us-east-1',
    })
    .optional(),
  REPORT_PHOTOS_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .optional(),
  REPORT_PHOTOS_S3_FORCE_PATH_STYLE: switchSchema.optional(),
  AWS_ACCESS_KEY_ID: z.string().trim().min(1, 'must not be blank').optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1, 'must not be blank').optional(),
  AWS_SESSION_TOKEN: z.string().trim().min(1, 'must not be blank').optional(),
});

/** Variables whose values are secret. */
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'SMTP_URL',
  'REDIS_URL',
  'DEMO_PASSWORD',
  'METRICS_TOKEN',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
]);

/** Where the photos of reports are kept. */
type ReportPhotosPlace =
  | { kind: 'disk'; folder: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible store's address (MinIO…); unset means AWS's for the region. */
      endpoint: string | undefined;
      /** Addresses objects as `<endpoint>/<bucket>/<key>`, as most S3-compatible stores want. */
      forcePathStyle: boolean;
      /** What every object's key starts with, so the bucket can hold other things too. */
      prefix: string;
      /** Unset means the SDK's own chain (shared files, the instance's role…). */
      credentials:
        { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

/** The folder under DATA_DIR, or the key prefix in a bucket, that holds the photos of reports. */
const REPORT_PHOTOS_PLACE = 'report-photos';

export type Config = {
  port: number;
  host: string;
  /** Set for a real PostgreSQL; unset means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  demoAccounts: boolean;
  demoPassword: string;
  simulator: boolean;
  /** Days of simulated history the simulator writes on a fresh database; 0 writes none. */
  simulatorBackfillDays: number;
  /**
   * The simulator's pace over the whole registry: every sensor reports each round (5 s) while the
   * registry is small; a larger one is visited in turn at this many readings a second.
   */
  simulatorReadingsPerS: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** The MQTT broker to take readings from; unset means no MQTT ingestion. */
  mqttUrl: string | undefined;
  /** A persistent MQTT session: QoS 1 readings not yet stored survive a restart. One per process. */
  mqttClientId: string | undefined;
  /** Readings arrive on `<prefix>/<city>/sensors/<sensorId>/readings`. */
  mqttTopicPrefix: string;
  /**
   * The MQTT shared-subscription group the processes of one deployment take readings in: the broker
   * hands each reading to one of them. On by default with LIVE_ADAPTER postgres or redis (several processes).
   */
  mqttShareGroup: string | undefined;
  /**
   * Days raw readings are kept (the minute and quarter-hour rollups as long, and at least 8 days);
   * hourly rollups are kept `retentionHourlyDays`, daily ones `retentionDailyDays` (null: for ever).
   */
  retentionRawDays: number;
  retentionHourlyDays: number;
  retentionDailyDays: number | null;
  /** A sensor that has reported goes offline after this long without a reading arriving. */
  sensorOfflineAfterS: number;
  /**
   * Whether a value past a rule's limit must stay there for the rule's on-delay before it raises an
   * alert (`default`, ALARM_RULE_TUNING), or raises one at once (`off`, for demonstrations and tests).
   */
  alertOnDelay: 'default' | 'off';
  /** How live events reach other server processes: not at all (memory) or through PostgreSQL. */
  liveAdapter: 'memory' | 'postgres' | 'redis';
  /** The Redis that carries live events between processes with LIVE_ADAPTER redis. */
  redisUrl: string | undefined;
  /** Signs sessions and encrypts keys; unset in embedded mode means a generated one kept in `dataDir`. */
  authSecret: string | undefined;
  /**
   * Outgoing mail server, for password resets and alert e-mail; unset turns alert e-mail off (the
   * notifications stay in the app) and writes password-reset e-mails to the log instead.
   */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Raster tiles under the sensor map; unset means markers on a plain background (works offline). */
  /** The map's base layer: the configured one, OpenStreetMap when unset, none when 'off'. */
  mapTiles: { url: string; attribution: string | null } | null;
  /** The credit line the tile provider asks for. */
  /** `/metrics` wants this bearer token; null leaves it open (keep it off the public network). */
  metricsToken: string | null;
  /** Readings that may be being stored at once; past it, ingest answers 429 with Retry-After. */
  ingestMaxInFlight: number;
  /** The ledger's Ed25519 private key (PKCS#8 PEM, mode 0600); made there on first start. */
  ledgerKeyFile: string;
  /** A signed checkpoint at least this often while entries arrive (and at every 64 entries). */
  ledgerCheckpointIntervalMs: number;
  /**
   * How many proxies stand in front of the server: the client address is then read from that far
   * back in X-Forwarded-For. 0 trusts no header (anyone can write one).
   */
  trustProxyHops: number;
  /** Requests a minute an open-data client without a key may make, per address. */
  openDataAnonymousLimit: number;
  /** On disk under `dataDir` unless REPORT_PHOTOS_S3_BUCKET names a bucket. */
  reportPhotos: ReportPhotosPlace;
};

/** The shared-subscription group of a deployment's processes unless MQTT_SHARE_GROUP names one. */
const DEFAULT_MQTT_SHARE_GROUP = 'smartcity';

/**
 * A process's own persistent MQTT session when the processes share readings: named after the host
 * and port, so a process restarted in its place takes up the readings the broker kept for it. A
 * process on a port the system picks (0) has no place to come back to: its id is its process id.
 */
export function defaultMqttClientId(group: string, port: number, host = hostname()): string {
  const place = port === 0 ? `pid${process.pid}` : String(port);
  return `${group}-${host}-${place}`.replace(/[^\w.:-]/g, '-').slice(0, 64);
}

/** Raised when the environment holds a value the server cannot run with. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into the server's configuration, or throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Secrets never reach the terminal or the logs, not even a rejected one.
    const got = SECRET_VARIABLES.has(name) ? undefined : present[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  const embedded = e.DATABASE_URL === undefined;
  // The embedded database lives inside one process, so there is no one to share live events with.
  if (embedded && e.LIVE_ADAPTER !== 'memory') {
    throw new ConfigError(
      `Invalid configuration: LIVE_ADAPTER ${e.LIVE_ADAPTER} needs DATABASE_URL; the embedded database uses memory (got "${e.LIVE_ADAPTER}")`,
    );
  }
  if (e.LIVE_ADAPTER === 'redis' && !e.REDIS_URL) {
    throw new ConfigError(
      'Invalid configuration: LIVE_ADAPTER redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)',
    );
  }
  const reportPhotos = reportPhotosPlaceOf(e);
  // Several processes on one database share the readings of a broker instead of each storing all.
  const shareGroup =
    e.MQTT_URL === undefined || e.MQTT_SHARE_GROUP === 'off'
      ? undefined
      : (e.MQTT_SHARE_GROUP ??
        (e.LIVE_ADAPTER !== 'memory' ? DEFAULT_MQTT_SHARE_GROUP : undefined));
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    demoAccounts: e.DEMO_ACCOUNTS ?? embedded,
    demoPassword: e.DEMO_PASSWORD,
    simulator: e.SIMULATOR ?? embedded,
    simulatorBackfillDays: e.SIMULATOR_BACKFILL_DAYS,
    simulatorReadingsPerS: e.SIMULATOR_READINGS_PER_S,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    mqttUrl: e.MQTT_URL,
    mqttClientId:
      e.MQTT_CLIENT_ID ?? (shareGroup ? defaultMqttClientId(shareGroup, e.PORT) : undefined),
    mqttShareGroup: shareGroup,
    mqttTopicPrefix: e.MQTT_TOPIC_PREFIX,
    retentionRawDays: e.RETENTION_RAW_DAYS,
    retentionHourlyDays: e.RETENTION_HOURLY_DAYS,
    retentionDailyDays: e.RETENTION_DAILY_DAYS === 'forever' ? null : e.RETENTION_DAILY_DAYS,
    sensorOfflineAfterS: e.SENSOR_OFFLINE_AFTER_S,
    alertOnDelay: e.ALERT_ON_DELAY,
    liveAdapter: e.LIVE_ADAPTER,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    mapTiles: mapTilesOf(e.MAP_TILE_URL, e.MAP_TILE_ATTRIBUTION),
    metricsToken: e.METRICS_TOKEN ?? null,
    ingestMaxInFlight: e.INGEST_MAX_IN_FLIGHT,
    trustProxyHops: e.TRUST_PROXY,
    openDataAnonymousLimit: e.OPEN_DATA_RATE_LIMIT,
    ledgerKeyFile: path.resolve(e.LEDGER_KEY_FILE ?? path.join(e.DATA_DIR, 'ledger-ed25519.pem')),
    ledgerCheckpointIntervalMs: e.LEDGER_CHECKPOINT_INTERVAL_S * 1000,
    reportPhotos,
  };
}

/** Where the photos of reports go: a bucket when one is named, else a folder under DATA_DIR. */
function reportPhotosPlaceOf(e: z.infer<typeof envSchema>): ReportPhotosPlace {
  if (e.REPORT_PHOTOS_S3_BUCKET === undefined) {
    // A bucket's settings without the bucket would leave photos on this disk unnoticed.
    const stray = (
      [
        'REPORT_PHOTOS_S3_REGION',
        'REPORT_PHOTOS_S3_ENDPOINT',
        'REPORT_PHOTOS_S3_FORCE_PATH_STYLE',
      ] as const
    ).find((name) => e[name] !== undefined);
    if (stray) {
      throw new ConfigError(
        `Invalid configuration: ${stray} needs REPORT_PHOTOS_S3_BUCKET; without it photos are kept in DATA_DIR`,
      );
    }
    return { kind: 'disk', folder: path.resolve(e.DATA_DIR, REPORT_PHOTOS_PLACE) };
  }
  if ((e.AWS_ACCESS_KEY_ID === undefined) !== (e.AWS_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together; set both or neither',
    );
  }
  return {
    kind: 's3',
    bucket: e.REPORT_PHOTOS_S3_BUCKET,
    region: e.REPORT_PHOTOS_S3_REGION ?? 'us-east-1',
    endpoint: e.REPORT_PHOTOS_S3_ENDPOINT,
    forcePathStyle: e.REPORT_PHOTOS_S3_FORCE_PATH_STYLE ?? false,
    prefix: `${REPORT_PHOTOS_PLACE}/`,
    credentials:
      e.AWS_ACCESS_KEY_ID === undefined || e.AWS_SECRET_ACCESS_KEY === undefined
        ? undefined
        : {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN === undefined ? {} : { sessionToken: e.AWS_SESSION_TOKEN }),
          },
  };
}
