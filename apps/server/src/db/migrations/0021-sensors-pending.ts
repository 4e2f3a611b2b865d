/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * A sensor registered but never heard from is `pending`, not active: it raises no offline alert
 * until it has reported once. Silence is judged by when readings arrived (`last_heard`), not by the
 * readings' own times, so a device uploading an hour of buffered history is heard now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sensors drop constraint if exists sensors_status_check`.execute(db);
  await sql`alter table sensors add constraint sensors_status_check
    check (status in ('active', 'inactive', 'maintenance', 'offline', 'pending'))`.execute(db);
  await sql`alter table sensors alter column status set default 'pending'`.execute(db);
  await sql`alter table sensor_latest add column last_heard timestamptz`.execute(db);
  // The best the past tells: a reading's time stands for when it was heard.
  await sql`update sensor_latest set last_heard = last_reading where last_reading is not null`.execute(
    db,
  );
  await sql`
    update sensors s set status = 'pending'
    where s.status in ('active', 'offline')
      and not exists (
        select 1 from sensor_latest l where l.sensor_id = s.id and l.last_reading is not null
      )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update sensors set status = 'active' where status = 'pending'`.execute(db);
  await sql`alter table sensor_latest drop column last_heard`.execute(db);
  await sql`alter table sensors alter column status set default 'active'`.execute(db);
  await sql`alter table sensors drop constraint if exists sensors_status_check`.execute(db);
  await sql`alter table sensors add constraint sensors_status_check
    check (status in ('active', 'inactive', 'maintenance', 'offline'))`.execute(db);
}
