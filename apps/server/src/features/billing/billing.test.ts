import {
  apiErrorSchema,
  billingOverviewSchema,
  bookingSchema,
  DEFAULT_DEMO_PASSWORD,
  statementSchema,
  type Booking,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson, signIn } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  DECLINED_REASON,
  decliningPaymentProvider,
  waitingPaymentProvider,
} from '../../test/payment-providers';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const booking = (change: Record<string, unknown> = {}) => ({
  service: 'ambulance',
  urgency: 'critical',
  addOns: ['paramedic'],
  remote: true,
  city: 'kolkata',
  location: 'Salt Lake Sector V',
  contactPhone: '9830012345',
  ...change,
});

describe.each(testDatabases())('monthly statements on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let otherCitizen: string;
  let clock = new Date('2026-03-02T05:00:00Z');

  const book = async (cookie: string, change: Record<string, unknown> = {}) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await postJson(app, '/api/emergency/bookings', booking(change), { cookie });
    expect(res.status).toBe(201);
    return bookingSchema.parse(await res.json());
  };
  const act = async (cookie: string, id: string, action: string) => {
    const res = await postJson(app, `/api/emergency/bookings/${id}/${action}`, {}, { cookie });
    expect(res.status, action).toBe(200);
    return bookingSchema.parse(await res.json());
  };
  const statement = async (cookie: string, month: string) => {
    const res = await getWith(app, `/api/billing/statement?month=${month}`, { cookie });
    expect(res.status).toBe(200);
    return statementSchema.parse(await res.json());
  };
  const current = async (id: string) =>
    bookingSchema.parse(
      await (await getWith(app, `/api/emergency/bookings/${id}`, { cookie: operator })).json(),
    );

  beforeAll(async () => {
    database = await create();
    ({ app, admin, operator, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));
    otherCitizen = (await signIn(app, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
  });
  afterAll(() => database?.dispose());

  it('charges each booking once, and totals to the sum of the lines and of the bookings', async () => {
    const served = await book(citizen);
    await act(operator, served.id, 'dispatch');
    await act(operator, served.id, 'start');
    await act(operator, served.id, 'complete');
    const waiting = await book(citizen, {
      service: 'fire',
      urgency: 'low',
      addOns: [],
      remote: false,
    });
    const cancelledEarly = await book(citizen, {
      service: 'police',
      urgency: 'high',
      addOns: ['k9_unit'],
    });
    await act(citizen, cancelledEarly.id, 'cancel');
    const cancelledLate = await book(citizen, {
      service: 'rescue',
      urgency: 'medium',
      addOns: ['helicopter'],
    });
    await act(operator, cancelledLate.id, 'dispatch');
    await act(operator, cancelledLate.id, 'cancel');
    await book(otherCitizen, { service: 'fire', urgency: 'critical', addOns: ['hazmat'] });

    const march = await statement(citizen, '2026-03');
    const bookings: Booking[] = await Promise.all(
      [served, waiting, cancelledEarly, cancelledLate].map((b) => current(b.id)),
    );
    const charged = bookings.filter((b) => b.chargedPaise > 0);
    expect(march.lines.map((l) => l.bookingId)).toEqual(charged.map((b) => b.id));
    expect(march.totalPaise).toBe(march.lines.reduce((sum, line) => sum + line.amountPaise, 0));
    expect(march.totalPaise).toBe(charged.reduce((sum, b) => sum + b.chargedPaise, 0));
    expect(march.currency).toBe('INR');
    // ₹531.00 + ₹236.00 + the rescue base fee with GST, ₹295.00.
    expect(march.lines.map((l) => [l.kind, l.amountPaise])).toEqual([
      ['booking', 53_100],
      ['booking', 23_600],
      ['cancellation_fee', 29_500],
    ]);
    expect(march.totalPaise).toBe(106_200);
    expect(march.lines[0]).toMatchObject({
      label: 'Ambulance Service, critical urgency',
      service: 'ambulance',
      urgency: 'critical',
      bookedAt: served.createdAt,
    });
    expect(march.lines[2]!.label).toBe(
      'Search & Rescue, medium urgency, cancelled after dispatch: base fee and GST',
    );
  });

  it('leaves a booking cancelled before dispatch off the statement, and shows nothing else’s', async () => {
    const march = await statement(otherCitizen, '2026-03');
    expect(march.lines).toHaveLength(1);
    expect(march.lines[0]!.service).toBe('fire');
    const cancelled = await book(otherCitizen);
    expect((await statement(otherCitizen, '2026-03')).lines).toHaveLength(2);
    expect((await act(otherCitizen, cancelled.id, 'cancel')).chargedPaise).toBe(0);
    expect((await statement(otherCitizen, '2026-03')).lines).toHaveLength(1);
  });

  it('puts a booking on the statement of its month only', async () => {
    clock = new Date('2026-04-15T10:00:00Z');
    const april = await book(otherCitizen, {
      service: 'police',
      urgency: 'low',
      addOns: [],
      remote: false,
    });
    expect((await statement(otherCitizen, '2026-04')).lines.map((l) => l.bookingId)).toEqual([
      april.id,
    ]);
    expect((await statement(otherCitizen, '2026-03')).lines.map((l) => l.bookingId)).not.toContain(
      april.id,
    );
    expect(await statement(otherCitizen, '2025-12')).toEqual({
      month: '2025-12',
      lines: [],
      totalPaise: 0,
      currency: 'INR',
    });
  });

  it('shows this month’s statement when no month is named', async () => {
    const res = await getWith(app, '/api/billing/statement', { cookie: otherCitizen });
    expect(statementSchema.parse(await res.json()).month).toBe('2026-04');
  });

  it.each(['2026-13', '2026-3', 'March', '2026-03-01'])(
    'refuses the month %s with 400',
    async (month) => {
      const res = await getWith(app, `/api/billing/statement?month=${month}`, { cookie: citizen });
      expect(res.status).toBe(400);
      expect(
        (apiErrorSchema.parse(await res.json()).error.details as { path: string }[])[0]!.path,
      ).toBe('month');
    },
  );

  it('gives admins the month’s revenue, bookings per service and urgency, and top accounts', async () => {
    const res = await getWith(app, '/api/billing/overview?month=2026-03', { cookie: admin });
    expect(res.status).toBe(200);
    const overview = billingOverviewSchema.parse(await res.json());
    const citizenMarch = await statement(citizen, '2026-03');
    const otherMarch = await statement(otherCitizen, '2026-03');
    expect(overview.revenuePaise).toBe(citizenMarch.totalPaise + otherMarch.totalPaise);
    expect(overview.chargedBookings).toBe(citizenMarch.lines.length + otherMarch.lines.length);
    expect(overview.byService.map((s) => s.service)).toEqual([
      'ambulance',
      'fire',
      'police',
      'rescue',
    ]);
    expect(overview.byService.reduce((n, s) => n + s.revenuePaise, 0)).toBe(overview.revenuePaise);
    expect(overview.byUrgency.reduce((n, u) => n + u.bookings, 0)).toBe(overview.chargedBookings);
    expect(overview.topAccounts.map((a) => [a.name, a.email, a.revenuePaise])).toEqual([
      ['Demo Citizen', 'demo@smartcity.local', citizenMarch.totalPaise],
      ['Test User', 'test@smartcity.local', otherMarch.totalPaise],
    ]);
  });

  it('keeps the overview to admins', async () => {
    for (const cookie of [operator, citizen]) {
      expect((await getWith(app, '/api/billing/overview', { cookie })).status).toBe(403);
    }
    expect((await app.request('/api/billing/overview')).status).toBe(401);
    expect((await app.request('/api/billing/statement')).status).toBe(401);
  });
});

