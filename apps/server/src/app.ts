import { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_CODES } from '@smart-city/shared';
import { compress } from 'hono/compress';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppAuth } from './auth/app-auth';
import { authRoutes } from './auth/auth.routes';
import { registerSecuritySchemes } from './auth/openapi-security';
import { requestAuth } from './auth/request-auth';
import type { Database } from './db/schema';
import { citiesRoutes } from './features/cities/cities.routes';
import { createCitiesService } from './features/cities/cities.service';
import { clientConfigRoutes } from './features/client-config/client-config.routes';
import { createClientConfigService } from './features/client-config/client-config.service';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { createAnalyticsService } from './features/analytics/analytics.service';
import { deviceKeysRoutes } from './features/device-keys/device-keys.routes';
import { ingestRoutes } from './features/ingest/ingest.routes';
import { createPipeline } from './features/ingest/pipeline';
import { readingsRoutes } from './features/readings/readings.routes';
import { sensorsRoutes } from './features/sensors/sensors.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { healthRoutes } from './features/health/health.routes';
import { noticesRoutes } from './features/notices/notices.routes';
import { createNoticesService } from './features/notices/notices.service';
import { createHealthService } from './features/health/health.service';
import { createPreferencesService } from './features/profile/preferences.service';
import { profileRoutes } from './features/profile/profile.routes';
import { createProfileService } from './features/profile/profile.service';
import { errorResponse, HttpError, notFound } from './http/errors';
import { createRouter } from './http/router';
import { createStaticSite } from './http/static-site';
import type { DomainEvents } from './live/domain-events';

export type AppDeps = {
  db: Kysely<Database>;
  logger: Logger;
  version: string;
  /** Epoch milliseconds when the process started, for uptime. */
  startedAt: number;
  /** Folder of the built web app; null serves the API only. */
  webDistDir: string | null;
  /** Accounts: better-auth, the sign-in throttle and who is calling. */
  auth: AppAuth;
  /** Where services announce committed changes; the live gateway listens. */
  events: DomainEvents;
  /** The clock of the sensor pipeline (reading times, alert rules); tests pass a fixed one. */
  now?: () => Date;
  /** Settings the web app reads at runtime (the map's tile source); none means no basemap. */
  clientConfig?: { mapTileUrl?: string | null; mapTileAttribution?: string | null };
};

/** Builds the whole HTTP application: API under /api, the OpenAPI document, and the web app. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono();
  const { logger } = deps;

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const entry = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    if (c.res.status >= 500) logger.warn(entry, 'request failed');
    else logger.debug(entry, 'request');
  });
  app.use('*', compress());
  app.use('/api/*', requestAuth(deps.auth.resolveCaller));
  app.route('/', authRoutes({ appAuth: deps.auth, db: deps.db }));

  const api = createRouter();
  api.route('/', healthRoutes(createHealthService(deps)));
  api.route('/', citiesRoutes(createCitiesService(deps.db)));
  api.route('/', clientConfigRoutes(createClientConfigService(deps.clientConfig ?? {})));
  api.route('/', profileRoutes(createProfileService(deps.db), createPreferencesService(deps.db)));
  const pipeline = createPipeline(deps);
  api.route('/', sensorsRoutes(pipeline.sensors));
  api.route('/', readingsRoutes(pipeline.readings));
  api.route('/', ingestRoutes(pipeline.ingest, pipeline.deviceKeys));
  api.route('/', deviceKeysRoutes(pipeline.deviceKeys));
  api.route('/', alertsRoutes(pipeline.alerts));
  api.route('/', statsRoutes(pipeline.stats));
  const now = deps.now ?? (() => new Date());
  api.route('/', analyticsRoutes(createAnalyticsService({ db: deps.db, now })));
  api.route('/', noticesRoutes(createNoticesService({ ...deps, now })));
  app.route('/api', api);

  registerSecuritySchemes(app);

  app.doc('/api/openapi.json', {
    openapi: '3.0.3',
    info: {
      title: 'Smart City API',
      version: deps.version,
      description:
        'Live sensor data, alerts, notices and services for Kolkata, Kharagpur and New York. ' +
        'Errors are `{ error: { code, message, details? } }`.',
    },
    servers: [{ url: '/' }],
  });

  app.all('/api/*', notFound);
  if (deps.webDistDir) app.get('*', createStaticSite(deps.webDistDir));
  app.notFound(notFound);

  app.onError((err, c) => {
    if (err instanceof HttpError)
      return errorResponse(c, err.status, err.code, err.message, err.details);
    if (err instanceof SyntaxError && c.req.header('content-type')?.includes('json')) {
      return errorResponse(c, 400, ERROR_CODES.invalidInput, 'Malformed JSON body');
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    return errorResponse(c, 500, ERROR_CODES.internal, 'Internal server error');
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
