import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per failed sign-in, kept in the database so every server process sees the same count.
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('account_key', 'text')
    .addColumn('ip', 'text')
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sign_in_failures_has_key', sql`account_key is not null or ip is not null`)
    .execute();
  await db.schema
    .createIndex('sign_in_failures_account_idx')
    .on('sign_in_failures')
    .columns(['account_key', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_ip_idx')
    .on('sign_in_failures')
    .columns(['ip', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_failed_at_idx')
    .on('sign_in_failures')
    .column('failed_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
}
