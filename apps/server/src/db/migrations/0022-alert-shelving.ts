import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Until when an operator has put an alert aside, why, and who (by name, as the history keeps its
  // actors). The alert keeps its status: shelving hides it from the active views for a while.
  await db.schema
    .alterTable('alerts')
    .addColumn('shelved_until', 'timestamptz')
    .addColumn('shelved_reason', 'text')
    .addColumn('shelved_by', 'text')
    .execute();
  // Few alerts are shelved at a time: the shelved list, and the checks that find shelves run out,
  // read them through this small index; the active lists keep their own and only filter them out.
  await sql`create index alerts_shelved_idx on alerts (shelved_until)
    where shelved_until is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_shelved_idx').execute();
  await db.schema
    .alterTable('alerts')
    .dropColumn('shelved_until')
    .dropColumn('shelved_reason')
    .dropColumn('shelved_by')
    .execute();
}
