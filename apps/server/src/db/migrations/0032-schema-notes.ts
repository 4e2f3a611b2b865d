/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * The notes on the app's tables and columns, kept by the database itself (`comment on`): psql's
 * `\d+` shows them, and `npm run db:types` writes them into `db/schema.ts` as doc comments. A later
 * migration that adds a table or a column says what it holds the same way.
 */
const NOTES: [string, string][] = [
  [
    'users',
    "The platform's profile of an account, one per account, beside better-auth's own user row.",
  ],
  [
    'users.notification_preferences',
    'The notification switches the person changed from the defaults.',
  ],
  ['users.language', "The language the person chose ('en', 'hi' or 'bn'); null until they choose."],
  [
    'users.area',
    'The key of the area the person calls home (`CITY_AREAS`); null until they choose one.',
  ],
  ['sign_in_failures', 'One failed sign-in, by account and by client address.'],
  [
    'server_secrets',
    'Secrets the server generated for itself (e.g. the session secret when AUTH_SECRET is unset).',
  ],
  [
    'server_processes',
    'A server process on the database; `seen_at` is refreshed while it runs, the row removed as it stops.',
  ],
  [
    'shared_settings',
    'A setting every process on the database must share, as a fingerprint (see features/cluster).',
  ],
  ['shared_settings.shown', 'The value, for a setting that is not secret; null for a secret.'],
  [
    'sensor_latest',
    "A sensor's latest reading, as the last fold left it; one row per sensor, made with the sensor.",
  ],
  [
    'sensor_latest.last_heard',
    "When a reading last arrived (not the reading's own time): silence is judged by this.",
  ],
  [
    'sensor_latest.reading_metadata',
    'The metadata of the latest reading (extra figures such as PM2.5), kept with its value.',
  ],
  ['sensor_data', 'One stored reading of a sensor.'],
  [
    'sensor_data.xact',
    'The transaction that wrote the row, for the fold; 0 when written with its rollups.',
  ],
  [
    'readings_fold',
    "How far the fold has applied raw readings to the rollups and the sensors' latest values.",
  ],
  [
    'readings_fold.quarters_below',
    'Quarter-hours before this are in `sensor_readings_quarter`; later ones are built as they end.',
  ],
  [
    'readings_fold.hours_below',
    'Hours before this are in `sensor_readings_hourly` and `city_readings_hourly`.',
  ],
  [
    'readings_fold.days_below',
    'Days before this are in `sensor_readings_daily` and `city_readings_daily`.',
  ],
  [
    'sensor_readings_hourly',
    "Aggregates of one sensor's readings within one hour (the month's history; by month).",
  ],
  [
    'sensor_readings_daily',
    "Aggregates of one sensor's readings within one UTC day (the year's history).",
  ],
  [
    'city_readings_hourly',
    "Aggregates of a city's sensors of one type within an hour or a day: all their readings (min, max, sum, count), how many sensors reported, and the sums of each sensor's mean, lowest and highest.",
  ],
  [
    'city_readings_daily',
    "Aggregates of a city's sensors of one type within an hour or a day: all their readings (min, max, sum, count), how many sensors reported, and the sums of each sensor's mean, lowest and highest.",
  ],
  [
    'sensor_readings_quarter',
    "Aggregates of one sensor's readings within one quarter of an hour (the week's history).",
  ],
  ['sensor_readings_minute', "Aggregates of one sensor's readings within one minute."],
  [
    'alerts.in_range_since',
    'When the sensor came back in range; the alert resolves itself once this is old enough.',
  ],
  [
    'alerts.assignee_id',
    'The operator or admin who has taken the alert, and their name as it was then.',
  ],
  [
    'alerts.severity_since',
    'When the alert reached its severity (null: when it was raised); escalation steps count from it.',
  ],
  ['alerts.escalated_at', 'When an escalation step last fired for it.'],
  ['alerts.group_id', 'The flood group it joined, if any.'],
  [
    'alerts.shelved_until',
    'Until when an operator shelved it, why and who (by name as it was then); null when not shelved.',
  ],
  [
    'alerts.suppressed',
    'Raised while a maintenance window covered its sensor: recorded, not shown nor escalated.',
  ],
  [
    'alerts.sensor_type',
    "Its sensor's type, copied when it was raised (what its counts are kept by).",
  ],
  [
    'alerts.chattering',
    'Raised more than CHATTERING_REOPENS_PER_HOUR times in the hour before it, for its sensor and rule.',
  ],
  [
    'alerts.facts',
    'What the rule found (AlertFacts); null for alerts stored before alerts kept their facts.',
  ],
  [
    'alert_pending',
    "A sensor's value past a rule's limit, waiting out the rule's on-delay before it raises an alert (see migration 0026): since when, and the worst reading seen, whose words the alert takes.",
  ],
  [
    'alert_pending.facts',
    "The worst reading's facts (an AlertFacts), which the alert takes when raised.",
  ],
  [
    'maintenance_windows',
    "A scheduled period in which the alerts of some of a city's sensors are suppressed.",
  ],
  [
    'maintenance_windows.sensor_ids',
    'The sensors it names; null when not narrowed to named sensors.',
  ],
  [
    'maintenance_windows.area_key',
    "The area's key and its circle as the window was scheduled; null when not narrowed to an area.",
  ],
  [
    'alert_groups',
    'Alerts of one kind raised together in one city, handled as one (see migration 0024).',
  ],
  ['alert_groups.leader_id', 'The first alert of the group: escalation fires for it alone.'],
  [
    'alert_history.details',
    'The escalation step or assignment behind the entry (see alertHistoryDetailsSchema).',
  ],
  [
    'escalation_policies',
    'Which steps an alert follows: one policy per city, sensor type (null: the default) and severity.',
  ],
  [
    'alert_escalations',
    'A step that fired for an alert: once per alert, step and (for reminders) occurrence.',
  ],
  ['alert_comments.mentions', 'The operators and admins it mentions, as `{ id, name }`.'],
  ['notifications', 'An in-app notification of one person.'],
  [
    'notifications.alert_facts',
    "The alert's facts when the notification was made; null for alerts without them.",
  ],
  ['email_outbox', 'An e-mail waiting for (or done with) the SMTP server.'],
  ['device_keys', 'A key a device sends readings with; only the SHA-256 of the key is kept.'],
  ['notices', 'A city notice published by an admin.'],
  [
    'ledger_pending',
    'An entry an action recorded, waiting for the sequencer to chain it into the ledger.',
  ],
  ['ledger_pending.at', 'ISO-8601 UTC with milliseconds, as hashed.'],
  ['ledger_pending.payload', "The payload's canonical JSON (RFC 8785), as hashed."],
  [
    'ledger_pending.ref',
    'What the entry is about (`alert:<id>:acknowledged`), unique: an action is recorded once.',
  ],
  [
    'ledger_entries',
    'A ledger entry: append-only, the database refuses UPDATE, DELETE and TRUNCATE.',
  ],
  ['ledger_entries.seq', 'Read as a string by PostgreSQL drivers (bigint).'],
  ['ledger_head', "The chain's end: the last seq and hash, and the Merkle tree's right edge."],
  ['contracts', 'A civic contract; every change is a new version.'],
  ['contract_feedback.author', "The citizen's pseudonym, as the public record shows it."],
  [
    'air_quality_bands',
    'The AQI band an air-quality sensor was last recorded in: high, low or normal.',
  ],
  ['emergency_bookings', 'A booking of an emergency service, with the quote it was made at.'],
  [
    'emergency_bookings.reference',
    'The short reference a person reads out or types: city code, yymm, sequence (KOL-2611-0042).',
  ],
  [
    'booking_reference_counters',
    'The last sequence number given to a reference prefix (a city and a month).',
  ],
  [
    'emergency_booking_history',
    "One change of a booking's status, by whom, with the note (and unit and ETA) given.",
  ],
  ['booking_idempotency_keys', 'An Idempotency-Key a person booked with, and what it booked.'],
  [
    'statement_charges',
    "What a booking costs its owner's municipal account, on one month's statement.",
  ],
  [
    'starter_content',
    'The starter content already given to a demo install, by name (see starter-content.ts).',
  ],
  [
    'sensor_counts',
    "Net changes of the number of sensors per city, type and status, appended by the sensors' triggers (migration 0029): a count is the sum of its key's rows; a job folds them into one row per key.",
  ],
  [
    'alert_counts',
    'Net changes of the number of alerts per key, as `sensor_counts` (shelved: shelved_until is set).',
  ],
  ['city_latest', "The newest reading's time of each city, kept by the readings fold."],
];

const target = (name: string) => {
  const [table, column] = name.split('.');
  return column === undefined
    ? sql`table ${sql.table(table!)}`
    : sql`column ${sql.ref(`${table}.${column}`)}`;
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, note] of NOTES)
    await sql`comment on ${target(name)} is ${sql.lit(note)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of NOTES) await sql`comment on ${target(name)} is null`.execute(db);
}
