import { describe, expect, it } from 'vitest';
import { lintWith } from './lint-with';

const lint = (file: string, code: string) => lintWith('web-requests', file, code);

const FETCH =
  'Call the server through src/lib/api-client.ts (request, requestAt), not fetch: it sends the credentials, reads the error shape and checks the answer.';

describe('boundaries/web-requests', () => {
  it('stops a component or query calling fetch itself', () => {
    expect(
      lint(
        'apps/web/src/features/alerts/alert-card.tsx',
        "const r = await fetch('/api/alerts', { credentials: 'include' });",
      ),
    ).toEqual([FETCH]);
    expect(
      lint('apps/web/src/lib/stats/stats-query.ts', 'void window.fetch(`/api/stats?city=${c}`);'),
    ).toEqual([FETCH]);
    expect(lint('apps/web/src/components/x.tsx', 'globalThis.fetch(url);')).toEqual([FETCH]);
  });

  it('lets the API client, tests and code outside the web app fetch', () => {
    const code = "await fetch('/api/alerts');";
    for (const file of [
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/features/alerts/alert-card.test.tsx',
      'apps/web/src/test/server.ts',
      'apps/server/src/features/client-config/client-config.service.ts',
      'e2e/tests/alerts.spec.ts',
    ]) {
      expect(lint(file, code), file).toEqual([]);
    }
    // A query's refetch is not a request of its own.
    expect(lint('apps/web/src/features/alerts/a.tsx', 'void query.refetch();')).toEqual([]);
  });
});
