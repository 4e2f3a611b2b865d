import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { format, resolveConfig } from 'prettier';
import { catalogColumns, type CatalogColumn as Column } from './catalog.repository';
import type { Database } from './schema';

/**
 * Writes `db/schema.ts`, the query builder's types, from a migrated database (`npm run db:types`),
 * so the types are what the migrations made, not a second description of it. Table and column notes
 * are the database's own comments (`comment on`, written in the migrations). What the database
 * cannot say is declared here: the tables the app leaves to others, and the columns read or written
 * as other types than their database type gives (JSON documents, bigint counts, write-once columns).
 */

/** The file this writes. */
export const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

/** Tables the app never queries: the migrator's, the socket adapter's, better-auth's own, the legacy. */
const LEFT_OUT = new Set([
  'schema_migrations',
  'schema_migrations_lock',
  'socket_io_attachments',
  'auth_account',
  'auth_jwks',
  'auth_two_factor',
  'auth_verification',
  'sensor_data_unpartitioned',
  'sensor_readings_minute_unpartitioned',
  'sensor_readings_quarter_unpartitioned',
]);

/** Only these columns of better-auth's tables are the app's business. */
const ONLY_COLUMNS: Record<string, string[]> = {
  auth_user: ['id', 'name', 'email', 'role', 'banned', 'username', 'is_demo'],
  auth_session: ['id', 'userId'],
};

/** Notes on better-auth's tables, which its own migrations make (and leave without comments). */
const NOTES_OF_OTHERS: Record<string, string> = {
  auth_user:
    "The columns of better-auth's account table that the app reads or writes itself. better-auth owns the table (created by its own migrations), so only what the app needs is declared here.",
  auth_session: "The column of better-auth's session table the app uses (to end demo sessions).",
};

const JSON_RECORD = 'Json<Record<string, unknown>>';
const NULLABLE_JSON_RECORD =
  'ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>';
const FACTS = 'ColumnType<AlertFacts | null, string | null | undefined, string | null>';
const COUNT = 'number | string';

/** Columns whose type in the code is not the one their database type gives (`table.column`). */
const COLUMN_TYPES: Record<string, string> = {
  'sensors.metadata': JSON_RECORD,
  'users.notification_preferences': JSON_RECORD,
  'sensor_latest.reading_metadata': NULLABLE_JSON_RECORD,
  'sensor_data.metadata': NULLABLE_JSON_RECORD,
  'readings_fold.folded_below': 'string',
  'city_readings_hourly.count': 'ColumnType<number, number, number>',
  'city_readings_daily.count': 'ColumnType<number, number, number>',
  'alerts.facts': FACTS,
  'alerts.sensor_type': 'Generated<string | null>',
  'alert_pending.facts': 'ColumnType<unknown, string, string>',
  'alert_history.id': 'Generated<string>',
  'alert_history.details': NULLABLE_JSON_RECORD,
  'alert_comments.mentions': 'Json<{ id: string; name: string }[]>',
  'notifications.alert_facts': FACTS,
  'email_outbox.id': 'Generated<string>',
  'email_outbox.params': JSON_RECORD,
  'sign_in_failures.id': 'Generated<string>',
  'sensor_counts.n': COUNT,
  'alert_counts.n': COUNT,
  'ledger_entries.seq': 'ColumnType<string, number, never>',
  'ledger_checkpoints.tree_size': 'ColumnType<string, number, never>',
  'ledger_head.seq': 'ColumnType<string, never, number>',
  'ledger_head.frontier': 'ColumnType<unknown, never, string>',
  'ledger_keys.public_jwk': 'ColumnType<unknown, string, never>',
  'emergency_bookings.add_ons': 'Json<string[]>',
  'emergency_bookings.quote_lines':
    'Json<{ kind: string; code: string; label: string; amountPaise: number }[]>',
  'air_quality_daily_summaries.day': 'ColumnType<Date, string, never>',
};

