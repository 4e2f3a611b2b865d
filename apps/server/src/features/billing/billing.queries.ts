import type { Kysely } from 'kysely';
import type { QueryExamples } from '../../db/query-snapshots';
import type { Database } from '../../db/schema';
import { insertBooking } from '../emergency/emergency.repository';
import * as repository from './billing.repository';

const at = new Date('2026-11-20T10:00:00.000Z');
const month = '2026-11';
const charge = {
  booking_id: 'booking-example',
  user_id: 'user-example',
  account_name: 'Asha Sen',
  account_email: 'asha@example.com',
  city_key: 'kolkata',
  month,
  kind: 'booking',
  label: 'Ambulance (high urgency)',
  service: 'ambulance',
  urgency: 'high',
  amount_paise: 177000,
  booked_at: at,
  updated_at: at,
};

/** The booking the charge is for (statement_charges.booking_id references emergency_bookings). */
export async function setup(db: Kysely<Database>) {
  await insertBooking(db, {
    id: charge.booking_id,
    reference: 'KOL-2611-0001',
    user_id: charge.user_id,
    owner_name: charge.account_name,
    owner_email: charge.account_email,
    city_key: 'kolkata',
    service: 'ambulance',
    urgency: 'high',
    urgency_rank: 3,
    add_ons: JSON.stringify([]),
    remote: false,
    location: 'Gariahat Road, near the crossing',
    lat: null,
    lng: null,
    description: null,
    contact_name: charge.account_name,
    contact_phone: '+91 98300 00000',
    email: null,
    alternate_contact: null,
    payment_method: 'municipal_account',
    status: 'confirmed',
    quote_lines: JSON.stringify([]),
    subtotal_paise: 150000,
    gst_paise: 27000,
    total_paise: 177000,
    statement_month: month,
    created_at: at,
    updated_at: at,
  });
}

export const examples: QueryExamples<typeof repository> = {
  upsertCharge: (db) => repository.upsertCharge(db, charge),
  deleteCharge: (db) => repository.deleteCharge(db, charge.booking_id),
  listCharges: (db) => repository.listCharges(db, charge.user_id, month),
  sumChargesByServiceAndUrgency: (db) => repository.sumChargesByServiceAndUrgency(db, month),
  topChargedAccounts: (db) => repository.topChargedAccounts(db, month, 10),
};
