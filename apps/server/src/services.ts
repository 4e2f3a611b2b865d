import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './db/schema';
import { DEFAULT_INGEST_MAX_IN_FLIGHT } from './config';
import { createAlertAssignmentService } from './features/alerts/alert-assignment.service';
import { createAlertGroupsService } from './features/alerts/alert-groups.service';
import { createAlertCommentsService } from './features/alerts/alert-comments.service';
import { createAlertEscalationService } from './features/alerts/alert-escalation.service';
import { createAlertsService } from './features/alerts/alerts.service';
import { createEscalationPoliciesService } from './features/alerts/escalation-policies.service';
import { createMaintenanceWindowsService } from './features/alerts/maintenance-windows.service';
import { createAlarmKpisService } from './features/alarm-kpis/alarm-kpis.service';
import { createAnalyticsService } from './features/analytics/analytics.service';
import { createBillingService } from './features/billing/billing.service';
import { createCitiesService } from './features/cities/cities.service';
import { createCityTwinService } from './features/city-twin/city-twin.service';
import { createClientConfigService } from './features/client-config/client-config.service';
import { createContractsService } from './features/contracts/contracts.service';
import { createDeviceKeysService } from './features/device-keys/device-keys.service';
import { createEmergencyService } from './features/emergency/emergency.service';
import { createHealthService } from './features/health/health.service';
import { createHomeService } from './features/home/home.service';
import { createAirQualityService } from './features/air-quality/air-quality.service';
import { createOpenDataService } from './features/open-data/open-data.service';
import { createOpenDataLimits } from './features/open-data/open-data-limits.service';
import { createIngestService } from './features/ingest/ingest.service';
import type { LedgerKey } from './features/ledger/ledger-key';
import { createLedgerService } from './features/ledger/ledger.service';
import { createNoticesService } from './features/notices/notices.service';
import { createEmailOutbox } from './features/notifications/email-outbox';
import { createNotificationsService } from './features/notifications/notifications.service';
import { municipalAccountProvider } from './features/payments/municipal-account.provider';
import { createPaymentsService, type PaymentProvider } from './features/payments/payments.service';
import { createPreferencesService } from './features/profile/preferences.service';
import { createProfileService } from './features/profile/profile.service';
import {
  createReadingsService,
  DEFAULT_RETENTION_HOURLY_DAYS,
  DEFAULT_RETENTION_RAW_DAYS,
  type Retention,
} from './features/readings/readings.service';
import { createReadingsFold } from './features/readings/readings-fold';
import { createSensorsService } from './features/sensors/sensors.service';
import { createStaffService } from './features/staff/staff.service';
import { diskPhotoStore, type PhotoStore } from './features/reports/photo-store';
import { createReportsService } from './features/reports/reports.service';
import { createStatsService } from './features/stats/stats.service';
import type { MailTransport } from './lib/smtp-transport';
import type { DomainEvents } from './live/domain-events';
import type { Metrics } from './metrics/metrics';

export type ServicesDeps = {
  db: Kysely<Database>;
  /** Where services announce committed changes; the live gateway listens. */
  events: DomainEvents;
  logger: Logger;
  /** Every service counts what it does here; the server serves it at /metrics. */
  metrics: Metrics;
  version: string;
  /** Epoch milliseconds when the process started, for uptime. */
  startedAt: number;
  /** The clock of every service (reading times, alert rules, notices); tests pass a fixed one. */
  now?: () => Date;
  /** What is kept how long (RETENTION_*_DAYS); the defaults otherwise. */
  retention?: Partial<Retention>;
  /** How long a sensor that has reported may stay silent before it is offline. */
  sensorOfflineAfterS?: number;
  /** ALERT_ON_DELAY: `off` raises an alert at the first reading out of range; on-delays by default. */
  alertOnDelay?: 'default' | 'off';
  /** Readings that may be being stored at once; past it, ingest asks senders to retry. */
  ingestMaxInFlight?: number;
  /** The shortest time between two folds of stored readings (tests that fold by hand set it long). */
  foldMinGapMs?: number;
  /** The city's ledger key (see ledger-key.ts). */
  ledgerKey: LedgerKey;
  /** Settings the web app reads at runtime (the map's tile source); none means no basemap. */
  clientConfig?: Parameters<typeof createClientConfigService>[0];
  /**
   * The payment providers, one per payment method, given the billing service they may charge to;
   * the municipal account by default. Tests swap in providers that decline or wait.
   */
  paymentProviders?: (billing: ReturnType<typeof createBillingService>) => PaymentProvider[];
  /**
   * Where e-mail goes (SMTP_URL), sent as `mailFrom`; none turns e-mail off: notifications stay
   * in the app and nothing is queued.
   */
  mailTransport?: MailTransport | null;
  mailFrom?: string;
  /** Where the web app is, for links in e-mails. */
  appUrl?: () => string;
  /** Where report photos are kept (REPORT_PHOTOS_*); a folder of the system's temporary ones by default. */
  reportPhotos?: PhotoStore;
};