/** The row types the code names, as [name, table, Selectable or Insertable]. */
const ROW_TYPES: [string, string, 'Selectable' | 'Insertable'][] = [
  ['CityRow', 'cities', 'Selectable'],
  ['NewCity', 'cities', 'Insertable'],
  ['SensorRow', 'sensors', 'Selectable'],
  ['NewSensor', 'sensors', 'Insertable'],
  ['UserRow', 'users', 'Selectable'],
  ['AlertRow', 'alerts', 'Selectable'],
  ['AlertGroupRow', 'alert_groups', 'Selectable'],
  ['AlertPendingRow', 'alert_pending', 'Selectable'],
  ['AlertHistoryRow', 'alert_history', 'Selectable'],
  ['AlertCommentRow', 'alert_comments', 'Selectable'],
  ['DeviceKeyRow', 'device_keys', 'Selectable'],
  ['NoticeRow', 'notices', 'Selectable'],
  ['LedgerEntryRow', 'ledger_entries', 'Selectable'],
  ['LedgerCheckpointRow', 'ledger_checkpoints', 'Selectable'],
  ['ContractRow', 'contracts', 'Selectable'],
  ['ContractVersionRow', 'contract_versions', 'Selectable'],
  ['ContractFeedbackRow', 'contract_feedback', 'Selectable'],
  ['EmergencyBookingRow', 'emergency_bookings', 'Selectable'],
  ['EmergencyBookingHistoryRow', 'emergency_booking_history', 'Selectable'],
  ['StatementChargeRow', 'statement_charges', 'Selectable'],
  ['EscalationPolicyRow', 'escalation_policies', 'Selectable'],
  ['EscalationStepRow', 'escalation_steps', 'Selectable'],
  ['NotificationRow', 'notifications', 'Selectable'],
  ['ReportRow', 'reports', 'Selectable'],
  ['EmailOutboxRow', 'email_outbox', 'Selectable'],
];

/** The TypeScript type a database type is read as. */
const BASE_TYPES: Record<string, string> = {
  text: 'string',
  date: 'string',
  integer: 'number',
  smallint: 'number',
  'double precision': 'number',
  // Drivers read bigint as a string (it may not fit a number).
  bigint: 'string',
  boolean: 'boolean',
  'text[]': 'string[]',
};

function typeOf(c: Column): string {
  const declared = COLUMN_TYPES[`${c.table}.${c.column}`];
  if (declared) return declared;
  if (c.type === 'timestamp with time zone') return c.nullable ? 'NullableTimestamp' : 'Timestamp';
  const base = BASE_TYPES[c.type];
  if (!base)
    throw new Error(
      `${c.table}.${c.column} is ${c.type}: say in COLUMN_TYPES (schema-generator.ts) how the code reads it`,
    );
  const read = c.nullable ? `${base} | null` : base;
  return c.generated ? `Generated<${read}>` : read;
}

const pascal = (name: string) =>
  name.replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
const interfaceOf = (table: string) => `${pascal(table)}Table`;

/** A note as a doc comment, wrapped to the project's line length at `indent`. */
function docComment(note: string | null, indent: string): string {
  if (!note) return '';
  const width = 100 - indent.length - 3;
  const lines: string[] = [];
  let line = '';
  for (const word of note.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  if (lines.length === 1 && indent.length + lines[0]!.length + 7 <= 100)
    return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

const quoteKey = (name: string) => (/^[a-z_][a-z0-9_]*$/i.test(name) ? name : `'${name}'`);

/** The text of `db/schema.ts` for the database `db` is migrated to, formatted. */
export async function generateSchema(db: Kysely<Database>): Promise<string> {
  const columns = (await catalogColumns(db)).filter(
    (c) => !LEFT_OUT.has(c.table) && (ONLY_COLUMNS[c.table]?.includes(c.column) ?? true),
  );
  const tables = [...new Set(columns.map((c) => c.table))];
  const missing = Object.keys(COLUMN_TYPES).filter(
    (key) => !columns.some((c) => `${c.table}.${c.column}` === key),
  );
  if (missing.length > 0)
    throw new Error(`COLUMN_TYPES names columns the database lacks: ${missing.join(', ')}`);

  let text = `// Generated by \`npm run db:types\` from the migrated database: do not edit by hand. The notes
// are the database's comments (\`comment on\` in the migrations); types beyond the database's are
// declared in schema-generator.ts.
import type { AlertFacts } from '@smart-city/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are read as Date and written as Date or ISO strings. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
`;
  for (const table of tables) {
    const own = columns.filter((c) => c.table === table);
    text += `\n${docComment(own[0]!.tableNote ?? NOTES_OF_OTHERS[table] ?? null, '')}export interface ${interfaceOf(table)} {\n`;
    for (const c of own)
      text += `${docComment(c.note, '  ')}  ${quoteKey(c.column)}: ${typeOf(c)};\n`;
    text += '}\n';
  }
  text += '\nexport interface Database {\n';
  for (const table of tables) text += `  ${table}: ${interfaceOf(table)};\n`;
  text += '}\n\n';
  for (const [name, table, kind] of ROW_TYPES)
    text += `export type ${name} = ${kind}<${interfaceOf(table)}>;\n`;
  const options = await resolveConfig(SCHEMA_FILE);
  return format(text, { ...options, parser: 'typescript' });
}
