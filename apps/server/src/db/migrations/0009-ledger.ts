import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // What an action's transaction records: chained into the ledger shortly after by the sequencer,
  // so actions on many connections never wait for one another to commit (decision 0013).
  await sql`
    create table ledger_pending (
      id bigserial primary key,
      type text not null,
      at text not null,
      payload text not null,
      ref text unique
    )`.execute(db);

  await sql`
    create table ledger_entries (
      seq bigint primary key,
      type text not null,
      at text not null,
      payload text not null,
      prev_hash text not null,
      hash text not null unique,
      signature text not null,
      ref text unique
    )`.execute(db);
  // The entry list filters by type, oldest first.
  await sql`create index ledger_entries_type_seq_idx on ledger_entries (type, seq)`.execute(db);

  await sql`
    create table ledger_checkpoints (
      tree_size bigint primary key,
      root_hash text not null,
      at text not null,
      signature text not null
    )`.execute(db);

  // The chain's end and the Merkle tree's right edge; its row lock lets one sequencer at a time
  // extend the chain, in any number of server processes.
  await sql`
    create table ledger_head (
      id smallint primary key check (id = 1),
      seq bigint not null,
      hash text not null,
      frontier jsonb not null
    )`.execute(db);
  await sql`insert into ledger_head values (1, 0, ${'0'.repeat(64)}, '[]'::jsonb)`.execute(db);

  // The public key the ledger is signed with; a server holding another key refuses to start.
  await sql`
    create table ledger_keys (
      kid text primary key,
      public_jwk jsonb not null,
      created_at timestamptz not null
    )`.execute(db);

  // The ledger only ever grows: the database itself refuses to change or remove what it holds.
  await sql`
    create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only: % on % is refused', tg_op, tg_table_name
        using errcode = 'P0001';
    end
    $$`.execute(db);
  for (const table of ['ledger_entries', 'ledger_checkpoints']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_refuse_change()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function ledger_refuse_change()`.execute(db);
  }

  await sql`
    create table contracts (
      id text primary key,
      name text not null,
      type text not null,
      description text not null,
      status text not null,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index contracts_updated_at_idx on contracts (updated_at desc)`.execute(db);
  await sql`
    create table contract_versions (
      contract_id text not null references contracts (id),
      version integer not null,
      name text not null,
      type text not null,
      description text not null,
      status text not null,
      at timestamptz not null,
      primary key (contract_id, version)
    )`.execute(db);
  // One piece of feedback per citizen and contract: the record stays a voice per person.
  await sql`
    create table contract_feedback (
      id text primary key,
      contract_id text not null references contracts (id),
      user_id text not null,
      author text not null,
      body text not null,
      created_at timestamptz not null,
      unique (contract_id, user_id)
    )`.execute(db);
  await sql`create index contract_feedback_contract_idx on contract_feedback (contract_id, created_at desc)`.execute(
    db,
  );

  // Which AQI band each air-quality sensor was last recorded in, so each crossing is recorded once.
  await sql`
    create table air_quality_bands (
      sensor_id text primary key,
      band text not null,
      changed_at timestamptz not null
    )`.execute(db);
  // One daily air-quality summary per city and local day.
  await sql`
    create table air_quality_daily_summaries (
      city_key text not null,
      day date not null,
      primary key (city_key, day)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'air_quality_daily_summaries',
    'air_quality_bands',
    'contract_feedback',
    'contract_versions',
    'contracts',
    'ledger_keys',
    'ledger_head',
    'ledger_checkpoints',
    'ledger_entries',
    'ledger_pending',
  ])
    await db.schema.dropTable(table).execute();
  await sql`drop function ledger_refuse_change()`.execute(db);
}
