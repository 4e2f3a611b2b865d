import {
  apiErrorSchema,
  bookingPageSchema,
  bookingSchema,
  bookingSummarySchema,
  DEFAULT_DEMO_PASSWORD,
  type Booking,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson, signIn } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const validBooking = {
  service: 'ambulance',
  urgency: 'high',
  addOns: ['paramedic'],
  remote: false,
  city: 'kolkata',
  location: 'Park Street, near the metro station',
  lat: 22.5535,
  lng: 88.3525,
  description: 'An elderly man has fainted.',
  contactPhone: '98300 12345',
  email: 'asha@example.org',
  alternateContact: '+91 98300 54321',
};

describe.each(testDatabases())('the booking lifecycle and lists on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let otherCitizen: string;
  let clock = new Date('2026-03-10T06:00:00Z');

  const book = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(app, '/api/emergency/bookings', body, { cookie, headers });
  const booked = async (cookie: string, change: Record<string, unknown> = {}) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await book(cookie, { ...validBooking, ...change });
    expect(res.status).toBe(201);
    return bookingSchema.parse(await res.json());
  };
  const act = (cookie: string, id: string, action: string, body: unknown = {}) =>
    postJson(app, `/api/emergency/bookings/${id}/${action}`, body, { cookie });
  const acted = async (cookie: string, id: string, action: string, body: unknown = {}) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await act(cookie, id, action, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return bookingSchema.parse(await res.json());
  };
  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(400);
    const { error } = apiErrorSchema.parse(await res.json());
    expect(error.code).toBe('invalid_input');
    return (error.details as { path: string }[]).map((d) => d.path);
  };

  beforeAll(async () => {
    database = await create();
    ({ app, admin, operator, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));
    otherCitizen = (await signIn(app, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
  });
  afterAll(() => database?.dispose());

  describe('the lifecycle', () => {
    it('goes confirmed → dispatched → in progress → completed, recording who, when and why', async () => {
      const booking = await booked(citizen);
      const dispatched = await acted(operator, booking.id, 'dispatch', {
        unit: 'AMB-12',
        etaMinutes: 8,
        note: 'Nearest unit',
      });
      expect(dispatched).toMatchObject({ status: 'dispatched', unit: 'AMB-12', etaMinutes: 8 });
      const started = await acted(operator, booking.id, 'start');
      expect(started.status).toBe('in_progress');
      const completed = await acted(admin, booking.id, 'complete', { note: 'Patient at SSKM' });
      expect(completed.status).toBe('completed');
      expect(completed.chargedPaise).toBe(booking.totalPaise);

      const res = await getWith(app, `/api/emergency/bookings/${booking.id}`, { cookie: citizen });
      const history = bookingSchema.parse(await res.json()).history;
      expect(history.slice(2)).toEqual([
        {
          action: 'dispatch',
          fromStatus: 'confirmed',
          toStatus: 'dispatched',
          actor: { name: 'System Operator', role: 'operator' },
          note: 'Nearest unit',
          unit: 'AMB-12',
          etaMinutes: 8,
          at: expect.any(String),
        },
        {
          action: 'start',
          fromStatus: 'dispatched',
          toStatus: 'in_progress',
          actor: { name: 'System Operator', role: 'operator' },
          note: null,
          unit: null,
          etaMinutes: null,
          at: expect.any(String),
        },
        {
          action: 'complete',
          fromStatus: 'in_progress',
          toStatus: 'completed',
          actor: { name: 'Admin User', role: 'admin' },
          note: 'Patient at SSKM',
          unit: null,
          etaMinutes: null,
          at: expect.any(String),
        },
      ]);
      const times = history.map((h) => Date.parse(h.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it.each([
      ['start', 'a confirmed booking', []],
      ['complete', 'a dispatched booking', ['dispatch']],
      ['dispatch', 'a dispatched booking', ['dispatch']],
      ['confirm', 'a confirmed booking', []],
      ['cancel', 'a completed booking', ['dispatch', 'start', 'complete']],
      ['dispatch', 'a cancelled booking', ['cancel']],
    ])('refuses to %s %s with 409', async (action, _state, steps) => {
      const booking = await booked(citizen);
      for (const step of steps) await acted(operator, booking.id, step);
      const before = await getWith(app, `/api/emergency/bookings/${booking.id}`, {
        cookie: operator,
      });
      const res = await act(operator, booking.id, action);
      expect(res.status).toBe(409);
      expect(apiErrorSchema.parse(await res.json()).error.code).toBe('conflict');
      const after = await getWith(app, `/api/emergency/bookings/${booking.id}`, {
        cookie: operator,
      });
      expect(await after.json()).toEqual(await before.json());
    });

    it('lets the owner cancel before dispatch and not after', async () => {
      const early = await booked(citizen);
      expect((await acted(citizen, early.id, 'cancel', { note: 'Not needed' })).status).toBe(
        'cancelled',
      );
      const late = await booked(citizen);
      await acted(operator, late.id, 'dispatch');
      const res = await act(citizen, late.id, 'cancel');
      expect(res.status).toBe(409);
      expect(apiErrorSchema.parse(await res.json()).error.message).toMatch(/on its way/);
      // Operations staff still may.
      expect((await acted(operator, late.id, 'cancel', { note: 'Duplicate call' })).status).toBe(
        'cancelled',
      );
    });

    it('lets operations confirm a booking whose payment waits', async () => {
      // This app's provider confirms at once; see billing.test.ts for a provider that waits.
      const booking = await booked(citizen);
      expect((await act(operator, booking.id, 'confirm')).status).toBe(409);
    });

    it('refuses citizens the operations actions with 403, whoever owns the booking', async () => {
      const booking = await booked(citizen);
      for (const action of ['confirm', 'dispatch', 'start', 'complete']) {
        const res = await act(citizen, booking.id, action);
        expect(res.status, action).toBe(403);
        expect(apiErrorSchema.parse(await res.json()).error.code).toBe('forbidden');
      }
      expect((await act(citizen, 'no-such-booking', 'dispatch')).status).toBe(403);
    });

    it('hides another person’s booking with 404, to read and to cancel', async () => {
      const booking = await booked(citizen);
      const read = await getWith(app, `/api/emergency/bookings/${booking.id}`, {
        cookie: otherCitizen,
      });
      expect(read.status).toBe(404);
      expect((await act(otherCitizen, booking.id, 'cancel')).status).toBe(404);
      const still = await getWith(app, `/api/emergency/bookings/${booking.id}`, {
        cookie: citizen,
      });
      expect(bookingSchema.parse(await still.json()).status).toBe('confirmed');
    });

    it('answers 404 for a booking that does not exist', async () => {
      expect(
        (await getWith(app, '/api/emergency/bookings/nope', { cookie: operator })).status,
      ).toBe(404);
      expect((await act(operator, 'nope', 'dispatch')).status).toBe(404);
    });

    it.each([
      ['an ETA that is not whole', { etaMinutes: 7.5 }, ['etaMinutes']],
      ['an ETA of no time', { etaMinutes: 0 }, ['etaMinutes']],
      ['a unit name over 60 characters', { unit: 'u'.repeat(61) }, ['unit']],
      ['a note over 500 characters', { note: 'n'.repeat(501) }, ['note']],
    ])('refuses a dispatch with %s, leaving the booking be', async (_case, body, fields) => {
      const booking = await booked(citizen);
      expect(await fieldErrors(await act(operator, booking.id, 'dispatch', body))).toEqual(fields);
      const res = await getWith(app, `/api/emergency/bookings/${booking.id}`, { cookie: citizen });
      expect(bookingSchema.parse(await res.json()).status).toBe('confirmed');
    });
  });

  describe('the list', () => {
    let listDb: Awaited<ReturnType<typeof create>>;
    let listApp: ReturnType<typeof createTestApp>;
    let cookies: { admin: string; operator: string; citizen: string; other: string };
    const made: Booking[] = [];
    let listClock = new Date('2026-05-01T00:00:00Z');

    const listOf = async (cookie: string, query = '') => {
      const res = await getWith(listApp, `/api/emergency/bookings${query}`, { cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      return bookingPageSchema.parse(await res.json());
    };
    const everything = async (cookie: string, query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listOf(cookie, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
        ids.push(...page.items.map((b) => b.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };

    beforeAll(async () => {
      listDb = await create();
      const callers = await createTestAppWithCallers(listDb, { pipelineNow: () => listClock });
      listApp = callers.app;
      const other = (await signIn(listApp, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
      cookies = {
        admin: callers.admin,
        operator: callers.operator,
        citizen: callers.citizen,
        other,
      };
      const plan = [
        ['citizen', 'ambulance', 'low', 'kolkata'],
        ['citizen', 'fire', 'critical', 'kolkata'],
        ['other', 'police', 'high', 'kolkata'],
        ['citizen', 'rescue', 'critical', 'kharagpur'],
        ['other', 'ambulance', 'medium', 'kolkata'],
        ['citizen', 'ambulance', 'critical', 'kolkata'],
        ['other', 'fire', 'low', 'new-york'],
      ] as const;
      for (const [who, service, urgency, city] of plan) {
        listClock = new Date(listClock.getTime() + 3_600_000);
        const res = await postJson(
          listApp,
          '/api/emergency/bookings',
          { service, urgency, city, location: 'A place', contactPhone: '9830012345' },
          { cookie: cookies[who] },
        );
        made.push(bookingSchema.parse(await res.json()));
      }
      // One of them is served already: it leaves the queue.
      await postJson(
        listApp,
        `/api/emergency/bookings/${made[1]!.id}/dispatch`,
        {},
        { cookie: cookies.operator },
      );
      await postJson(
        listApp,
        `/api/emergency/bookings/${made[1]!.id}/start`,
        {},
        { cookie: cookies.operator },
      );
      await postJson(
        listApp,
        `/api/emergency/bookings/${made[1]!.id}/complete`,
        {},
        { cookie: cookies.operator },
      );
    });
    afterAll(() => listDb?.dispose());

    it('shows a citizen their own bookings only, newest first, a page at a time', async () => {
      const mine = made
        .filter((b) => b.owner.name === 'Demo Citizen')
        .map((b) => b.id)
        .reverse();
      expect(await everything(cookies.citizen, '?limit=2')).toEqual(mine);
      const first = await listOf(cookies.citizen, '?limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.nextCursor).not.toBeNull();
      expect((await listOf(cookies.citizen, '?limit=50')).nextCursor).toBeNull();
    });

    it('shows operators and admins everyone’s, filtered by city, status, service, urgency and time', async () => {
      const all = made.map((b) => b.id).reverse();
      expect(await everything(cookies.operator, '?limit=3')).toEqual(all);
      expect(await everything(cookies.admin, '?limit=100')).toEqual(all);
      const ids = async (query: string) =>
        (await listOf(cookies.operator, query)).items.map((b) => b.id);
      expect(await ids('?city=new-york')).toEqual([made[6]!.id]);
      expect(await ids('?status=completed')).toEqual([made[1]!.id]);
      expect(await ids('?service=ambulance&city=kolkata')).toEqual([
        made[5]!.id,
        made[4]!.id,
        made[0]!.id,
      ]);
      expect(await ids('?urgency=critical')).toEqual([made[5]!.id, made[3]!.id, made[1]!.id]);
      const from = made[2]!.createdAt;
      const to = made[4]!.createdAt;
      expect(await ids(`?from=${from}&to=${to}`)).toEqual([made[3]!.id, made[2]!.id]);
      expect(await ids('?from=2026-05-02')).toEqual([]);
      expect((await ids('?to=2026-05-01')).length).toBe(0);
    });

    it('orders the dispatch queue by urgency, then the oldest first', async () => {
      const queue = await everything(
        cookies.operator,
        '?status=open&city=kolkata&order=queue&limit=2',
      );
      expect(queue).toEqual([made[5]!.id, made[2]!.id, made[4]!.id, made[0]!.id]);
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?status=lost', 'status'],
      ['?service=taxi', 'service'],
      ['?from=yesterday', 'from'],
      ['?order=random', 'order'],
      ['?cursor=not-a-cursor', 'cursor'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      const res = await getWith(listApp, `/api/emergency/bookings${query}`, {
        cookie: cookies.operator,
      });
      expect(await fieldErrors(res)).toEqual([field]);
    });

    it('refuses a cursor of the other order', async () => {
      const page = await listOf(cookies.operator, '?limit=1');
      const res = await getWith(
        listApp,
        `/api/emergency/bookings?order=queue&cursor=${page.nextCursor}`,
        {
          cookie: cookies.operator,
        },
      );
      expect(await fieldErrors(res)).toEqual(['cursor']);
    });

    it('counts open bookings per status: a citizen’s own, or a city’s for operations', async () => {
      const summary = async (cookie: string, query = '') => {
        const res = await getWith(listApp, `/api/emergency/bookings/summary${query}`, { cookie });
        expect(res.status).toBe(200);
        return bookingSummarySchema.parse(await res.json());
      };
      expect(await summary(cookies.citizen)).toEqual({
        open: 3,
        byStatus: { pending_payment: 0, confirmed: 3, dispatched: 0, in_progress: 0 },
      });
      expect(await summary(cookies.operator, '?city=kolkata')).toMatchObject({
        open: 4,
        byStatus: { confirmed: 4 },
      });
      expect((await summary(cookies.admin)).open).toBe(6);
    });
  });

  it('documents every endpoint in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.keys(doc.paths).filter(
      (p) => p.startsWith('/api/emergency') || p.startsWith('/api/billing'),
    );
    expect(paths.sort()).toEqual([
      '/api/billing/overview',
      '/api/billing/statement',
      '/api/emergency/bookings',
      '/api/emergency/bookings/summary',
      '/api/emergency/bookings/{id}',
      '/api/emergency/bookings/{id}/cancel',
      '/api/emergency/bookings/{id}/complete',
      '/api/emergency/bookings/{id}/confirm',
      '/api/emergency/bookings/{id}/dispatch',
      '/api/emergency/bookings/{id}/start',
      '/api/emergency/quote',
      '/api/emergency/services',
    ]);
    expect(Object.keys(doc.paths['/api/emergency/bookings'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});