/** Every service of the platform, built once over one database, event bus and clock. */
export function createServices(deps: ServicesDeps) {
  const { db, events, logger, metrics } = deps;
  const now = deps.now ?? (() => new Date());
  const appUrl = deps.appUrl ?? (() => 'http://localhost:3000');
  const ledger = createLedgerService({
    db,
    events,
    signingKey: deps.ledgerKey.privateKey,
    publicKey: deps.ledgerKey.publicKey,
    logger,
    now,
  });
  const sensors = createSensorsService({ db, events, now });
  const cities = createCitiesService(db);
  const staff = createStaffService(db);
  const emailOutbox = deps.mailTransport
    ? createEmailOutbox({
        db,
        transport: deps.mailTransport,
        from: deps.mailFrom ?? 'no-reply@localhost',
        cities,
        now,
        logger,
        metrics,
      })
    : null;
  const escalationPolicies = createEscalationPoliciesService({ db, cities, now });
  const notifications = createNotificationsService({
    db,
    events,
    staff,
    now,
    emailEnabled: emailOutbox !== null,
    appUrl,
    onEmailQueued: () => emailOutbox?.sendSoon(),
  });
  const alerts = createAlertsService({
    db,
    events,
    sensors,
    now,
    metrics,
    ledger,
    offlineAfterMs:
      deps.sensorOfflineAfterS === undefined ? undefined : deps.sensorOfflineAfterS * 1000,
    onDelay: deps.alertOnDelay !== 'off',
  });
  const stats = createStatsService({
    events,
    sensors,
    alerts,
    onError: (err) => logger.error({ err }, 'live counts failed'),
  });
  const readings = createReadingsService({
    db,
    sensors,
    now,
    retention: {
      rawDays: deps.retention?.rawDays ?? DEFAULT_RETENTION_RAW_DAYS,
      hourlyDays: deps.retention?.hourlyDays ?? DEFAULT_RETENTION_HOURLY_DAYS,
      dailyDays: deps.retention?.dailyDays ?? null,
    },
  });
  // The deferred half of ingest: rolls committed batches up and sets the sensors' latest values.
  const readingsFold = createReadingsFold({
    db,
    events,
    readings,
    sensors,
    logger,
    metrics,
    minGapMs: deps.foldMinGapMs,
  });
  const analytics = createAnalyticsService({
    db,
    sensors,
    cities,
    events,
    now,
    onError: (err) => logger.error({ err }, 'live figures failed'),
  });
  const billing = createBillingService({ db, now });
  const payments = createPaymentsService(
    deps.paymentProviders?.(billing) ?? [municipalAccountProvider(billing)],
  );
  const profile = createProfileService(db);
  const notices = createNoticesService({ db, events, ledger, now });
  const airQuality = createAirQualityService({ db, now });
  const deviceKeys = createDeviceKeysService({ db, now });
  const openDataLimits = createOpenDataLimits(db);
  const emergency = createEmergencyService({ db, events, cities, payments, ledger, now });
  return {
    health: createHealthService({ sensors, version: deps.version, startedAt: deps.startedAt }),
    cities,
    clientConfig: createClientConfigService({
      ...deps.clientConfig,
      emailEnabled: emailOutbox !== null,
    }),
    profile,
    preferences: createPreferencesService(db),
    sensors,
    readings,
    alerts,
    alertAssignment: createAlertAssignmentService({ db, events, staff, notifications, now }),
    alertGroups: createAlertGroupsService({ db, events, now, ledger }),
    alertComments: createAlertCommentsService({ db, events, staff, notifications, now }),
    escalation: createAlertEscalationService({
      db,
      events,
      notifications,
      metrics,
      now,
    }),
    escalationPolicies,
    maintenanceWindows: createMaintenanceWindowsService({ db, events, now, ledger }),
    alarmKpis: createAlarmKpisService({ db, now }),
    staff,
    notifications,
    /** Null while e-mail is off. */
    emailOutbox,
    stats,
    cityTwin: createCityTwinService({ sensors, alerts }),
    ingest: createIngestService({
      db,
      events,
      sensors,
      readings,
      alerts,
      foldSoon: readingsFold.soon,
      logger,
      metrics,
      now,
      maxInFlightReadings: deps.ingestMaxInFlight ?? DEFAULT_INGEST_MAX_IN_FLIGHT,
    }),
    readingsFold,
    deviceKeys,
    airQuality,
    /** The open data's requests per client, summed with the other processes' every second. */
    openDataLimits,
    openData: createOpenDataService({
      cities,
      sensors,
      readings,
      notices,
      ledger,
      airQuality,
      appUrl,
      // The address of "Name <address>".
      contactEmail:
        /<([^>]+)>/.exec(deps.mailFrom ?? '')?.[1] ?? deps.mailFrom ?? 'no-reply@localhost',
      version: deps.version,
      now,
    }),
    analytics,
    notices,
    ledger,
    contracts: createContractsService({ db, events, ledger, now }),
    emergency,
    home: createHomeService({ db, profiles: profile, notices, emergency, analytics, now }),
    billing,
    reports: createReportsService({
      db,
      events,
      ledger,
      staff,
      sensors,
      alerts,
      cities,
      photos:
        deps.reportPhotos ??
        diskPhotoStore(path.join(tmpdir(), `smart-city-report-photos-${process.pid}`)),
      notifications,
      escalationPolicies,
      now,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
