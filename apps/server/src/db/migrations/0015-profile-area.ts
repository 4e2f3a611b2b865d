import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // No check against the list of areas: the list lives in the contract and may grow or lose an
  // area, and the profile's presenter reads a key no longer listed as no area.
  await db.schema.alterTable('users').addColumn('area', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('area').execute();
}
