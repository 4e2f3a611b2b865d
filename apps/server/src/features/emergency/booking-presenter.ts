import {
  bookingHistoryEntrySchema,
  bookingStatusSchema,
  cityKeySchema,
  CURRENCY,
  emergencyServiceIdSchema,
  nearestArea,
  paymentMethodSchema,
  quoteLineSchema,
  urgencySchema,
  type Booking,
  type BookingHistoryEntry,
} from '@smart-city/shared';
import type { EmergencyBookingHistoryRow, EmergencyBookingRow } from '../../db/schema';

const iso = (at: Date | string) => new Date(at).toISOString();

function presentHistory(row: EmergencyBookingHistoryRow): BookingHistoryEntry {
  return bookingHistoryEntrySchema.parse({
    action: row.action,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor: { name: row.actor_name, role: row.actor_role },
    note: row.note,
    unit: row.unit,
    etaMinutes: row.eta_minutes,
    at: iso(row.at),
  });
}

/** Maps a stored booking and its history to the contract's shape. */
export function presentBooking(
  row: EmergencyBookingRow,
  history: readonly EmergencyBookingHistoryRow[],
): Booking {
  const city = cityKeySchema.parse(row.city_key);
  const area =
    row.lat !== null && row.lng !== null ? nearestArea(city, row.lat, row.lng) : undefined;
  return {
    id: row.id,
    reference: row.reference,
    city,
    service: emergencyServiceIdSchema.parse(row.service),
    urgency: urgencySchema.parse(row.urgency),
    addOns: row.add_ons,
    remote: row.remote,
    location: row.location,
    lat: row.lat,
    lng: row.lng,
    area: area ? { key: area.key, name: area.name } : null,
    description: row.description,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    email: row.email,
    alternateContact: row.alternate_contact,
    paymentMethod: paymentMethodSchema.parse(row.payment_method),
    status: bookingStatusSchema.parse(row.status),
    lines: row.quote_lines.map((line) => quoteLineSchema.parse(line)),
    subtotalPaise: row.subtotal_paise,
    gstPaise: row.gst_paise,
    totalPaise: row.total_paise,
    currency: CURRENCY,
    chargedPaise: row.charged_paise,
    statementMonth: row.statement_month,
    unit: row.unit,
    etaMinutes: row.eta_minutes,
    owner: { id: row.user_id, name: row.owner_name },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    history: history.map(presentHistory),
  };
}

/** A page of stored bookings with their history (of all of them, in any order) in the contract's shape. */
export function presentBookings(
  rows: readonly EmergencyBookingRow[],
  history: readonly EmergencyBookingHistoryRow[],
): Booking[] {
  const byBooking = new Map<string, EmergencyBookingHistoryRow[]>();
  for (const entry of history) {
    const list = byBooking.get(entry.booking_id) ?? [];
    list.push(entry);
    byBooking.set(entry.booking_id, list);
  }
  return rows.map((row) => presentBooking(row, byBooking.get(row.id) ?? []));
}
