import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getOrCreateServerSecret } from './server-secret.repository';

const SECRET_NAME = 'auth';

/**
 * The secret that signs sessions and encrypts the signing keys: AUTH_SECRET when set, otherwise one
 * generated on first start and kept in the database, so sessions survive restarts and every server
 * process on the same database signs alike. Setting AUTH_SECRET keeps it outside the database.
 */
export async function resolveAuthSecret(
  configured: string | undefined,
  db: Kysely<Database>,
): Promise<string> {
  if (configured) return configured;
  return getOrCreateServerSecret(db, SECRET_NAME, randomBytes(32).toString('base64url'));
}
