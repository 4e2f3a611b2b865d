/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * One row per Idempotency-Key an author sent with a new notice, as bookings have: a notice sent
 * again after its answer was lost (the app's outbox does so) is published once. The notice is
 * inserted after its key in the same transaction, hence the deferred check; removing the notice
 * removes its key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table notice_idempotency_keys (
    user_id text not null,
    key text not null,
    request_hash text not null,
    notice_id text not null references notices (id) on delete cascade
      deferrable initially deferred,
    created_at timestamptz not null,
    primary key (user_id, key)
  )`.execute(db);
  await sql`create index notice_idempotency_keys_notice_idx on notice_idempotency_keys (notice_id)`.execute(
    db,
  );
  await sql`comment on table notice_idempotency_keys is ${sql.lit(
    'An Idempotency-Key an author sent with a new notice, and the notice it published.',
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice_idempotency_keys').execute();
}
