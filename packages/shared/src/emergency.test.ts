import { describe, expect, it } from 'vitest';
import { statementMonthSchema } from './billing';
import { bookingPhoneSchema, createBookingSchema, dispatchBookingSchema } from './bookings';
import { EMERGENCY_CATALOGUE, EMERGENCY_SERVICE_IDS, quoteRequestSchema } from './emergency';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('booking phone numbers', () => {
  it.each([
    ['9830012345', '+919830012345'],
    ['98300 12345', '+919830012345'],
    ['+91 98300-12345', '+919830012345'],
    ['+1 (212) 555-0123', '+12125550123'],
    ['+442071838750', '+442071838750'],
  ])('accepts %s as %s', (typed, stored) => {
    expect(bookingPhoneSchema.parse(typed)).toBe(stored);
  });

  it.each(['5830012345', '983001234', '98300123456', '+0 212 555 0123', 'call me', '+91'])(
    'refuses %s',
    (typed) => {
      expect(bookingPhoneSchema.safeParse(typed).success).toBe(false);
    },
  );
});

describe('booking bodies', () => {
  const base = {
    service: 'ambulance',
    urgency: 'high',
    location: 'Park Street',
    contactPhone: '9830012345',
  };

  it('fills the defaults and ignores a client-sent amount', () => {
    expect(createBookingSchema.parse({ ...base, totalPaise: 1 })).toEqual({
      service: 'ambulance',
      urgency: 'high',
      addOns: [],
      remote: false,
      location: 'Park Street',
      contactPhone: '+919830012345',
      paymentMethod: 'municipal_account',
    });
  });

  it('treats blank optional fields as absent', () => {
    const parsed = createBookingSchema.parse({
      ...base,
      description: '  ',
      email: '',
      alternateContact: '',
      lat: null,
      lng: null,
    });
    expect(parsed.description).toBeUndefined();
    expect(parsed.email).toBeUndefined();
    expect(parsed.alternateContact).toBeUndefined();
    expect(parsed.lat).toBeUndefined();
  });

  it('names an add-on of another service, a repeated add-on and a lone coordinate', () => {
    const result = createBookingSchema.safeParse({
      ...base,
      addOns: ['paramedic', 'hazmat', 'paramedic'],
      lat: 22.5,
    });
    expect(paths(result).sort()).toEqual(['addOns.1', 'addOns.2', 'lng']);
  });

  it('checks add-ons the same way in a quote', () => {
    expect(
      paths(
        quoteRequestSchema.safeParse({ service: 'police', urgency: 'low', addOns: ['oxygen'] }),
      ),
    ).toEqual(['addOns.0']);
  });

  it('takes a whole ETA in minutes within a day', () => {
    expect(dispatchBookingSchema.parse({ unit: 'AMB-12', etaMinutes: 8 })).toEqual({
      unit: 'AMB-12',
      etaMinutes: 8,
    });
    expect(paths(dispatchBookingSchema.safeParse({ etaMinutes: 2.5 }))).toEqual(['etaMinutes']);
    expect(paths(dispatchBookingSchema.safeParse({ etaMinutes: 0 }))).toEqual(['etaMinutes']);
  });
});

describe('the catalogue', () => {
  it('holds three add-ons a service, with distinct ids', () => {
    const ids = EMERGENCY_SERVICE_IDS.flatMap((s) =>
      EMERGENCY_CATALOGUE[s].addOns.map((a) => a.id),
    );
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });
});

describe('statement months', () => {
  it('takes YYYY-MM only', () => {
    expect(statementMonthSchema.safeParse('2026-03').success).toBe(true);
    for (const bad of ['2026-13', '2026-3', '26-03', '2026-03-01'])
      expect(statementMonthSchema.safeParse(bad).success, bad).toBe(false);
  });
});
