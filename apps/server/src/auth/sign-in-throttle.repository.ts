import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type FailureKey = { column: 'account_key' | 'ip'; value: string };

/** Records one failed sign-in for an account and/or a client address. */
export async function insertSignInFailure(
  db: Kysely<Database>,
  failure: { accountKey: string | null; ip: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values({ account_key: failure.accountKey, ip: failure.ip, failed_at: failure.at })
    .execute();
}

/** When the latest `limit` failures for an account or an address since `since` happened, newest first. */
export async function recentFailureTimes(
  db: Kysely<Database>,
  key: FailureKey,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('sign_in_failures')
    .select('failed_at')
    .where(key.column, '=', key.value)
    .where('failed_at', '>=', since)
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.failed_at);
}

/** Forgets an account's failures once it signs in. */
export async function deleteAccountFailures(
  db: Kysely<Database>,
  accountKey: string,
): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('account_key', '=', accountKey).execute();
}

/** Drops failures too old to count towards any lock. */
export async function deleteFailuresBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('failed_at', '<', before).execute();
}
