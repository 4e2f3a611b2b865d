import type { Notice } from '@smart-city/shared';
import { onlineManager } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import { NOTICE_OUTBOX_STORAGE_KEY, NOTICES_STORAGE_KEY } from '../storage-keys';
import { createNotice, deleteLocalNotice, retryRefusedNotice } from './create-notice';
import { upsertNotice } from './notice-cache';
import { cachedNotices, updateNotices } from './notice-list-cache';
import { restoreNoticeOutbox } from './notice-outbox';
import { noticeQueryOptions } from './notice-query';
import { noticesLive } from './notices.live';
import { noticesQueryOptions } from './notices-query';

function serverNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 'n-1',
    title: 'Road works on Park Street',
    content: 'One lane closed from Monday.\nExpect delays at peak hours.',
    imageUrl: null,
    videoUrl: null,
    linkUrl: null,
    author: 'Admin User',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const draft = {
  title: 'Water supply pause',
  content: 'Supply pauses from 10:00 to 14:00 for pipe repairs.',
};

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function stored(): { id: string; pending?: boolean; title: string }[] {
  return JSON.parse(window.localStorage.getItem(NOTICES_STORAGE_KEY) ?? '[]') as {
    id: string;
    pending?: boolean;
    title: string;
  }[];
}

/** A notice from the server joins the cache (as a live event or a single fetch brings it). */
function receive(client: QueryClient, notice: Notice) {
  updateNotices(client, (notices) => upsertNotice(notices, notice));
}

/** The spec's list fetch; false when the server did not answer. */
function syncList(client: QueryClient): Promise<boolean> {
  return client.fetchQuery({ ...noticesQueryOptions, staleTime: 0 }).then(
    () => true,
    () => false,
  );
}

/** The local copies the outbox saved to send on the next visit. */
function savedOutbox(): string[] {
  const saved = JSON.parse(window.localStorage.getItem(NOTICE_OUTBOX_STORAGE_KEY) ?? '{}') as {
    mutations?: { state: { variables: { id: string } } }[];
  };
  return (saved.mutations ?? []).map((entry) => entry.state.variables.id);
}

/** A server that publishes every notice it is sent, numbering them n-100, n-101, … */
function publishingServer() {
  const posted: { title: string; key: string | null }[] = [];
  const fetchSpy = stubFetch((_url, init) => {
    const body = jsonBodyOf(init) as { title: string; content: string };
    posted.push({ title: body.title, key: new Headers(init?.headers).get('Idempotency-Key') });
    const id = `n-${99 + posted.length}`;
    return Promise.resolve(jsonResponse({ data: serverNotice({ id, ...body }) }, 201));
  });
  return { posted, fetchSpy };
}

let client: QueryClient;

