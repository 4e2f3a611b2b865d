import { describe, expect, it } from 'vitest';
import { lintWith } from './lint-with';

const lint = (file: string, code: string) => lintWith('server-features', file, code);

const NOT_SERVICE = (from: string, to: string) =>
  `Feature '${from}' may use feature '${to}' only through its ${to}.service (types included); move the shared piece into that service or down into src/lib.`;
const LOWER = (from: string) =>
  `src/${from} must not import from src/features/ or a repository; pass what it needs in from the wiring files at src/*.ts or move the shared piece down.`;
const WIRING = (to: string) =>
  `A feature must not import the wiring file src/${to} (types included); take what it needs as a parameter or from the service that owns it.`;
const HTTP_IN_FEATURE =
  "Only a feature's *.routes.ts may use src/http/errors; a service refuses with NotFound, Forbidden, Conflict, Invalid or Busy from src/lib/domain-errors.";
const TEST_HELPER =
  'Only tests may import the helpers in src/test/; production code must not depend on them.';

describe('boundaries/server-features', () => {
  const STATS = 'apps/server/src/features/stats/stats.service.ts';

  it("stops a feature reaching past another feature's service", () => {
    expect(lint(STATS, "import { countRows } from '../sensors/sensors.repository';")).toEqual([
      NOT_SERVICE('stats', 'sensors'),
    ]);
    expect(lint(STATS, "import type { SensorRow } from '../sensors/sensors.repository';")).toEqual([
      NOT_SERVICE('stats', 'sensors'),
    ]);
    expect(lint(STATS, "export { sensorsLive } from '../sensors/sensors.live';")).toEqual([
      NOT_SERVICE('stats', 'sensors'),
    ]);
    expect(
      lint(
        'apps/server/src/features/alerts/alerts.test.ts',
        "import { insertAlert } from '../readings/readings.repository';",
      ),
    ).toEqual([NOT_SERVICE('alerts', 'readings')]);
  });

  it('stops auth, http, live, lib, db, metrics and config.ts importing any feature', () => {
    for (const layer of ['auth', 'http', 'live', 'lib', 'db', 'metrics']) {
      expect(
        lint(`apps/server/src/${layer}/x.ts`, "import { s } from '../features/x/x.service';"),
      ).toEqual([LOWER(`${layer}/`)]);
    }
    expect(
      lint(
        'apps/server/src/config.ts',
        "import { DEFAULT_INGEST_MAX_IN_FLIGHT } from './features/ingest/ingest-admission';",
      ),
    ).toEqual([LOWER('config.ts')]);
    expect(
      lint(
        'apps/server/src/auth/account-hooks.ts',
        "import type { P } from '../features/profile/profile.repository';",
      ),
    ).toEqual([LOWER('auth/')]);
  });

  it('stops config.ts and metrics/ reaching a repository, wherever it lives', () => {
    expect(
      lint('apps/server/src/metrics/gauges.ts', "import { size } from '../db/rollups.repository';"),
    ).toEqual([LOWER('metrics/')]);
    expect(
      lint('apps/server/src/config.ts', "import type { Row } from './auth/account.repository';"),
    ).toEqual([LOWER('config.ts')]);
    // The other lower layers keep their own repositories.
    expect(
      lint('apps/server/src/auth/hooks.ts', "import { a } from './account.repository';"),
    ).toEqual([]);
  });

  it("keeps HTTP's errors to a feature's routes; its services throw domain errors", () => {
    expect(lint(STATS, "import { HttpError } from '../../http/errors';")).toEqual([
      HTTP_IN_FEATURE,
    ]);
    expect(
      lint(
        'apps/server/src/features/stats/stats-cursor.ts',
        "import type { HttpError } from '../../http/errors.ts';",
      ),
    ).toEqual([HTTP_IN_FEATURE]);
    expect(
      lint(
        'apps/server/src/features/stats/stats.routes.ts',
        "import { errorContent } from '../../http/errors';",
      ),
    ).toEqual([]);
    expect(lint(STATS, "import { NotFound } from '../../lib/domain-errors';")).toEqual([]);
  });

  it('stops a feature importing the wiring, even for a type; tests may', () => {
    expect(lint(STATS, "import type { Services } from '../../services';")).toEqual([
      WIRING('services.ts'),
    ]);
    expect(lint(STATS, "import { buildApp } from '../../app.ts';")).toEqual([WIRING('app.ts')]);
    expect(
      lint(
        'apps/server/src/features/stats/stats.test.ts',
        "import type { Services } from '../../services';",
      ),
    ).toEqual([]);
    // config.ts is below the features: they read their settings from it.
    expect(lint(STATS, "import type { Config } from '../../config';")).toEqual([]);
  });

  it('keeps the test helpers out of production code', () => {
    const code = "import { testDatabase } from '../../test/databases';";
    expect(lint(STATS, code)).toEqual([TEST_HELPER]);
    expect(lint('apps/server/src/app.ts', "import { t } from './test/test-app';")).toEqual([
      TEST_HELPER,
    ]);
    expect(lint('apps/server/src/http/x.ts', "import type { T } from '../test/t';")).toEqual([
      TEST_HELPER,
    ]);
    expect(lint('apps/server/src/features/stats/stats.test.ts', code)).toEqual([]);
    expect(lint('apps/server/src/test/test-app.ts', "import { d } from './databases';")).toEqual(
      [],
    );
  });

  it("allows another feature's service, the feature's own files and the layers below", () => {
    expect(
      lint(
        STATS,
        [
          "import type { AlertsService } from '../alerts/alerts.service';",
          "import { createSensorsService } from '../sensors/sensors.service.ts';",
          "import { statsRows } from './stats.repository';",
          "import { NotFound } from '../../lib/domain-errors';",
          "import { jsonContent } from '../../http/json-content';",
          "import type { Database } from '../../db/schema';",
          "import { z } from 'zod';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it("lets a repository's SQL examples set their data up through another feature's repository", () => {
    const examples = 'apps/server/src/features/billing/billing.queries.ts';
    expect(
      lint(examples, "import { insertBooking } from '../emergency/emergency.repository';"),
    ).toEqual([]);
    expect(lint(examples, "import { quoteOf } from '../emergency/emergency-quote';")).toEqual([
      NOT_SERVICE('billing', 'emergency'),
    ]);
  });

  it('lets the wiring files and the test helpers import any feature file', () => {
    const code = "import { r } from './features/sensors/sensors.repository';";
    for (const file of ['app.ts', 'services.ts', 'jobs.ts', 'live-routes.ts', 'server.ts']) {
      expect(lint(`apps/server/src/${file}`, code)).toEqual([]);
    }
    expect(
      lint(
        'apps/server/src/test/test-app.ts',
        "import { r } from '../features/sensors/sensors.repository';",
      ),
    ).toEqual([]);
  });
});
