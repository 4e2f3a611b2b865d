import { bookingPageSchema, bookingSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const atParkStreet = {
  service: 'ambulance',
  urgency: 'high',
  city: 'kolkata',
  location: 'Park Street, near the metro station',
  lat: 22.5535,
  lng: 88.3525,
  contactPhone: '98300 12345',
};

describe.each(testDatabases())('booking references and places on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let citizen: string;
  let operator: string;
  // 18:45 UTC on 30 November is already 1 December in Kolkata: the month is the city's.
  let clock = new Date('2026-11-30T18:45:00Z');

  const book = async (cookie: string, body: object, key?: string) => {
    clock = new Date(clock.getTime() + 60_000);
    const res = await postJson(app, '/api/emergency/bookings', body, {
      cookie,
      headers: key ? { 'Idempotency-Key': key } : {},
    });
    expect([200, 201]).toContain(res.status);
    return bookingSchema.parse(await res.json());
  };

  beforeAll(async () => {
    database = await create();
    ({ app, citizen, operator } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));
  });
  afterAll(() => database?.dispose());

  it('numbers each city’s bookings of a month in order, in the city’s month', async () => {
    const first = await book(citizen, atParkStreet);
    const second = await book(operator, atParkStreet);
    const elsewhere = await book(citizen, {
      ...atParkStreet,
      city: 'new-york',
      location: 'Times Square',
      lat: 40.758,
      lng: -73.9855,
      contactPhone: '+1 212 555 0123',
    });
    expect(first.reference).toBe('KOL-2612-0001');
    expect(second.reference).toBe('KOL-2612-0002');
    // Still 30 November in New York.
    expect(elsewhere.reference).toBe('NYC-2611-0001');
  });

  it('gives a retried booking its first reference and uses up no number', async () => {
    const body = { ...atParkStreet, location: 'Esplanade bus stand' };
    const first = await book(citizen, body, 'retry-1');
    const again = await book(citizen, body, 'retry-1');
    expect(again.id).toBe(first.id);
    expect(again.reference).toBe(first.reference);
    const next = await book(citizen, atParkStreet);
    const sequence = (reference: string) => Number(reference.split('-').at(-1));
    expect(sequence(next.reference)).toBe(sequence(first.reference) + 1);
  });

  it('names the area a point lies in, and none without coordinates or outside every area', async () => {
    expect((await book(citizen, atParkStreet)).area).toEqual({
      key: 'park-street',
      name: 'Park Street',
    });
    const { lat: _lat, lng: _lng, ...withoutPoint } = atParkStreet;
    expect((await book(citizen, withoutPoint)).area).toBeNull();
    // Inside Kolkata's bounds, far from every listed area.
    expect((await book(citizen, { ...atParkStreet, lat: 22.72, lng: 88.22 })).area).toBeNull();
  });

  it('answers one booking by its id with the same reference', async () => {
    const booking = await book(citizen, atParkStreet);
    const res = await getWith(app, `/api/emergency/bookings/${booking.id}`, { cookie: citizen });
    expect(res.status).toBe(200);
    expect(bookingSchema.parse(await res.json()).reference).toBe(booking.reference);
  });

  it('lists only the caller’s own bookings with owner=me, whatever the role', async () => {
    const mine = await book(operator, { ...atParkStreet, location: 'Control room test' });
    const everyone = bookingPageSchema.parse(
      await (await getWith(app, '/api/emergency/bookings?limit=100', { cookie: operator })).json(),
    );
    expect(everyone.items.some((b) => b.owner.id !== mine.owner.id)).toBe(true);
    const own = bookingPageSchema.parse(
      await (
        await getWith(app, '/api/emergency/bookings?limit=100&owner=me', { cookie: operator })
      ).json(),
    );
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((b) => b.owner.id === mine.owner.id)).toBe(true);
    const refused = await getWith(app, '/api/emergency/bookings?owner=them', { cookie: operator });
    expect(refused.status).toBe(400);
  });
});