beforeEach(() => {
  client = createTestQueryClient();
  // As the app's provider does: the cache follows the browser going offline and back online.
  client.mount();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  client.unmount();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('the notice cache', () => {
  it('keeps a notice created offline as a pending local copy', async () => {
    stubFetch(offline);
    const result = await createNotice(
      client,
      draft,
      'Admin User',
      new Date('2026-11-21T08:00:00Z'),
    );

    expect(result.status).toBe('pending');
    expect(stored()).toEqual([
      expect.objectContaining({ title: 'Water supply pause', pending: true }),
    ]);
    expect(stored()[0]!.id).toMatch(/^local-/);
  });

  it('sends a pending notice again 30 s later, and the server’s copy takes its place', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(offline);
    const pending = await createNotice(
      client,
      draft,
      'Admin User',
      new Date('2026-11-21T08:00:00Z'),
    );
    if (pending.status !== 'pending') throw new Error('expected a pending notice');
    expect(savedOutbox()).toEqual([pending.notice.id]);
    const { posted } = publishingServer();

    await vi.advanceTimersByTimeAsync(29_000);
    expect(posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);

    await waitFor(() => expect(stored().map((n) => n.id)).toEqual(['n-100']));
    expect(posted).toEqual([{ title: draft.title, key: pending.notice.id }]);
    expect(stored()[0]).not.toHaveProperty('pending');
    expect(savedOutbox()).toEqual([]);
  });

  it('waits while the browser is offline and sends as soon as it is back online', async () => {
    onlineManager.setOnline(false);
    const { posted } = publishingServer();
    const pending = await createNotice(client, draft, 'Admin User');

    expect(pending.status).toBe('pending');
    expect(posted).toEqual([]);
    expect(stored()).toEqual([expect.objectContaining({ pending: true })]);

    onlineManager.setOnline(true);
    await waitFor(() => expect(stored().map((n) => n.id)).toEqual(['n-100']));
    expect(posted).toHaveLength(1);
  });

  it('sends waiting notices one at a time, oldest first, each once', async () => {
    onlineManager.setOnline(false);
    const { posted } = publishingServer();
    await createNotice(client, { ...draft, title: 'First' }, 'Admin User');
    await createNotice(client, { ...draft, title: 'Second' }, 'Admin User');
    expect(savedOutbox()).toHaveLength(2);

    onlineManager.setOnline(true);
    await waitFor(() => expect(posted.map((p) => p.title)).toEqual(['First', 'Second']));
    await waitFor(() => expect(stored().some((n) => n.pending)).toBe(false));
    expect(posted).toHaveLength(2);
  });

  it('resumes the saved outbox on the next visit, and sends a pending copy it had no entry for', async () => {
    onlineManager.setOnline(false);
    stubFetch(offline);
    const kept = await createNotice(client, { ...draft, title: 'Kept' }, 'Admin User');
    // Another tab saved this copy and closed before sending it.
    updateNotices(client, (notices) =>
      upsertNotice(notices, {
        ...serverNotice({ id: 'local-other-tab', title: 'From another tab' }),
        pending: true,
      }),
    );
    expect(savedOutbox()).toEqual([kept.notice.id]);

    // The next visit: the page closed, a new query cache over the same storage, the server up.
    client.unmount();
    onlineManager.setOnline(true);
    const { posted } = publishingServer();
    const next = createTestQueryClient();
    next.mount();
    restoreNoticeOutbox(next);

    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map((p) => [p.title, p.key])).toEqual([
      ['Kept', kept.notice.id],
      ['From another tab', 'local-other-tab'],
    ]);
    await waitFor(() => expect(stored().some((n) => n.pending)).toBe(false));
    expect(savedOutbox()).toEqual([]);
    next.unmount();
  });

  it('keeps pending notices when a fetched list replaces the cache, newest first', async () => {
    stubFetch(offline);
    await createNotice(client, draft, 'Admin User', new Date('2026-11-21T08:00:00Z'));
    receive(client, serverNotice({ id: 'gone', title: 'Removed on the server' }));
    // The server answers the list but still cannot take the notice (a fault on its side).
    stubFetch((_url, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse({ error: { code: 'internal', message: 'Internal server error' } }, 500)
          : jsonResponse({
              data: [
                serverNotice({ id: 'n-2', createdAt: '2026-11-21T09:00:00.000Z' }),
                serverNotice({ id: 'n-1', createdAt: '2026-11-19T09:00:00.000Z' }),
              ],
            }),
      ),
    );

    expect(await syncList(client)).toBe(true);

    expect(stored().map((n) => [n.id.startsWith('local-') ? 'local' : n.id, n.pending])).toEqual([
      ['n-2', undefined],
      ['local', true],
      ['n-1', undefined],
    ]);
  });

  it('keeps the saved list when the server does not answer', async () => {
    receive(client, serverNotice());
    stubFetch(offline);

    expect(await syncList(client)).toBe(false);
    expect(stored().map((n) => n.id)).toEqual(['n-1']);
    expect(cachedNotices(client).map((n) => n.id)).toEqual(['n-1']);
    await expect(client.fetchQuery(noticeQueryOptions('not-cached'))).rejects.toThrow();
  });

  it('reads a cached notice without asking the server, and asks only for one not cached', async () => {
    receive(client, serverNotice());
    const fetchSpy = stubFetch((url) =>
      Promise.resolve(
        url === '/api/notices/n-5'
          ? // An older server's snake_case fields map to the camel-case ones.
            jsonResponse({
              data: {
                id: 'n-5',
                title: 'Old-style notice',
                content: 'Sent with snake_case fields.',
                image_url: 'https://example.org/a.png',
                created_at: '2026-11-18T09:00:00.000Z',
              },
            })
          : jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
      ),
    );

    const load = (id: string) => client.fetchQuery(noticeQueryOptions(id));
    expect(await load('n-1')).toMatchObject({ id: 'n-1' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await load('n-5')).toMatchObject({
      imageUrl: 'https://example.org/a.png',
      createdAt: '2026-11-18T09:00:00.000Z',
      author: 'admin',
      videoUrl: null,
    });
    expect(await load('missing')).toBeNull();
    // A notice fetched on its own joins the saved list.
    expect(stored().map((n) => n.id)).toEqual(['n-1', 'n-5']);
  });

  it('keeps the notice, marked not published with the reason, when the server turns it down', async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(
          {
            error: {
              code: 'invalid_input',
              message: 'Invalid input: title must be at least 3 characters',
              details: [{ path: 'title', message: 'must be at least 3 characters' }],
            },
          },
          400,
        ),
      ),
    );
    const result = await createNotice(client, draft, 'Admin User');

    expect(result.status).toBe('refused');
    expect(result.status === 'refused' && result.error.fieldIssues).toEqual([
      { path: 'title', message: 'must be at least 3 characters' },
    ]);
    expect(stored()).toEqual([
      expect.objectContaining({
        title: draft.title,
        refusedReason: 'title: must be at least 3 characters',
      }),
    ]);
    expect(stored()[0]).not.toHaveProperty('pending');
  });

  it('sends a turned-down notice again: published, it takes the local copy’s place', async () => {
    let answer = jsonResponse(
      { error: { code: 'forbidden', message: 'Only admins publish notices' } },
      403,
    );
    stubFetch(() => Promise.resolve(answer));
    const refused = await createNotice(client, draft, 'Admin User');
    expect(refused.status).toBe('refused');
    const local = cachedNotices(client)[0]!;
    expect(local.refusedReason).toBe('Only admins publish notices');

    const published = serverNotice({ id: 'n-9', title: draft.title, content: draft.content });
    answer = jsonResponse({ data: published }, 201);
    expect(await retryRefusedNotice(client, local)).toBe('published');
    expect(cachedNotices(client).map((n) => [n.id, n.refusedReason])).toEqual([
      [published.id, undefined],
    ]);
  });

  it('deletes a turned-down notice from this device only', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ error: { code: 'forbidden', message: 'No' } }, 403)),
    );
    await createNotice(client, draft, 'Admin User');
    deleteLocalNotice(client, cachedNotices(client)[0]!.id);
    expect(stored()).toEqual([]);
  });

  it('sends a notice again with the same Idempotency-Key, so a lost answer publishes it once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const keys: (string | null)[] = [];
    // The server stores the notice, but its answer never arrives.
    stubFetch((_url, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      return offline();
    });
    const pending = await createNotice(client, draft, 'Admin User');
    if (pending.status !== 'pending') throw new Error('expected a pending notice');
    stubFetch((_url, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      return Promise.resolve(jsonResponse({ data: serverNotice({ id: 'n-8', ...draft }) }, 200));
    });
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(stored().map((n) => n.id)).toEqual(['n-8']));
    expect(keys).toEqual([pending.notice.id, pending.notice.id]);
  });
});

