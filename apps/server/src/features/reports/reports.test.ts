import {
  apiErrorSchema,
  nearbyReportListSchema,
  reportDetailSchema,
  reportListSchema,
  reportPhotoSchema,
  reportQueueSchema,
  staffReportSchema,
  type LedgerEntryView,
} from '@smart-city/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson, signIn, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

/** Park Street, Kolkata, and a point about 40 m north of it. */
const PARK_STREET = { lat: 22.5526, lng: 88.3525 };
const FORTY_M_NORTH = { lat: 22.55296, lng: 88.3525 };

const pothole = {
  city: 'kolkata',
  category: 'pothole',
  description: 'A deep pothole in the left lane, near the metro gate',
  ...PARK_STREET,
};

describe.each(testDatabases())('citizen reports on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let admin: string;
  let operator: string;
  let citizen: string;
  let neighbour: string;
  let clock = new Date('2026-03-02T10:00:00Z');
  let keys = 0;

  const report = (cookie: string, body: unknown, key = `key-${(keys += 1)}`) =>
    postJson(app, '/api/reports', body, { cookie, headers: { 'Idempotency-Key': key } });
  const reported = async (cookie: string, change: Record<string, unknown> = {}) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await report(cookie, { ...pothole, ...change });
    expect(res.status).toBe(201);
    return reportDetailSchema.parse(await res.json());
  };
  const upload = (cookie: string, body: Uint8Array, type: string) =>
    app.request('/api/reports/photos', {
      method: 'POST',
      headers: { 'Content-Type': type, Origin: TEST_ORIGIN, Cookie: cookie },
      body,
    });
  const act = (cookie: string, id: string, action: string, body: unknown) =>
    postJson(app, `/api/reports/${id}/${action}`, body, { cookie });
  const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));
    neighbour = (await signIn(app, 'test@smartcity.local', 'smartcity-demo')).cookie;
  });
  afterAll(() => database?.dispose());

  it('takes a photo, cleaned, and a report with it that anyone can read without the reporter', async () => {
    const png = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#7a6' },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(citizen, png, 'image/png');
    expect(uploaded.status).toBe(201);
    const photo = reportPhotoSchema.parse(await uploaded.json());
    expect(photo).toMatchObject({ width: 1200, height: 900 });

    const made = await reported(citizen, { photoIds: [photo.id], address: 'Park Street' });
    expect(made).toMatchObject({
      status: 'open',
      category: 'pothole',
      department: 'roads',
      area: 'park-street',
      followers: 1,
      following: true,
      mine: true,
      overdue: false,
      photos: [{ id: photo.id, url: `/api/reports/photos/${photo.id}` }],
    });
    expect(Date.parse(made.dueAt) - Date.parse(made.createdAt)).toBe(72 * 3_600_000);
    expect(made.history.map((h) => [h.kind, h.actor])).toEqual([['created', 'citizen']]);

    const visitor = await app.request(`/api/reports/${made.id}`);
    expect(visitor.status).toBe(200);
    const text = await visitor.text();
    expect(reportDetailSchema.parse(JSON.parse(text))).toMatchObject({
      following: false,
      mine: false,
    });
    expect(text).not.toMatch(/demo@smartcity|reporter|assignee/);

    const served = await app.request(`/api/reports/photos/${photo.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses what is not a JPEG, PNG or WebP photo of at most 5 MB, and photos not the caller’s', async () => {
    const gif = await upload(citizen, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.status).toBe(415);
    const huge = await upload(citizen, new Uint8Array(5 * 1024 * 1024 + 1), 'image/jpeg');
    expect(huge.status).toBe(413);
    const fake = await upload(citizen, Buffer.from('not a picture at all'), 'image/jpeg');
    expect(fake.status).toBe(400);
    expect((await errorOf(fake)).code).toBe('invalid_input');
    expect((await upload(citizen, new Uint8Array(), 'image/png')).status).toBe(400);
    expect((await upload('', Buffer.from('x'), 'image/png')).status).toBe(401);

    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#333' },
    })
      .jpeg()
      .toBuffer();
    const theirs = reportPhotoSchema.parse(
      await (await upload(neighbour, jpeg, 'image/jpeg')).json(),
    );
    const before = await services.reports.list({ limit: 200 });
    const refused = await report(citizen, { ...pothole, photoIds: [theirs.id] });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).details).toEqual([
      expect.objectContaining({ path: 'photoIds' }),
    ]);
    // Nothing half-made: no report, and the photo is still the neighbour's to use.
    expect((await services.reports.list({ limit: 200 })).items).toHaveLength(before.items.length);
    expect(
      (await getWith(app, `/api/reports/photos/${theirs.id}`, { cookie: citizen })).status,
    ).toBe(404);
    expect(
      (await getWith(app, `/api/reports/photos/${theirs.id}`, { cookie: neighbour })).status,
    ).toBe(200);
  });

  it('refuses bad fields, a place outside the city, and anonymous reporters', async () => {
    const bad = await report(citizen, { ...pothole, category: 'volcano', description: 'x' });
    expect(bad.status).toBe(400);
    const paths = ((await errorOf(bad)).details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['category', 'description']));
    const away = await report(citizen, { ...pothole, lat: 40.75, lng: -73.98 });
    expect(away.status).toBe(400);
    expect((await errorOf(away)).message).toMatch(/outside Kolkata/);
    expect((await postJson(app, '/api/reports', pothole)).status).toBe(401);
  });

  it('gives back the same report for the same key, and refuses the key with another body', async () => {
    const first = await report(citizen, { ...pothole, category: 'noise' }, 'same-key');
    expect(first.status).toBe(201);
    const again = await report(citizen, { ...pothole, category: 'noise' }, 'same-key');
    expect(again.status).toBe(200);
    expect(reportDetailSchema.parse(await again.json()).id).toBe(
      reportDetailSchema.parse(await first.json()).id,
    );
    const other = await report(citizen, { ...pothole, category: 'garbage' }, 'same-key');
    expect(other.status).toBe(409);
  });

  it('shows an open report of the same category 40 m away before a second one is sent', async () => {
    const first = await reported(citizen, { category: 'streetlight' });
    const query = (category: string) =>
      `/api/reports/nearby?city=kolkata&category=${category}&lat=${FORTY_M_NORTH.lat}&lng=${FORTY_M_NORTH.lng}`;
    const found = nearbyReportListSchema.parse(
      await (await app.request(query('streetlight'))).json(),
    );
    expect(found.items.map((r) => r.id)).toContain(first.id);
    const distance = found.items.find((r) => r.id === first.id)!.distanceM;
    expect(distance).toBeGreaterThanOrEqual(35);
    expect(distance).toBeLessThanOrEqual(45);
    const other = nearbyReportListSchema.parse(
      await (await app.request(query('fallen_tree'))).json(),
    );
    expect(other.items).toEqual([]);

    const voice = await act(neighbour, first.id, 'follow', {});
    expect(await voice.json()).toEqual({ following: true, followers: 2 });
    expect(await (await act(neighbour, first.id, 'follow', {})).json()).toEqual({
      following: true,
      followers: 2,
    });
    const mine = await getWith(app, '/api/reports/mine', { cookie: neighbour });
    expect(((await mine.json()) as { items: { id: string }[] }).items.map((r) => r.id)).toContain(
      first.id,
    );
  });

  it('lets operators assign, move on and close a report with its resolution; citizens may not', async () => {
    const made = await reported(citizen, { category: 'garbage' });
    expect(made.department).toBe('sanitation');
    expect((await act(citizen, made.id, 'status', { status: 'acknowledged' })).status).toBe(403);

    const queue = reportQueueSchema.parse(
      await (await getWith(app, '/api/reports/queue?city=kolkata', { cookie: operator })).json(),
    );
    expect(queue.items.map((r) => r.id)).toContain(made.id);
    const dues = queue.items.map((r) => Date.parse(r.dueAt));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));

    const { items: staff } = (await (
      await getWith(app, '/api/staff', { cookie: operator })
    ).json()) as { items: { id: string; role: string }[] };
    const op = staff.find((s) => s.role === 'operator')!;
    const assigned = staffReportSchema.parse(
      await (
        await act(operator, made.id, 'assign', { department: 'sanitation', assigneeId: op.id })
      ).json(),
    );
    expect(assigned.assignee?.id).toBe(op.id);
    expect((await act(operator, made.id, 'status', { status: 'in_progress' })).status).toBe(200);
    const noNote = await act(operator, made.id, 'status', { status: 'closed' });
    expect(noNote.status).toBe(400);
    const closed = await act(operator, made.id, 'status', {
      status: 'closed',
      note: 'Collected at 14:00; the route is now daily.',
    });
    expect(closed.status).toBe(200);
    expect((await act(operator, made.id, 'status', { status: 'open' })).status).toBe(409);

    const detail = reportDetailSchema.parse(
      await (await app.request(`/api/reports/${made.id}`)).json(),
    );
    expect(detail).toMatchObject({
      status: 'closed',
      statusNote: expect.stringMatching(/Collected/),
    });
    expect(detail.history.map((h) => `${h.kind}:${h.status}:${h.actor}`)).toEqual([
      'created:open:citizen',
      'assigned:open:operator',
      'status:in_progress:operator',
      'status:closed:operator',
    ]);
    const closedList = reportListSchema.parse(
      await (await app.request('/api/reports?city=kolkata&status=closed')).json(),
    );
    expect(closedList.items.map((r) => r.id)).toContain(made.id);

    await services.ledger.sequence();
    const entries = (
      (await (await app.request('/api/ledger/entries?limit=500')).json()) as {
        items: LedgerEntryView[];
      }
    ).items.filter((e) => e.type.startsWith('report.') && e.payload.reportId === made.id);
    expect(entries.map((e) => [e.type, e.payload.step, e.payload.status])).toEqual([
      ['report.created', 'created', 'open'],
      ['report.changed', 'assigned', 'open'],
      ['report.changed', 'status', 'in_progress'],
      ['report.changed', 'status', 'closed'],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/smartcity\.local|Demo/);
  });

  it('merges a duplicate into the first report: closed, pointing at it, its followers moved', async () => {
    const first = await reported(citizen, { category: 'water_leak' });
    const second = await reported(neighbour, { category: 'water_leak', ...FORTY_M_NORTH });
    const merged = staffReportSchema.parse(
      await (await act(operator, second.id, 'merge', { into: first.id })).json(),
    );
    expect(merged).toMatchObject({ id: first.id, followers: 2, status: 'open' });
    const duplicate = reportDetailSchema.parse(
      await (await app.request(`/api/reports/${second.id}`)).json(),
    );
    expect(duplicate).toMatchObject({ status: 'closed', mergedInto: first.id });
    expect((await act(operator, second.id, 'merge', { into: first.id })).status).toBe(409);
    expect((await act(operator, first.id, 'merge', { into: first.id })).status).toBe(409);
  });

  it('answers 404 for a number that names no report, and for a word', async () => {
    expect((await app.request('/api/reports/999999')).status).toBe(404);
    expect((await app.request('/api/reports/abc')).status).toBe(404);
    expect((await act(operator, 'abc', 'status', { status: 'acknowledged' })).status).toBe(404);
  });

  it('gives a new report the deadline its city’s admins set for the category', async () => {
    const set = await app.request('/api/reports/categories/kolkata/pothole', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: admin },
      body: JSON.stringify({ slaHours: 48 }),
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({
      city: 'kolkata',
      code: 'pothole',
      department: 'roads',
      slaHours: 48,
    });
    const made = await reported(citizen);
    expect(Date.parse(made.dueAt) - Date.parse(made.createdAt)).toBe(48 * 3_600_000);
    const categories = (await (
      await app.request('/api/reports/categories?city=new-york')
    ).json()) as {
      items: { code: string; slaHours: number }[];
    };
    expect(categories.items.find((c) => c.code === 'pothole')?.slaHours).toBe(72);

    clock = new Date(clock.getTime() + 49 * 3_600_000);
    const overdue = reportQueueSchema.parse(
      await (
        await getWith(app, '/api/reports/queue?city=kolkata&overdue=true', { cookie: operator })
      ).json(),
    );
    expect(overdue.items.find((r) => r.id === made.id)?.overdue).toBe(true);
  });
});
