import {
  apiErrorSchema,
  bookingSchema,
  DEFAULT_DEMO_PASSWORD,
  emergencyCatalogueSchema,
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

describe.each(testDatabases())('emergency bookings on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let citizen: string;
  let otherCitizen: string;
  let clock = new Date('2026-03-10T06:00:00Z');
  let keyCounter = 0;

  const book = (cookie: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(app, '/api/emergency/bookings', body, { cookie, headers });
  const booked = async (cookie: string, change: Record<string, unknown> = {}) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await book(cookie, { ...validBooking, ...change });
    expect(res.status).toBe(201);
    return bookingSchema.parse(await res.json());
  };
  const countBookings = async () =>
    Number(
      (
        await database.db
          .selectFrom('emergency_bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(400);
    const { error } = apiErrorSchema.parse(await res.json());
    expect(error.code).toBe('invalid_input');
    return (error.details as { path: string }[]).map((d) => d.path);
  };
  const nextKey = () => `key-${(keyCounter += 1)}`;

  beforeAll(async () => {
    database = await create();
    ({ app, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));
    otherCitizen = (await signIn(app, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
  });
  afterAll(() => database?.dispose());

  describe('the catalogue', () => {
    it('lists the four services with fees in paise and the city’s numbers', async () => {
      const res = await getWith(app, '/api/emergency/services?city=kolkata', { cookie: citizen });
      expect(res.status).toBe(200);
      const catalogue = emergencyCatalogueSchema.parse(await res.json());
      expect(catalogue.services.map((s) => s.id)).toEqual([
        'ambulance',
        'fire',
        'police',
        'rescue',
      ]);
      expect(catalogue.services[0]).toEqual({
        id: 'ambulance',
        name: 'Ambulance Service',
        baseFeePaise: 15_000,
        urgencyMultipliers: { low: 1, medium: 1.2, high: 1.5, critical: 2 },
        addOns: [
          { id: 'paramedic', name: 'Paramedic', feePaise: 7_500 },
          { id: 'oxygen', name: 'Oxygen', feePaise: 2_500 },
          { id: 'cardiac_monitor', name: 'Cardiac monitor', feePaise: 10_000 },
        ],
        currency: 'INR',
      });
      expect(catalogue.emergencyNumbers.map((n) => `${n.number} ${n.kind}`)).toEqual([
        '112 all',
        '100 police',
        '101 fire',
        '102 ambulance',
        '108 ambulance',
        '1091 women',
        '1098 child',
      ]);
      expect(catalogue.emergencyNumbers.filter((n) => n.primary).map((n) => n.number)).toEqual([
        '112',
      ]);
    });

    it('gives New York 911', async () => {
      const res = await getWith(app, '/api/emergency/services?city=new-york', { cookie: citizen });
      const catalogue = emergencyCatalogueSchema.parse(await res.json());
      expect(catalogue.emergencyNumbers).toEqual([{ number: '911', kind: 'all', primary: true }]);
    });
  });

  describe('booking', () => {
    it('books at the server’s own quote, confirmed at once on the municipal account', async () => {
      const before = await countBookings();
      const res = await book(citizen, { ...validBooking, totalPaise: 1, subtotalPaise: 1 });
      expect(res.status).toBe(201);
      const booking = bookingSchema.parse(await res.json());
      expect(booking).toMatchObject({
        city: 'kolkata',
        service: 'ambulance',
        urgency: 'high',
        addOns: ['paramedic'],
        remote: false,
        location: 'Park Street, near the metro station',
        lat: 22.5535,
        lng: 88.3525,
        description: 'An elderly man has fainted.',
        contactName: 'Demo Citizen',
        contactPhone: '+919830012345',
        email: 'asha@example.org',
        alternateContact: '+919830054321',
        paymentMethod: 'municipal_account',
        status: 'confirmed',
        // 150 × 1.5 + 75 = 300.00; GST 54.00.
        subtotalPaise: 30_000,
        gstPaise: 5_400,
        totalPaise: 35_400,
        chargedPaise: 35_400,
        currency: 'INR',
        statementMonth: '2026-03',
        unit: null,
        etaMinutes: null,
        owner: { name: 'Demo Citizen' },
      });
      expect(booking.lines.map((l) => [l.code, l.amountPaise])).toEqual([
        ['ambulance', 22_500],
        ['paramedic', 7_500],
      ]);
      expect(booking.history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor])).toEqual([
        ['created', null, 'pending_payment', { name: 'Demo Citizen', role: 'citizen' }],
        ['confirm', 'pending_payment', 'confirmed', { name: 'Municipal account', role: null }],
      ]);
      expect(await countBookings()).toBe(before + 1);

      const fetched = await getWith(app, `/api/emergency/bookings/${booking.id}`, {
        cookie: citizen,
      });
      expect(bookingSchema.parse(await fetched.json())).toEqual(booking);
    });

    it('needs only the service, urgency, place and phone', async () => {
      const res = await book(citizen, {
        service: 'police',
        urgency: 'low',
        location: 'Gariahat crossing',
        contactPhone: '+91 98300 12345',
      });
      expect(res.status).toBe(201);
      expect(bookingSchema.parse(await res.json())).toMatchObject({
        city: 'kolkata',
        addOns: [],
        remote: false,
        lat: null,
        description: null,
        email: null,
        totalPaise: 11_800,
      });
    });

    it('finds the city from the coordinates when none is named', async () => {
      const booking = await booked(citizen, { city: undefined, lat: 40.758, lng: -73.9855 });
      expect(booking.city).toBe('new-york');
    });

    it('dates the statement month in the city’s own time zone', async () => {
      // 20:00 UTC on 31 March is already 1 April in Kolkata, still 31 March in New York.
      clock = new Date('2026-03-31T20:00:00Z');
      const kolkata = bookingSchema.parse(await (await book(citizen, validBooking)).json());
      const newYork = bookingSchema.parse(
        await (
          await book(citizen, { ...validBooking, city: 'new-york', lat: 40.75, lng: -73.98 })
        ).json(),
      );
      expect([kolkata.statementMonth, newYork.statementMonth]).toEqual(['2026-04', '2026-03']);
      clock = new Date('2026-03-10T07:00:00Z');
    });

    it.each([
      ['no service', { service: undefined }, ['service']],
      ['an unknown service', { service: 'taxi' }, ['service']],
      ['no urgency', { urgency: undefined }, ['urgency']],
      ['an unknown urgency', { urgency: 'whenever' }, ['urgency']],
      ['an add-on of another service', { addOns: ['hazmat'] }, ['addOns.0']],
      ['the same add-on twice', { addOns: ['oxygen', 'oxygen'] }, ['addOns.1']],
      ['add-ons that are not a list', { addOns: 'oxygen' }, ['addOns']],
      ['a remote flag that is not a boolean', { remote: 'yes' }, ['remote']],
      ['an unknown city', { city: 'paris' }, ['city']],
      ['no location', { location: undefined }, ['location']],
      ['a blank location', { location: '   ' }, ['location']],
      ['a location over 300 characters', { location: 'x'.repeat(301) }, ['location']],
      ['a latitude off the globe', { lat: 91 }, ['lat']],
      ['a latitude without longitude', { lng: undefined }, ['lng']],
      ['a longitude without latitude', { lat: undefined }, ['lat']],
      ['a latitude that is text', { lat: 'north' }, ['lat']],
      ['a latitude outside the city', { lat: 22.9 }, ['lat']],
      ['a longitude outside the city', { lng: 87.0 }, ['lng']],
      ['coordinates in another city', { lat: 40.75, lng: -73.98 }, ['lat', 'lng']],
      ['coordinates in no city', { city: undefined, lat: 0, lng: 0 }, ['lat', 'lng']],
      ['a description over 1,000 characters', { description: 'x'.repeat(1_001) }, ['description']],
      ['no phone', { contactPhone: undefined }, ['contactPhone']],
      ['a landline-looking phone', { contactPhone: '033 2222 3333' }, ['contactPhone']],
      ['a nine-digit mobile', { contactPhone: '983001234' }, ['contactPhone']],
      ['an e-mail without @', { email: 'asha.example.org' }, ['email']],
      [
        'an alternate contact that is no phone',
        { alternateContact: 'my neighbour' },
        ['alternateContact'],
      ],
      ['a contact name over 100 characters', { contactName: 'x'.repeat(101) }, ['contactName']],
      ['an unknown payment method', { paymentMethod: 'cash' }, ['paymentMethod']],
    ])('refuses %s with a 400 naming the field, storing nothing', async (_case, change, fields) => {
      const before = await countBookings();
      const res = await book(citizen, { ...validBooking, ...change });
      expect(await fieldErrors(res)).toEqual(fields);
      expect(await countBookings()).toBe(before);
    });

    it('names every failing field at once', async () => {
      const res = await book(citizen, {
        service: 'fire',
        urgency: 'soon',
        location: '',
        contactPhone: '1',
      });
      expect((await fieldErrors(res)).sort()).toEqual(['contactPhone', 'location', 'urgency']);
    });

    it('takes the limits themselves', async () => {
      const booking = await booked(citizen, {
        location: 'l'.repeat(300),
        description: 'd'.repeat(1_000),
        lat: 22.75,
        lng: 88.2,
      });
      expect(booking.location).toHaveLength(300);
      expect(booking.description).toHaveLength(1_000);
    });

    it('stores markup as text', async () => {
      const markup = '<img src=x onerror=alert(1)>';
      const booking = await booked(citizen, { location: markup, description: markup });
      expect([booking.location, booking.description]).toEqual([markup, markup]);
    });

    it('asks who is calling', async () => {
      expect((await postJson(app, '/api/emergency/bookings', validBooking)).status).toBe(401);
    });
  });

  describe('an Idempotency-Key', () => {
    it('makes a repeat of the same body give back the same booking with 200', async () => {
      const key = nextKey();
      const before = await countBookings();
      const first = await book(citizen, validBooking, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      const firstBooking = bookingSchema.parse(await first.json());
      // Key order, add-on order and phone spelling do not make another request.
      const again = await book(
        citizen,
        { ...validBooking, contactPhone: '+919830012345', addOns: ['paramedic'] },
        { 'Idempotency-Key': key },
      );
      expect(again.status).toBe(200);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(bookingSchema.parse(await again.json())).toEqual(firstBooking);
      expect(await countBookings()).toBe(before + 1);
    });

    it('refuses the same key with another body with 409, storing nothing', async () => {
      const key = nextKey();
      expect((await book(citizen, validBooking, { 'Idempotency-Key': key })).status).toBe(201);
      const before = await countBookings();
      const other = await book(
        citizen,
        { ...validBooking, urgency: 'critical' },
        { 'Idempotency-Key': key },
      );
      expect(other.status).toBe(409);
      expect(apiErrorSchema.parse(await other.json()).error.code).toBe('conflict');
      expect(await countBookings()).toBe(before);
    });

    it('is the caller’s own: another person may use the same key', async () => {
      const key = nextKey();
      const mine = await book(citizen, validBooking, { 'Idempotency-Key': key });
      const theirs = await book(otherCitizen, validBooking, { 'Idempotency-Key': key });
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      const [a, b] = [
        bookingSchema.parse(await mine.json()),
        bookingSchema.parse(await theirs.json()),
      ];
      expect(a.id).not.toBe(b.id);
    });

    it('books once when a double click sends the same request five times at once', async () => {
      const key = nextKey();
      const before = await countBookings();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => book(citizen, validBooking, { 'Idempotency-Key': key })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(
        await Promise.all(answers.map(async (res) => bookingSchema.parse(await res.json()).id)),
      );
      expect(ids.size).toBe(1);
      expect(await countBookings()).toBe(before + 1);
    });

    it('is refused with 400 when it is not visible ASCII', async () => {
      const res = await book(citizen, validBooking, { 'Idempotency-Key': 'x'.repeat(256) });
      expect(await fieldErrors(res)).toEqual(['idempotency-key']);
    });

    it('remembers nothing of a refused body: the key still books once the body is right', async () => {
      const key = nextKey();
      const refused = await book(
        citizen,
        { ...validBooking, contactPhone: '1' },
        { 'Idempotency-Key': key },
      );
      expect(refused.status).toBe(400);
      expect((await book(citizen, validBooking, { 'Idempotency-Key': key })).status).toBe(201);
    });
  });
});
