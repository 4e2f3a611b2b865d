import { describe, expect, it } from 'vitest';
import { lintWith } from './lint-with';

const lint = (file: string, code: string) => lintWith('api-paths', file, code);

const WEB_PATH =
  'Call the declared endpoint (packages/shared) with request() or requestAt(), not a path written here.';
const SERVER_PATH = "Use the declared endpoint's path (packages/shared), not one written here.";
const ROUTE =
  'Declare the endpoint in packages/shared and build its route with routeOf(), not createRoute().';

describe('boundaries/api-paths', () => {
  it('stops a web query or component writing a path of the API', () => {
    expect(lint('apps/web/src/lib/stats/stats-query.ts', "const PATH = '/api/stats';")).toEqual([
      WEB_PATH,
    ]);
    expect(
      lint('apps/web/src/features/alerts/alert-card.tsx', 'const url = `/api/alerts/${id}`;'),
    ).toEqual([WEB_PATH]);
    expect(
      lint('apps/web/src/features/blockchain/key.tsx', '<a href="/api/ledger/public-key">key</a>;'),
    ).toEqual([WEB_PATH]);
  });

  it('stops a server feature writing a path or a route of its own', () => {
    expect(
      lint(
        'apps/server/src/features/cities/cities.routes.ts',
        "import { createRoute } from '@hono/zod-openapi';\nconst route = createRoute({ method: 'get', path: '/cities' });",
      ),
    ).toEqual([ROUTE]);
    expect(
      lint(
        'apps/server/src/features/ingest/ingest.routes.ts',
        "app.use('/api/ingest/readings', gate);",
      ),
    ).toEqual([SERVER_PATH]);
  });

  it('lets declarations, tests, the wiring and other texts be', () => {
    const code = "const path = '/api/alerts'; const r = createRoute(x);";
    for (const file of [
      'packages/shared/src/alert-endpoints.ts',
      'apps/web/src/features/alerts/alert-card.test.tsx',
      'apps/web/src/test/fake-emergency-server.ts',
      'apps/server/src/features/alerts/alerts.test.ts',
      'apps/server/src/app.ts',
      'apps/server/src/http/endpoint-route.ts',
      'e2e/tests/alerts.spec.ts',
    ]) {
      expect(lint(file, code), file).toEqual([]);
    }
    // A screen's own address, or text that merely mentions the API, is not a path of it.
    expect(
      lint('apps/web/src/features/x.tsx', "const a = '/alerts'; const b = 'the /api docs';"),
    ).toEqual([]);
  });
});