describe.each(testDatabases())('other payment providers on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  afterAll(() => database?.dispose());

  it('marks a booking payment_failed when the provider declines, charging nothing', async () => {
    database = await create();
    const { app, citizen, operator } = await createTestAppWithCallers(database, {
      paymentProviders: decliningPaymentProvider,
    });
    const res = await postJson(app, '/api/emergency/bookings', booking(), { cookie: citizen });
    expect(res.status).toBe(201);
    const declined = bookingSchema.parse(await res.json());
    expect(declined).toMatchObject({
      status: 'payment_failed',
      chargedPaise: 0,
      totalPaise: 53_100,
    });
    expect(declined.history.at(-1)).toMatchObject({
      action: 'payment_failed',
      fromStatus: 'pending_payment',
      toStatus: 'payment_failed',
      note: DECLINED_REASON,
      actor: { name: 'Declining test provider', role: null },
    });
    const month = declined.statementMonth;
    const res2 = await getWith(app, `/api/billing/statement?month=${month}`, { cookie: citizen });
    expect(statementSchema.parse(await res2.json()).lines).toEqual([]);
    // A failed booking is settled: nothing moves it on.
    const dispatch = await postJson(
      app,
      `/api/emergency/bookings/${declined.id}/dispatch`,
      {},
      { cookie: operator },
    );
    expect(dispatch.status).toBe(409);
  });

  it('lets operations confirm a booking whose payment waits, charging it then', async () => {
    const waitingDb = await create();
    try {
      const { app, citizen, operator } = await createTestAppWithCallers(waitingDb, {
        paymentProviders: waitingPaymentProvider,
      });
      const res = await postJson(app, '/api/emergency/bookings', booking(), { cookie: citizen });
      const waiting = bookingSchema.parse(await res.json());
      expect(waiting).toMatchObject({ status: 'pending_payment', chargedPaise: 0 });
      const month = waiting.statementMonth;
      const before = await getWith(app, `/api/billing/statement?month=${month}`, {
        cookie: citizen,
      });
      expect(statementSchema.parse(await before.json()).totalPaise).toBe(0);

      expect(
        (
          await postJson(
            app,
            `/api/emergency/bookings/${waiting.id}/dispatch`,
            {},
            { cookie: operator },
          )
        ).status,
      ).toBe(409);
      expect(
        (
          await postJson(
            app,
            `/api/emergency/bookings/${waiting.id}/confirm`,
            {},
            { cookie: citizen },
          )
        ).status,
      ).toBe(403);
      const confirmed = await postJson(
        app,
        `/api/emergency/bookings/${waiting.id}/confirm`,
        { note: 'Paid at the counter' },
        { cookie: operator },
      );
      expect(confirmed.status).toBe(200);
      expect(bookingSchema.parse(await confirmed.json())).toMatchObject({
        status: 'confirmed',
        chargedPaise: 53_100,
      });
      const after = await getWith(app, `/api/billing/statement?month=${month}`, {
        cookie: citizen,
      });
      expect(statementSchema.parse(await after.json()).totalPaise).toBe(53_100);
    } finally {
      await waitingDb.dispose();
    }
  });
});
