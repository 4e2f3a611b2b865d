import type { StaffMember } from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { listPeople, listStaff, type PersonRecord, type StaffRecord } from './staff.repository';

export type { PersonRecord, StaffRecord } from './staff.repository';

/** The name shown for an account: its display name, else the part of its e-mail before the @. */
export function staffName(record: Pick<StaffRecord, 'name' | 'email'>): string {
  return record.name.trim() || record.email.split('@')[0] || record.email;
}

function present(record: StaffRecord): StaffMember {
  return {
    id: record.id,
    name: staffName(record),
    username: record.username,
    role: record.role,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * The operators and admins: who can take an alert, be mentioned in its thread, and be notified by
 * its escalation policy.
 */
export function createStaffService(db: Kysely<Database>) {
  return {
    /** Every active operator and admin, as the assign menu and mentions offer them. */
    async list(): Promise<StaffMember[]> {
      return (await listStaff(db)).map(present);
    },

    /** Active operators and admins with their e-mail and preferences, to notify them. */
    records(
      trx: Kysely<Database> | Transaction<Database>,
      only?: { ids?: readonly string[]; usernames?: readonly string[] },
    ): Promise<StaffRecord[]> {
      return listStaff(trx, only);
    },

    /** These active accounts of any role, with their e-mail and preferences, to notify them. */
    people(
      trx: Kysely<Database> | Transaction<Database>,
      ids: readonly string[],
    ): Promise<PersonRecord[]> {
      return listPeople(trx, ids);
    },

    /** One active operator or admin, or undefined. */
    async find(id: string): Promise<StaffRecord | undefined> {
      return (await listStaff(db, { ids: [id] }))[0];
    },
  };
}
