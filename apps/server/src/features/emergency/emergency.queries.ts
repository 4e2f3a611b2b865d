import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './emergency.repository';

const at = new Date('2026-11-20T10:00:00.000Z');
const userId = 'user-example';
const openStatuses = ['pending_payment', 'confirmed', 'dispatched', 'in_progress'];

const booking = {
  id: 'booking-example',
  reference: 'KOL-2611-0001',
  user_id: userId,
  owner_name: 'Asha Sen',
  owner_email: 'asha@example.com',
  city_key: 'kolkata',
  service: 'ambulance',
  urgency: 'high',
  urgency_rank: 3,
  add_ons: JSON.stringify(['oxygen']),
  remote: false,
  location: 'Gariahat Road, near the crossing',
  lat: 22.518,
  lng: 88.366,
  description: 'Elderly person with breathing difficulty.',
  contact_name: 'Asha Sen',
  contact_phone: '+91 98300 00000',
  email: 'asha@example.com',
  alternate_contact: null,
  payment_method: 'municipal_account',
  status: 'pending_payment',
  quote_lines: JSON.stringify([
    { kind: 'base', code: 'ambulance', label: 'Ambulance', amountPaise: 150000 },
  ]),
  subtotal_paise: 150000,
  gst_paise: 27000,
  total_paise: 177000,
  statement_month: '2026-11',
  created_at: at,
  updated_at: at,
};

export const examples: QueryExamples<typeof repository> = {
  insertBooking: (db) => repository.insertBooking(db, booking),
  updateBooking: (db) =>
    repository.updateBooking(db, booking.id, {
      status: 'confirmed',
      charged_paise: booking.total_paise,
      updated_at: at,
    }),
  nextReferenceSequence: (db) => repository.nextReferenceSequence(db, 'KOL-2611'),
  findBooking: (db) => repository.findBooking(db, booking.id, true),
  insertHistory: (db) =>
    repository.insertHistory(db, {
      booking_id: booking.id,
      action: 'confirm',
      from_status: 'pending_payment',
      to_status: 'confirmed',
      actor_name: 'Municipal account',
      actor_role: null,
      note: null,
      at,
    }),
  listHistory: (db) => repository.listHistory(db, [booking.id]),
  listBookings: (db) =>
    repository.listBookings(db, {
      city: 'kolkata',
      statuses: openStatuses,
      service: 'ambulance',
      from: new Date('2026-11-01T00:00:00.000Z'),
      order: 'queue',
      // The last booking of the page before: a critical one.
      after: { order: 'queue', rank: 4, createdAt: at, id: 'booking-before' },
      limit: 20,
    }),
  countBookingsByStatus: (db) =>
    repository.countBookingsByStatus(db, { city: 'kolkata', statuses: openStatuses }),
  claimIdempotencyKey: (db) =>
    repository.claimIdempotencyKey(db, {
      userId,
      key: 'idempotency-key-example',
      requestHash: 'd'.repeat(64),
      bookingId: booking.id,
      at,
    }),
  findIdempotencyKey: (db) => repository.findIdempotencyKey(db, userId, 'idempotency-key-example'),
};
