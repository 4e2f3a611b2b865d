import {
  areaKeySchema,
  roleSchema,
  type ProfileUpdate,
  type UserProfile,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  findProfile,
  updateProfile,
  type ProfileChanges,
  type ProfileRecord,
} from './profile.repository';

/** Maps a stored profile to the app's user shape. */
function presentProfile(row: ProfileRecord): UserProfile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: roleSchema.parse(row.role),
    department: row.department,
    phone: row.phone,
    avatarUrl: row.avatar_url,
    isActive: row.is_active,
    lastLogin: row.last_login ? new Date(row.last_login).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    isDemoUser: row.is_demo === true,
    area: areaKeySchema.safeParse(row.area).data ?? null,
  };
}

function toChanges(update: ProfileUpdate): ProfileChanges {
  return {
    first_name: update.firstName,
    last_name: update.lastName,
    department: update.department === undefined ? undefined : update.department || null,
    phone: update.phone === undefined ? undefined : update.phone || null,
    avatar_url: update.avatarUrl,
    area: update.area,
  };
}

export type ProfileService = {
  /** The profile of an account, or null when it has none. */
  get: (userId: string) => Promise<UserProfile | null>;
  /** Applies a partial update; null when the account has no profile. */
  update: (userId: string, update: ProfileUpdate) => Promise<UserProfile | null>;
};

/** Reads and changes the signed-in person's own profile. */
export function createProfileService(db: Kysely<Database>): ProfileService {
  async function get(userId: string) {
    const row = await findProfile(db, userId);
    return row ? presentProfile(row) : null;
  }
  return {
    get,
    async update(userId, update) {
      return (await updateProfile(db, userId, toChanges(update))) ? get(userId) : null;
    },
  };
}
