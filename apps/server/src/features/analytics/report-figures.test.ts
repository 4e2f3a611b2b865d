import {
  apiErrorSchema,
  REPORT_CATEGORIES,
  reportDetailSchema,
  reportFiguresSchema,
  type ReportFigure,
  type ReportFigures,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

// Tuesday 2026-03-10 12:00 UTC.
const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW - ms);

/** What a category shows where nothing happened. */
const NOTHING: ReportFigure = {
  opened: 0,
  closed: 0,
  closedWithinTarget: 0,
  rejected: 0,
  duplicates: 0,
  openNow: 0,
  overdueNow: 0,
  medianHoursToClose: null,
  withinTargetShare: null,
};

describe.each(testDatabases())("citizens' report figures on $kind", ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let clock = new Date(NOW);

  /**
   * A report of Kolkata as it stands now: made `madeAgo` before NOW, due `dueAfter` after it was
   * made, ended `endedAfter` after it was made (or still in `status`).
   */
  async function stored(report: {
    category: string;
    status: string;
    madeAgo: number;
    dueAfter: number;
    endedAfter?: number;
    area?: string | null;
    city?: string;
    mergedInto?: string;
  }): Promise<string> {
    const created = ago(report.madeAgo);
    const closed =
      report.endedAfter === undefined ? null : new Date(created.getTime() + report.endedAfter);
    const row = await database.db
      .insertInto('reports')
      .values({
        city_key: report.city ?? 'kolkata',
        category: report.category,
        status: report.status,
        description: 'A problem in the street',
        lat: 22.5526,
        lng: 88.3525,
        area_key: report.area === undefined ? 'park-street' : report.area,
        department: 'roads',
        source: 'app',
        merged_into: report.mergedInto ?? null,
        created_at: created,
        updated_at: closed ?? created,
        due_at: new Date(created.getTime() + report.dueAfter),
        closed_at: closed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  const get = (path: string, cookie: string | null) =>
    cookie === null ? app.request(path) : getWith(app, path, { cookie });
  async function figures(query: string, cookie = operator): Promise<ReportFigures> {
    const res = await get(`/api/analytics/reports?${query}`, cookie);
    expect(res.status, query).toBe(200);
    return reportFiguresSchema.parse(await res.json());
  }
  const categoryOf = (answer: ReportFigures, category: string) =>
    answer.categories.find((c) => c.category === category);

  beforeAll(async () => {
    database = await create();
    ({ app, admin, operator, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));

    // Potholes (72 hours to fix). Closed in the window: 10 h and 30 h, in time; and one made
    // before the window, closed in it after 20 days, late.
    const fixed = await stored({
      category: 'pothole',
      status: 'closed',
      madeAgo: 10 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 10 * HOUR,
    });
    await stored({
      category: 'pothole',
      status: 'closed',
      madeAgo: 5 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 30 * HOUR,
      area: 'esplanade',
    });
    await stored({
      category: 'pothole',
      status: 'closed',
      madeAgo: 40 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 20 * DAY,
    });
    // Rejected within a day, and a duplicate merged into the first after a day: neither is work
    // closed, however quickly it ended.
    await stored({
      category: 'pothole',
      status: 'rejected',
      madeAgo: 3 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 1 * DAY,
    });
    await stored({
      category: 'pothole',
      status: 'closed',
      madeAgo: 2 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 1 * DAY,
      mergedInto: fixed,
    });
    // Open: one past its deadline in the area, one made before the window and past it in no area,
    // one in time in Esplanade.
    await stored({ category: 'pothole', status: 'open', madeAgo: 4 * DAY, dueAfter: 72 * HOUR });
    await stored({
      category: 'pothole',
      status: 'in_progress',
      madeAgo: 60 * DAY,
      dueAfter: 72 * HOUR,
      area: null,
    });
    await stored({
      category: 'pothole',
      status: 'acknowledged',
      madeAgo: 1 * DAY,
      dueAfter: 72 * HOUR,
      area: 'esplanade',
    });
    // Made and closed before the window: in no figure.
    await stored({
      category: 'pothole',
      status: 'closed',
      madeAgo: 50 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 5 * DAY,
    });

    // Garbage (24 hours): 20 h in time, 50 h late, and 6 h against a deadline of 4 h (a report
    // keeps the deadline it was given), late too.
    await stored({
      category: 'garbage',
      status: 'closed',
      madeAgo: 2 * DAY,
      dueAfter: 24 * HOUR,
      endedAfter: 20 * HOUR,
    });
    await stored({
      category: 'garbage',
      status: 'closed',
      madeAgo: 3 * DAY,
      dueAfter: 24 * HOUR,
      endedAfter: 50 * HOUR,
    });
    await stored({
      category: 'garbage',
      status: 'closed',
      madeAgo: 1 * DAY,
      dueAfter: 4 * HOUR,
      endedAfter: 6 * HOUR,
      area: null,
    });

    // Another city's report is in none of Kolkata's figures.
    await stored({
      category: 'pothole',
      status: 'closed',
      madeAgo: 1 * DAY,
      dueAfter: 72 * HOUR,
      endedAfter: 1 * HOUR,
      city: 'kharagpur',
      area: 'inda',
    });
  });
  afterAll(() => database?.dispose());

  it('answers 401 to visitors and 403 to citizens; operators and admins see the figures', async () => {
    const path = '/api/analytics/reports?city=kolkata';
    const visitor = await get(path, null);
    expect(visitor.status).toBe(401);
    expect(apiErrorSchema.parse(await visitor.json()).error.code).toBe('unauthorized');
    const refused = await get(path, citizen);
    expect(refused.status).toBe(403);
    expect(apiErrorSchema.parse(await refused.json()).error.code).toBe('forbidden');
    expect((await get(path, admin)).status).toBe(200);
    expect((await get(path, operator)).status).toBe(200);
  });

  it('is in the API document with its query and what it leaves out of the closed reports', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        { get?: { description?: string; parameters?: { name: string; schema?: unknown }[] } }
      >;
    };
    const operation = doc.paths['/api/analytics/reports']?.get;
    expect(operation?.parameters?.map((p) => p.name)).toEqual(['city', 'area', 'days']);
    expect(operation?.parameters?.[2]?.schema).toMatchObject({
      default: 30,
      enum: [7, 30, 90, 365],
    });
    expect(operation?.description).toMatch(/merged into another are duplicates, not closed work/);
  });

  it('answers 400 naming the field for an unknown city or window, or an area not of the city', async () => {
    const cases: [string, string][] = [
      ['city=atlantis', 'city'],
      ['', 'city'],
      ['city=kolkata&days=14', 'days'],
      ['city=kolkata&days=thirty', 'days'],
      ['city=kolkata&area=nowhere', 'area'],
      ['city=kolkata&area=midtown', 'area'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/analytics/reports?${query}`, operator);
      expect(res.status, query).toBe(400);
      const body = apiErrorSchema.parse(await res.json());
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details, query).toEqual([expect.objectContaining({ path: field })]);
    }
  });

  it('counts each category over the last 30 days by default, with medians and shares taken from the closed reports only', async () => {
    const answer = await figures('city=kolkata');
    expect(answer).toMatchObject({
      city: 'kolkata',
      area: null,
      days: 30,
      from: '2026-02-08T12:00:00.000Z',
      to: '2026-03-10T12:00:00.000Z',
    });
    expect(answer.categories.map((c) => c.category)).toEqual(REPORT_CATEGORIES);

    expect(categoryOf(answer, 'pothole')).toEqual({
      category: 'pothole',
      // Made in the window: all but the three made before it.
      opened: 6,
      // 10 h, 30 h and 480 h; not the rejected report nor the duplicate.
      closed: 3,
      closedWithinTarget: 2,
      rejected: 1,
      duplicates: 1,
      openNow: 3,
      overdueNow: 2,
      medianHoursToClose: 30,
      withinTargetShare: 2 / 3,
    });
    expect(categoryOf(answer, 'garbage')).toEqual({
      category: 'garbage',
      opened: 3,
      closed: 3,
      closedWithinTarget: 1,
      rejected: 0,
      duplicates: 0,
      openNow: 0,
      overdueNow: 0,
      medianHoursToClose: 20,
      withinTargetShare: 1 / 3,
    });
    expect(categoryOf(answer, 'noise')).toEqual({ category: 'noise', ...NOTHING });

    // The median of all six closed reports (6, 10, 20, 30, 50, 480 h), not a mean of the medians.
    expect(answer.total).toEqual({
      opened: 9,
      closed: 6,
      closedWithinTarget: 3,
      rejected: 1,
      duplicates: 1,
      openNow: 3,
      overdueNow: 2,
      medianHoursToClose: 25,
      withinTargetShare: 0.5,
    });
  });

  it("narrows to one of the city's areas", async () => {
    const answer = await figures('city=kolkata&area=park-street');
    expect(answer.area).toBe('park-street');
    expect(categoryOf(answer, 'pothole')).toEqual({
      category: 'pothole',
      opened: 4,
      // 10 h in time and 480 h late: the median lies between them.
      closed: 2,
      closedWithinTarget: 1,
      rejected: 1,
      duplicates: 1,
      openNow: 1,
      overdueNow: 1,
      medianHoursToClose: 245,
      withinTargetShare: 0.5,
    });
    expect(categoryOf(answer, 'garbage')).toMatchObject({
      opened: 2,
      closed: 2,
      medianHoursToClose: 35,
      withinTargetShare: 0.5,
    });
    expect(answer.total).toMatchObject({
      opened: 6,
      closed: 4,
      closedWithinTarget: 2,
      medianHoursToClose: 35,
      withinTargetShare: 0.5,
      openNow: 1,
      overdueNow: 1,
    });
    // Kharagpur's one report is in its own figures only.
    const inda = await figures('city=kharagpur&area=inda');
    expect(inda.total).toMatchObject({ opened: 1, closed: 1, medianHoursToClose: 1 });
  });

  it('counts what was made and ended within the chosen window, and what is open now whatever the window', async () => {
    const week = await figures('city=kolkata&days=7');
    expect(week).toMatchObject({ days: 7, from: '2026-03-03T12:00:00.000Z' });
    expect(categoryOf(week, 'pothole')).toEqual({
      category: 'pothole',
      opened: 5,
      // Only the report closed after 30 hours ended in the last week.
      closed: 1,
      closedWithinTarget: 1,
      rejected: 1,
      duplicates: 1,
      openNow: 3,
      overdueNow: 2,
      medianHoursToClose: 30,
      withinTargetShare: 1,
    });
    const year = await figures('city=kolkata&days=365');
    expect(categoryOf(year, 'pothole')).toMatchObject({
      opened: 9,
      closed: 4,
      // 10, 30, 120 and 480 hours.
      medianHoursToClose: 75,
    });
  });

  it('counts reports made, merged, rejected and closed through the API', async () => {
    const timesSquare = { lat: 40.758, lng: -73.9855 };
    const started = NOW - 3 * DAY;
    const at = (ms: number) => {
      clock = new Date(started + ms);
    };
    const report = async (category: string, key: string) => {
      const res = await postJson(
        app,
        '/api/reports',
        {
          city: 'new-york',
          category,
          description: 'Reported at Times Square',
          ...timesSquare,
        },
        { cookie: citizen, headers: { 'Idempotency-Key': key } },
      );
      expect(res.status).toBe(201);
      return reportDetailSchema.parse(await res.json()).id;
    };
    const act = async (id: string, action: string, body: unknown) => {
      const res = await postJson(app, `/api/reports/${id}/${action}`, body, { cookie: operator });
      expect(res.status, `${action} ${id}`).toBe(200);
    };
    try {
      at(0);
      const first = await report('pothole', 'figures-1');
      at(60_000);
      const again = await report('pothole', 'figures-2');
      const noise = await report('noise', 'figures-3');
      at(HOUR);
      await act(again, 'merge', { into: first });
      at(3 * HOUR);
      await act(noise, 'status', { status: 'rejected', note: 'Not a problem the city handles' });
      at(12 * HOUR);
      await act(first, 'status', { status: 'closed', note: 'Filled and levelled' });
    } finally {
      clock = new Date(NOW);
    }

    const answer = await figures('city=new-york&area=midtown', admin);
    expect(categoryOf(answer, 'pothole')).toEqual({
      category: 'pothole',
      opened: 2,
      closed: 1,
      closedWithinTarget: 1,
      rejected: 0,
      duplicates: 1,
      openNow: 0,
      overdueNow: 0,
      medianHoursToClose: 12,
      withinTargetShare: 1,
    });
    expect(categoryOf(answer, 'noise')).toEqual({
      ...NOTHING,
      category: 'noise',
      opened: 1,
      rejected: 1,
    });
    expect(answer.total).toMatchObject({
      opened: 3,
      closed: 1,
      rejected: 1,
      duplicates: 1,
      medianHoursToClose: 12,
    });
  });
});
