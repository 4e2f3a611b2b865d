import { OpenAPIHono } from '@hono/zod-openapi';
import {
  DEFAULT_MAX_BODY_BYTES,
  MAX_SENSOR_REGISTRATION_BODY_BYTES,
  READING_ENDPOINTS,
  SENSOR_ENDPOINTS,
  declaredEndpoints,
  OPEN311_BASE_PATH,
  OPEN_DATA_BASE_PATH,
  SENSORTHINGS_BASE_PATH,
} from '@smart-city/shared';
import { compress } from 'hono/compress';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppAuth } from './auth/app-auth';
import { authRoutes } from './auth/auth.routes';
import { registerSecuritySchemes } from './auth/openapi-security';
import { requestAuth } from './auth/request-auth';
import type { Database } from './db/schema';
import { alertCommentsRoutes } from './features/alerts/alert-comments.routes';
import { alertGroupsRoutes } from './features/alerts/alert-groups.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { escalationPoliciesRoutes } from './features/alerts/escalation-policies.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { createAnswerCache } from './features/open-data/answer-cache';
import { openDataGate } from './features/open-data/open-data-gate.routes';
import { openDataRoutes } from './features/open-data/open-data.routes';
import { sensorThingsRoutes } from './features/sensorthings/sensorthings.routes';
import { open311Routes } from './features/open311/open311.routes';
import { citiesRoutes } from './features/cities/cities.routes';
import { cityTwinRoutes } from './features/city-twin/city-twin.routes';
import { clientConfigRoutes } from './features/client-config/client-config.routes';
import { contractsRoutes } from './features/contracts/contracts.routes';
import { deviceKeysRoutes } from './features/device-keys/device-keys.routes';
import { emergencyRoutes } from './features/emergency/emergency.routes';
import { healthRoutes } from './features/health/health.routes';
import { homeRoutes } from './features/home/home.routes';
import { ingestGate, ingestRoutes, MAX_INGEST_BODY_BYTES } from './features/ingest/ingest.routes';
import { ledgerRoutes } from './features/ledger/ledger.routes';
import { noticesRoutes } from './features/notices/notices.routes';
import { maintenanceWindowsRoutes } from './features/alerts/maintenance-windows.routes';
import { alarmKpisRoutes } from './features/alarm-kpis/alarm-kpis.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { readingsRoutes } from './features/readings/readings.routes';
import { sensorsRoutes } from './features/sensors/sensors.routes';
import { staffRoutes } from './features/staff/staff.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { errorAnswer, notFound } from './http/errors';
import { requestChecks, type Upload } from './http/request-checks';
import { requestContext } from './http/request-context';
import { createRouter } from './http/router';
import { createStaticSite } from './http/static-site';
import type { Lifecycle } from './lib/lifecycle';
import { metricsEndpoint } from './metrics/metrics-endpoint';
import type { Metrics } from './metrics/metrics';
import type { Services } from './services';

/** Endpoints that take a larger JSON body than DEFAULT_MAX_BODY_BYTES. */
const BODY_LIMITS: Readonly<Record<string, number>> = {
  [READING_ENDPOINTS.ingest.path]: MAX_INGEST_BODY_BYTES,
  [SENSOR_ENDPOINTS.register.path]: MAX_SENSOR_REGISTRATION_BODY_BYTES,
};

/** The endpoints that take a file as their body, by path (none has a path parameter). */
const UPLOADS: ReadonlyMap<string, Upload> = new Map(
  declaredEndpoints().flatMap(({ endpoint }) =>
    endpoint.upload && endpoint.method === 'post' ? [[endpoint.path, endpoint.upload]] : [],
  ),
);

export type AppDeps = {
  /** Every service, built once: the routes and the background jobs share them. */
  services: Services;
  /** Accounts: better-auth, the sign-in throttle and who is calling. */
  auth: AppAuth;
  /** The sign-in routes look up the account a username names. */
  db: Kysely<Database>;
  logger: Logger;
  metrics: Metrics;
  /** `/metrics` asks for this bearer token when set. */
  metricsToken: string | null;
  /** Where the process is in its life, for the readiness check. */
  lifecycle: Lifecycle;
  /** Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY); 0 = none. */
  trustProxyHops: number;
  /** Requests a minute a client without an open-data key may make (OPEN_DATA_RATE_LIMIT). */
  openDataAnonymousLimit?: number;
  version: string;
  /** Folder of the built web app; null serves the API only. */
  webDistDir: string | null;
};

