import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // One counter per city and month: the last sequence number a reference of that prefix was given.
  // Taking the next number is one upsert, so two bookings at once never share a number.
  await db.schema
    .createTable('booking_reference_counters')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('emergency_bookings').addColumn('reference', 'text').execute();

  // Bookings made before references existed get theirs in booking order, on the same rule as new
  // ones: the city's code, the statement month as yymm (already in the city's time zone) and the
  // place in that month. The codes are copied here, not imported, so this step never changes.
  await sql`
    with numbered as (
      select id,
        (case city_key when 'kolkata' then 'KOL' when 'kharagpur' then 'KGP'
          when 'new-york' then 'NYC' else upper(left(city_key, 3)) end)
          || '-' || substr(statement_month, 3, 2) || substr(statement_month, 6, 2) as prefix,
        row_number() over (partition by city_key, statement_month order by created_at, id) as seq
      from emergency_bookings
    )
    update emergency_bookings b
    set reference = n.prefix || '-' || lpad(n.seq::text, 4, '0')
    from numbered n
    where b.id = n.id`.execute(db);
  await sql`
    insert into booking_reference_counters (prefix, last)
    select left(reference, length(reference) - 5), count(*)::int
    from emergency_bookings
    group by 1`.execute(db);

  await sql`alter table emergency_bookings alter column reference set not null`.execute(db);
  await sql`create unique index emergency_bookings_reference_idx on emergency_bookings (reference)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('emergency_bookings').dropColumn('reference').execute();
  await db.schema.dropTable('booking_reference_counters').execute();
}
