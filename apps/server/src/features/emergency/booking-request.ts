import {
  DEFAULT_CITY_KEY,
  EMERGENCY_CATALOGUE,
  emergencyServiceIdSchema,
  urgencySchema,
  type City,
  URGENCY_RANK,
  type CreateBooking,
  type Quote,
} from '@smart-city/shared';
import type { Insertable } from 'kysely';
import type { EmergencyBookingRow, EmergencyBookingsTable } from '../../db/schema';
import { Invalid } from '../../lib/domain-errors';
import { requestHash } from '../../lib/request-hash';
import type { PaymentBooking } from '../payments/payments.service';

// What a booking request decides before anything is stored: the city it goes to, the hash that
// tells a retry from another booking, and the booking as its payment provider sees it.

/** The name a caller acts and books under: their own, or their e-mail address when they gave none. */
export function callerNameOf(caller: { name: string; email: string }): string {
  return caller.name.trim() || caller.email;
}

/** The same booking always hashes the same, whatever the order of its keys or add-ons. */
export function bookingRequestHash(body: CreateBooking): string {
  return requestHash({ ...body, addOns: [...body.addOns].sort() });
}

function inside(city: City, lat: number, lng: number): boolean {
  const { north, south, east, west } = city.bounds;
  return lat <= north && lat >= south && lng <= east && lng >= west;
}

/** The city help goes to: the one named, else the one whose bounds hold lat/lng, else the default. */
export function bookingCityOf(cities: City[], body: CreateBooking): City {
  const { lat, lng } = body;
  const located = lat !== undefined && lng !== undefined;
  if (!body.city && located) {
    const holding = cities.find((city) => inside(city, lat, lng));
    if (holding) return holding;
    const message = 'must lie inside one of the cities served';
    throw new Invalid(`Invalid input: lat ${message}`, [
      { path: 'lat', message },
      { path: 'lng', message },
    ]);
  }
  const key = body.city ?? DEFAULT_CITY_KEY;
  const city = cities.find((candidate) => candidate.key === key);
  if (!city) throw new Error(`City ${key} is not in the database`);
  if (located) {
    const { north, south, east, west } = city.bounds;
    const details = [];
    if (lat > north || lat < south)
      details.push({
        path: 'lat',
        message: `must lie inside ${city.name} (${south} to ${north})`,
      });
    if (lng > east || lng < west)
      details.push({ path: 'lng', message: `must lie inside ${city.name} (${west} to ${east})` });
    if (details.length > 0)
      throw new Invalid(`Invalid input: ${details[0]!.path} ${details[0]!.message}`, details);
  }
  return city;
}

export function paymentBookingOf(row: EmergencyBookingRow): PaymentBooking {
  const service = emergencyServiceIdSchema.parse(row.service);
  const urgency = urgencySchema.parse(row.urgency);
  return {
    id: row.id,
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email },
    city: row.city_key,
    service,
    urgency,
    label: `${EMERGENCY_CATALOGUE[service].name}, ${urgency} urgency`,
    totalPaise: row.total_paise,
    statementMonth: row.statement_month,
    bookedAt: new Date(row.created_at),
  };
}

/** The row a new booking is stored as, before payment: its fee as quoted, its owner the caller. */
export function newBookingRow(booking: {
  id: string;
  reference: string;
  caller: { id: string; name: string; email: string };
  city: City;
  body: CreateBooking;
  quote: Quote;
  statementMonth: string;
  at: Date;
}): Insertable<EmergencyBookingsTable> {
  const { id, reference, caller, city, body, quote, statementMonth, at } = booking;
  const callerName = callerNameOf(caller);
  return {
    id,
    reference,
    user_id: caller.id,
    owner_name: callerName,
    owner_email: caller.email,
    city_key: city.key,
    service: body.service,
    urgency: body.urgency,
    urgency_rank: URGENCY_RANK[body.urgency],
    add_ons: JSON.stringify(quote.lines.filter((l) => l.kind === 'add_on').map((l) => l.code)),
    remote: body.remote,
    location: body.location,
    lat: body.lat ?? null,
    lng: body.lng ?? null,
    description: body.description ?? null,
    contact_name: body.contactName ?? callerName,
    contact_phone: body.contactPhone,
    email: body.email ?? null,
    alternate_contact: body.alternateContact ?? null,
    payment_method: body.paymentMethod,
    status: 'pending_payment',
    quote_lines: JSON.stringify(quote.lines),
    subtotal_paise: quote.subtotalPaise,
    gst_paise: quote.gstPaise,
    total_paise: quote.totalPaise,
    statement_month: statementMonth,
    created_at: at,
    updated_at: at,
  };
}