describe('the notices screens over the cache', () => {
  it('show a pending notice with its badge and a quiet offline hint when the server is away', async () => {
    stubFetch(offline);
    await createNotice(client, draft, 'Admin User');
    renderRoute('/announcements', { auth: signedIn({ role: 'admin' }) });

    const item = await screen.findByTestId('notice-item');
    expect(within(item).getByRole('link', { name: 'Water supply pause' })).toBeInTheDocument();
    expect(within(item).getByText('Waiting to publish')).toBeInTheDocument();
    expect(await screen.findByTestId('notices-offline')).toHaveTextContent(
      'Offline: showing the notices saved on this device.',
    );
  });

  it('show a turned-down notice as not published, with its reason, edit, send again and delete', async () => {
    stubFetch((url, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse({ error: { code: 'forbidden', message: 'Publishing is paused' } }, 403)
          : jsonResponse({ data: [] }),
      ),
    );
    await createNotice(client, draft, 'Admin User');
    renderRoute('/announcements', { auth: signedIn({ role: 'admin' }) });

    const item = await screen.findByTestId('notice-item');
    expect(within(item).getByTestId('notice-not-published')).toHaveTextContent('Not published');
    expect(within(item).getByTestId('notice-refused-reason')).toHaveTextContent(
      'Publishing is paused',
    );

    await userEvent.click(within(item).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByTestId('notice-draft-reason')).toHaveTextContent(
      'Publishing is paused',
    );
    expect(screen.getByTestId('notice-title-input')).toHaveValue(draft.title);
  });

  it('delete a turned-down notice from the list', async () => {
    stubFetch((url, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse({ error: { code: 'forbidden', message: 'Publishing is paused' } }, 403)
          : jsonResponse({ data: [] }),
      ),
    );
    await createNotice(client, draft, 'Admin User');
    renderRoute('/announcements', { auth: signedIn({ role: 'admin' }) });
    const item = await screen.findByTestId('notice-item');
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('notice-item')).not.toBeInTheDocument());
    expect(stored()).toEqual([]);
  });

  it('show the error state when nothing is cached and the server is away', async () => {
    stubFetch(offline);
    renderRoute('/announcements', { auth: signedIn({ role: 'citizen' }) });
    expect(await screen.findByTestId('notices-error')).toHaveTextContent(
      'City notices could not be loaded.',
    );
  });

  it('list notices newest first with a New Notice button for admins only', async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse({
          data: [
            serverNotice({ id: 'n-2', title: 'Newer', createdAt: '2026-11-21T09:00:00.000Z' }),
            serverNotice({ id: 'n-1', title: 'Older' }),
          ],
        }),
      ),
    );
    const { unmount } = renderRoute('/announcements', { auth: signedIn({ role: 'admin' }) });
    const items = await screen.findAllByTestId('notice-item');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Newer',
      'Older',
    ]);
    expect(screen.getByTestId('new-notice-button')).toHaveAttribute('href', '/announcements/new');
    unmount();

    renderRoute('/announcements', { auth: signedIn({ role: 'operator' }) });
    await screen.findAllByTestId('notice-item');
    expect(screen.queryByTestId('new-notice-button')).not.toBeInTheDocument();
  });

  it('render markup in a notice as text on the detail page', async () => {
    const payload = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';
    const notice = serverNotice({
      id: 'n-x',
      title: payload,
      content: `${payload}\nsecond line`,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      linkUrl: 'https://example.org/more',
    });
    receive(client, notice);
    const fetchSpy = stubFetch(() => Promise.resolve(jsonResponse({ data: [notice] })));
    renderRoute('/announcements/n-x', { auth: signedIn(), queryClient: client });

    expect(await screen.findByTestId('notice-title')).toHaveTextContent(payload);
    const article = screen.getByTestId('notice-detail');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByTestId('notice-content').textContent).toBe(`${payload}\nsecond line`);
    expect(screen.getByTestId('notice-youtube')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    const link = screen.getByTestId('notice-link');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Cached, so the server is never asked for this one notice.
    expect(requestedUrls(fetchSpy)).not.toContain('/api/notices/n-x');
  });

  it('show not found for a notice neither cached nor on the server', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404)),
    );
    renderRoute('/announcements/nope', { auth: signedIn() });
    expect(await screen.findByText('Notice not found')).toBeInTheDocument();
  });
});