/** Builds the whole HTTP application: API under /api, the OpenAPI document, and the web app. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono();
  const { logger } = deps;

  app.use('*', requestContext({ logger, metrics: deps.metrics }));
  app.use('*', compress());
  // Outside /api and the OpenAPI document: it is for Prometheus, not for the API's clients.
  app.get('/metrics', metricsEndpoint(deps.metrics, deps.metricsToken));
  // Before any body is read: a saturated ingest refuses at once, without parsing what it refuses.
  app.use(READING_ENDPOINTS.ingest.path, ingestGate(deps.services.ingest));
  app.use(
    '/api/*',
    requestChecks({
      bodyLimitFor: (path) => BODY_LIMITS[path] ?? DEFAULT_MAX_BODY_BYTES,
      uploadFor: (path) => UPLOADS.get(path),
    }),
  );
  app.use('/api/*', requestAuth(deps.auth.resolveCaller));
  // The open data, read without signing in: limited per client, with the limit in every answer.
  const openDataLimit = openDataGate({
    deviceKeys: deps.services.deviceKeys,
    limiter: deps.services.openDataLimits,
    trustProxyHops: deps.trustProxyHops,
    now: Date.now,
    anonymousLimit: deps.openDataAnonymousLimit,
  });
  app.use(`${OPEN_DATA_BASE_PATH}/*`, openDataLimit);
  app.use(`${SENSORTHINGS_BASE_PATH}/*`, openDataLimit);
  app.use(SENSORTHINGS_BASE_PATH, openDataLimit);
  app.route(
    '/',
    authRoutes({ appAuth: deps.auth, db: deps.db, trustProxyHops: deps.trustProxyHops }),
  );

  const api = createRouter();
  const { services } = deps;
  api.route('/', healthRoutes(services.health, deps.lifecycle));
  api.route('/', citiesRoutes(services.cities));
  api.route('/', clientConfigRoutes(services.clientConfig));
  api.route('/', profileRoutes(services.profile, services.preferences));
  api.route('/', sensorsRoutes(services.sensors));
  api.route('/', readingsRoutes(services.readings));
  api.route('/', ingestRoutes(services.ingest, services.deviceKeys));
  api.route('/', deviceKeysRoutes(services.deviceKeys));
  api.route('/', alertsRoutes(services.alerts, services.alertAssignment));
  api.route('/', alertGroupsRoutes(services.alertGroups));
  api.route('/', alertCommentsRoutes(services.alertComments));
  api.route('/', escalationPoliciesRoutes(services.escalationPolicies));
  api.route('/', maintenanceWindowsRoutes(services.maintenanceWindows));
  api.route('/', alarmKpisRoutes(services.alarmKpis));
  api.route('/', staffRoutes(services.staff));
  api.route('/', notificationsRoutes(services.notifications));
  api.route('/', statsRoutes(services.stats));
  api.route('/', homeRoutes(services.home));
  api.route('/', cityTwinRoutes(services.cityTwin));
  api.route('/', analyticsRoutes(services.analytics));
  api.route('/', noticesRoutes(services.notices));
  api.route('/', ledgerRoutes(services.ledger));
  api.route('/', contractsRoutes(services.contracts));
  api.route('/', emergencyRoutes(services.emergency));
  api.route('/', billingRoutes(services.billing));
  api.route('/', reportsRoutes(services.reports));
  api.route('/', openDataRoutes(services.openData, createAnswerCache(Date.now)));
  app.route('/api', api);
  app.route(
    SENSORTHINGS_BASE_PATH,
    sensorThingsRoutes({ db: deps.db, trustProxy: deps.trustProxyHops > 0 }),
  );
  app.route(
    OPEN311_BASE_PATH,
    open311Routes({ reports: services.reports, deviceKeys: services.deviceKeys }),
  );

  registerSecuritySchemes(app);

  // The document is the same for the life of the process: made at its first request, not at each.
  let openApiDocument: string | undefined;
  app.get('/api/openapi.json', (c) => {
    openApiDocument ??= JSON.stringify(
      app.getOpenAPIDocument({
        openapi: '3.0.3',
        info: {
          title: 'Smart City API',
          version: deps.version,
          description:
            'Live sensor data, alerts, notices and services for Kolkata, Kharagpur and New York. ' +
            'Errors are `{ error: { code, message, details?, requestId? } }`. Every request may carry ' +
            'an `X-Request-Id` (kept when it is 1–128 letters, digits or `._:-`) and every answer has one.',
        },
        servers: [{ url: '/' }],
      }),
    );
    return c.body(openApiDocument, 200, { 'Content-Type': 'application/json' });
  });

  app.all('/api/*', notFound);
  if (deps.webDistDir) app.get('*', createStaticSite(deps.webDistDir));
  app.notFound(notFound);

  app.onError((err, c) => errorAnswer(c, err, logger));

  return app;
}
