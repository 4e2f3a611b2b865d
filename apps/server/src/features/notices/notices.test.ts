import {
  apiErrorSchema,
  noticeListResponseSchema,
  noticeResponseSchema,
  type LedgerEntryView,
  type Notice,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
} from '../../test/test-app';

const SCRIPT_PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';

const validNotice = {
  title: 'Water supply pause on Park Street',
  content: 'Supply pauses from 10:00 to 14:00 for pipe repairs.\nStore water in advance.',
};

describe.each(testDatabases())('city notices on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let admin: string;
  let operator: string;
  let citizen: string;
  const published: Notice[] = [];
  let clock = new Date('2026-03-02T10:00:00Z');
  const events = createTestEvents();
  events.on('notice:created', (notice) => published.push(notice));

  const send = (method: 'PATCH' | 'DELETE', path: string, cookie: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const createAs = async (cookie: string, body: unknown) =>
    postJson(app, '/api/notices', body, { cookie });
  const publish = async (body: unknown = validNotice) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await createAs(admin, body);
    expect(res.status).toBe(201);
    return noticeResponseSchema.parse(await res.json()).data;
  };
  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe('invalid_input');
    return (body.error.details as { path: string; message: string }[]).map((d) => d.path);
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      events,
      pipelineNow: () => clock,
    }));
  });
  afterAll(() => database?.dispose());

  it('lets an admin publish a notice under their own name and announces it live', async () => {
    published.length = 0;
    const notice = await publish({
      ...validNotice,
      imageUrl: 'https://example.org/park-street.jpg',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      linkUrl: 'http://example.org/water',
    });
    expect(notice).toMatchObject({
      ...validNotice,
      imageUrl: 'https://example.org/park-street.jpg',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      linkUrl: 'http://example.org/water',
      author: 'Admin User',
      createdAt: clock.toISOString(),
    });
    expect(published).toEqual([notice]);

    const fetched = await app.request(`/api/notices/${notice.id}`);
    expect(fetched.status).toBe(200);
    expect(noticeResponseSchema.parse(await fetched.json()).data).toEqual(notice);
  });

  it('ignores an author named in the body', async () => {
    const notice = await publish({ ...validNotice, author: 'Mayor of Kolkata' });
    expect(notice.author).toBe('Admin User');
  });

  it('lists notices newest first, to anyone', async () => {
    const older = await publish({ ...validNotice, title: 'Older notice' });
    const newer = await publish({ ...validNotice, title: 'Newer notice' });
    const res = await app.request('/api/notices');
    expect(res.status).toBe(200);
    const { data } = noticeListResponseSchema.parse(await res.json());
    expect(data.slice(0, 2).map((n) => n.id)).toEqual([newer.id, older.id]);
    const times = data.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('maps the snake_case fields of older clients', async () => {
    const notice = await publish({
      ...validNotice,
      image_url: 'https://example.org/a.png',
      video_url: 'https://example.org/clip.mp4',
      link_url: 'https://example.org/more',
    });
    expect(notice).toMatchObject({
      imageUrl: 'https://example.org/a.png',
      videoUrl: 'https://example.org/clip.mp4',
      linkUrl: 'https://example.org/more',
    });
  });

  it('stores markup as text and gives it back unchanged', async () => {
    const notice = await publish({ title: SCRIPT_PAYLOAD, content: SCRIPT_PAYLOAD });
    const res = await app.request(`/api/notices/${notice.id}`);
    const { data } = noticeResponseSchema.parse(await res.json());
    expect(data.title).toBe(SCRIPT_PAYLOAD);
    expect(data.content).toBe(SCRIPT_PAYLOAD);
  });

  it.each([
    ['title too short', { title: 'ab' }, 'title'],
    ['title too long', { title: 'x'.repeat(121) }, 'title'],
    ['title of spaces only', { title: '     ' }, 'title'],
    ['content too short', { content: 'too short' }, 'content'],
    ['content too long', { content: 'x'.repeat(5_001) }, 'content'],
    ['image not http(s)', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ['image a data address', { imageUrl: 'data:image/png;base64,AAAA' }, 'imageUrl'],
    ['link not http(s)', { linkUrl: 'ftp://example.org/file' }, 'linkUrl'],
    ['link not an address', { linkUrl: 'example.org' }, 'linkUrl'],
    ['video on another site', { videoUrl: 'https://vimeo.com/123456' }, 'videoUrl'],
    ['video page not a file', { videoUrl: 'https://example.org/watch' }, 'videoUrl'],
    ['video file not over http(s)', { videoUrl: 'ftp://example.org/clip.mp4' }, 'videoUrl'],
    ['snake_case link not http(s)', { link_url: 'javascript:void(0)' }, 'linkUrl'],
  ])('refuses a %s with a 400 naming the field', async (_case, change, field) => {
    const res = await createAs(admin, { ...validNotice, ...change });
    expect(await fieldErrors(res)).toEqual([field]);
  });

  it('names every failing field at once', async () => {
    const res = await createAs(admin, { title: '', content: '', imageUrl: 'nope' });
    expect((await fieldErrors(res)).sort()).toEqual(['content', 'imageUrl', 'title']);
  });

  it('accepts the limits themselves and YouTube links of every form', async () => {
    const notice = await publish({
      title: 'abc',
      content: 'c'.repeat(5_000),
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
    });
    expect(notice.title).toBe('abc');
    expect(notice.content).toHaveLength(5_000);
    await publish({ ...validNotice, title: 't'.repeat(120), content: 'c'.repeat(10) });
    await publish({ ...validNotice, videoUrl: 'https://youtube.com/shorts/dQw4w9WgXcQ' });
  });

  it('lets an admin edit a notice, clearing a link with null', async () => {
    const notice = await publish({ ...validNotice, linkUrl: 'https://example.org/x' });
    const res = await send('PATCH', `/api/notices/${notice.id}`, admin, {
      title: 'Supply restored on Park Street',
      linkUrl: null,
      author: 'Someone else',
    });
    expect(res.status).toBe(200);
    const { data } = noticeResponseSchema.parse(await res.json());
    expect(data).toEqual({
      ...notice,
      title: 'Supply restored on Park Street',
      linkUrl: null,
    });
    const bad = await send('PATCH', `/api/notices/${notice.id}`, admin, { content: 'short' });
    expect(await fieldErrors(bad)).toEqual(['content']);
    const empty = await send('PATCH', `/api/notices/${notice.id}`, admin, {});
    expect(empty.status).toBe(400);
  });

  it('lets an admin delete a notice', async () => {
    const notice = await publish();
    const res = await send('DELETE', `/api/notices/${notice.id}`, admin);
    expect(res.status).toBe(204);
    expect((await app.request(`/api/notices/${notice.id}`)).status).toBe(404);
    expect((await send('DELETE', `/api/notices/${notice.id}`, admin)).status).toBe(404);
  });

  it('records an edit and a removal in the public ledger, by role and pseudonym', async () => {
    const ledgerOf = async (noticeId: string) => {
      await services.ledger.sequence();
      const res = await app.request('/api/ledger/entries?limit=500');
      const { items } = (await res.json()) as { items: LedgerEntryView[] };
      return items.filter((entry) => entry.payload.noticeId === noticeId);
    };
    const notice = await publish();
    const edited = await send('PATCH', `/api/notices/${notice.id}`, admin, {
      title: 'Supply pause moved to Tuesday',
    });
    expect(edited.status).toBe(200);
    // A refused edit changes nothing and records nothing.
    expect(
      (await send('PATCH', `/api/notices/${notice.id}`, admin, { content: 'short' })).status,
    ).toBe(400);
    expect((await send('DELETE', `/api/notices/${notice.id}`, admin)).status).toBe(204);
    expect((await send('DELETE', `/api/notices/${notice.id}`, admin)).status).toBe(404);

    const entries = await ledgerOf(notice.id);
    expect(entries.map((entry) => entry.type)).toEqual([
      'notice.published',
      'notice.edited',
      'notice.removed',
    ]);
    expect(entries[1]!.payload).toMatchObject({
      title: 'Supply pause moved to Tuesday',
      content: validNotice.content,
      by: { role: 'admin' },
    });
    expect(entries[2]!.payload).toMatchObject({
      title: 'Supply pause moved to Tuesday',
      by: { role: 'admin' },
    });
    expect(JSON.stringify(entries)).not.toContain('Admin User');
  });

  it('publishes a notice sent again with its Idempotency-Key once, and refuses the key for another', async () => {
    published.length = 0;
    const body = { ...validNotice, title: 'Sent from a train with poor signal' };
    const key = { 'Idempotency-Key': 'local-5be8c0de' };
    const first = await postJson(app, '/api/notices', body, { cookie: admin, headers: key });
    expect(first.status).toBe(201);
    const notice = noticeResponseSchema.parse(await first.json()).data;
    // The answer was lost on the way: the app sends the same notice with the same key, twice at once.
    const again = await Promise.all([
      postJson(app, '/api/notices', body, { cookie: admin, headers: key }),
      postJson(
        app,
        '/api/notices',
        { content: body.content, title: body.title },
        { cookie: admin, headers: key },
      ),
    ]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(noticeResponseSchema.parse(await res.json()).data).toEqual(notice);
    }
    expect(published).toEqual([notice]);
    const list = noticeListResponseSchema.parse(await (await app.request('/api/notices')).json());
    expect(list.data.filter((n) => n.title === body.title)).toHaveLength(1);
    await services.ledger.sequence();
    const entries = await app.request('/api/ledger/entries?limit=500');
    const { items } = (await entries.json()) as { items: LedgerEntryView[] };
    expect(items.filter((entry) => entry.payload.noticeId === notice.id)).toHaveLength(1);

    const other = await postJson(
      app,
      '/api/notices',
      { ...body, title: 'Another notice' },
      { cookie: admin, headers: key },
    );
    expect(other.status).toBe(409);
    expect(apiErrorSchema.parse(await other.json()).error.message).toContain(
      'already used for a different notice',
    );
    // A key is the author's own, and a malformed one is refused before anything is stored.
    const bad = await postJson(app, '/api/notices', body, {
      cookie: admin,
      headers: { 'Idempotency-Key': 'has spaces' },
    });
    expect(bad.status).toBe(400);
    expect(published).toEqual([notice]);
  });

  it('answers 404 for a notice that does not exist', async () => {
    const res = await app.request('/api/notices/no-such-notice');
    expect(res.status).toBe(404);
    expect(apiErrorSchema.parse(await res.json()).error.code).toBe('not_found');
    const patch = await send('PATCH', '/api/notices/no-such-notice', admin, validNotice);
    expect(patch.status).toBe(404);
  });

  it('documents every notice endpoint in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths['/api/notices'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/notices/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    expect(Object.keys(doc.components.schemas.CreateNotice?.properties ?? {})).toEqual([
      'title',
      'content',
      'imageUrl',
      'videoUrl',
      'linkUrl',
    ]);
  });

  it('refuses operators and citizens with 403 and anonymous callers with 401', async () => {
    const notice = await publish();
    const before = await (await app.request('/api/notices')).json();
    for (const cookie of [operator, citizen]) {
      expect((await createAs(cookie, validNotice)).status).toBe(403);
      expect((await send('PATCH', `/api/notices/${notice.id}`, cookie, validNotice)).status).toBe(
        403,
      );
      expect((await send('DELETE', `/api/notices/${notice.id}`, cookie)).status).toBe(403);
    }
    expect((await postJson(app, '/api/notices', validNotice)).status).toBe(401);
    expect(await (await app.request('/api/notices')).json()).toEqual(before);
  });
});