describe('the floating card', () => {
  it('stays dismissed until a newer notice arrives', async () => {
    stubFetch((url) =>
      Promise.resolve(
        url === '/api/notices'
          ? jsonResponse({ data: [serverNotice()] })
          : jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
      ),
    );
    const first = renderRoute('/settings', { auth: signedIn() });
    const card = await screen.findByTestId('latest-notice-card');
    expect(within(card).getByTestId('latest-notice-text')).toHaveTextContent(
      'Road works on Park Street: One lane closed from Monday.',
    );
    expect(within(card).getByRole('link', { name: 'Read more' })).toHaveAttribute(
      'href',
      '/announcements',
    );
    act(() => within(card).getByRole('button', { name: 'Dismiss the notice' }).click());
    expect(screen.queryByTestId('latest-notice-card')).not.toBeInTheDocument();
    first.unmount();

    renderRoute('/settings', { auth: signedIn(), queryClient: client });
    await waitFor(() => expect(cachedNotices(client)).toHaveLength(1));
    expect(screen.queryByTestId('latest-notice-card')).not.toBeInTheDocument();

    // A newer notice arrives on the live connection.
    act(() =>
      noticesLive.handlers['notice:created']!(
        serverNotice({ id: 'n-2', title: 'Newer notice', createdAt: '2026-11-21T10:00:00.000Z' }),
        { queryClient: client, city: 'kolkata' },
      ),
    );
    expect(await screen.findByTestId('latest-notice-text')).toHaveTextContent('Newer notice:');
  });
});
