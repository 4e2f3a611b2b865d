import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MY_REPORTS_QUERY_KEY } from './my-reports-query';
import { reportQueryKey, REPORTS_QUERY_KEY } from './report-query';
import { reportsLive } from './reports.live';

/** A cache holding what the report screens read, each entry marked fresh. */
function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys = {
    list: [...REPORTS_QUERY_KEY, 'list', { city: 'kolkata' }],
    queue: [...REPORTS_QUERY_KEY, 'queue', 'kolkata', {}],
    categories: [...REPORTS_QUERY_KEY, 'categories', 'kolkata'],
    mine: MY_REPORTS_QUERY_KEY,
    twelve: reportQueryKey('12', 'visitor'),
    thirteen: reportQueryKey('13', 'visitor'),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { fresh: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, context: { queryClient, city: 'kolkata' as const }, stale };
}

describe('the report screens’ live module', () => {
  it('reads the lists, the queue, my reports and the changed report again; not the others', () => {
    const { context, stale } = setup();
    reportsLive.handlers['report:updated']!({ city: 'kolkata', ids: ['12'], more: false }, context);
    expect(stale()).toEqual(['list', 'queue', 'mine', 'twelve']);
  });

  it('reads every open report again when more changed than the event lists', () => {
    const { context, stale } = setup();
    reportsLive.handlers['report:updated']!({ city: 'kolkata', ids: ['12'], more: true }, context);
    expect(stale()).toEqual(['list', 'queue', 'mine', 'twelve', 'thirteen']);
  });

  it('reads everything again after a reconnection', () => {
    const { context, stale } = setup();
    reportsLive.resync!({ ...context, reason: 'connect' });
    expect(stale()).toEqual(['list', 'queue', 'categories', 'mine', 'twelve', 'thirteen']);
  });
});
