import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchQuery } from './patch-query';

const KEY = ['things'] as const;

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const add = (item: string) => (list: string[]) => (list.includes(item) ? list : [...list, item]);

describe('patchQuery', () => {
  it('patches what is cached at once', () => {
    const client = new QueryClient();
    client.setQueryData(KEY, ['a']);
    patchQuery(client, KEY, add('b'));
    expect(client.getQueryData(KEY)).toEqual(['a', 'b']);
  });

  it('leaves a query nobody asked for alone', () => {
    const client = new QueryClient();
    patchQuery(client, KEY, add('b'));
    expect(client.getQueryCache().find({ queryKey: KEY })).toBeUndefined();
  });

  it('applies the patch again on top of the answer of a fetch that was under way', async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, ['a']);
    const answer = deferred<string[]>();
    const fetching = client.fetchQuery({
      queryKey: KEY,
      queryFn: () => answer.promise,
      staleTime: 0,
    });

    patchQuery(client, KEY, add('live'));
    expect(client.getQueryData(KEY)).toEqual(['a', 'live']);

    // The server answered from before the event: the event is not lost.
    answer.resolve(['a', 'from-server']);
    await fetching;
    expect(client.getQueryData(KEY)).toEqual(['a', 'from-server', 'live']);
  });

  it('waits for the first answer when nothing is cached yet', async () => {
    const client = new QueryClient();
    const answer = deferred<string[]>();
    const fetching = client.fetchQuery({ queryKey: KEY, queryFn: () => answer.promise });
    patchQuery(client, KEY, add('live'));
    answer.resolve(['first']);
    await fetching;
    expect(client.getQueryData(KEY)).toEqual(['first', 'live']);
  });

  it('forgets the patch when the fetch fails, and keeps what is cached', async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, ['a']);
    const answer = deferred<string[]>();
    const fetching = client
      .fetchQuery({ queryKey: KEY, queryFn: () => answer.promise, staleTime: 0, retry: false })
      .catch(() => undefined);
    patchQuery(client, KEY, add('live'));
    answer.resolve(Promise.reject(new Error('offline')) as unknown as string[]);
    await fetching;
    expect(client.getQueryData(KEY)).toEqual(['a', 'live']);

    const next = deferred<string[]>();
    const again = client.fetchQuery({ queryKey: KEY, queryFn: () => next.promise, staleTime: 0 });
    next.resolve(['b']);
    await again;
    expect(client.getQueryData(KEY)).toEqual(['b']);
  });
});
