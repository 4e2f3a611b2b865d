import type { AlertFacts } from '@smart-city/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are read as Date and written as Date or ISO strings. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface CitiesTable {
  key: string;
  name: string;
  population_display: string;
  population_count: number;
  center_lat: number;
  center_lng: number;
  bounds_north: number;
  bounds_south: number;
  bounds_east: number;
  bounds_west: number;
  gradient_from: string;
  gradient_via: string;
  gradient_to: string;
  time_zone: string;
  sort_order: number;
  created_at: Timestamp;
}

export interface SensorsTable {
  id: string;
  name: string;
  type: string;
  city_key: string;
  location: string;
  lat: number;
  lng: number;
  status: Generated<string>;
  unit: string;
  metadata: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The platform's profile of an account, one per account, beside better-auth's own user row. */
export interface UsersTable {
  id: string;
  first_name: string | null;
  last_name: string | null;
  role: Generated<string>;
  department: string | null;
  phone: string | null;
  avatar_url: string | null;
  is_active: Generated<boolean>;
  last_login: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The notification switches the person changed from the defaults. */
  notification_preferences: Json<Record<string, unknown>>;
  /** The language the person chose ('en', 'hi' or 'bn'); null until they choose. */
  language: string | null;
  /** The key of the area the person calls home (`CITY_AREAS`); null until they choose one. */
  area: string | null;
}

/**
 * The columns of better-auth's account table that the app reads or writes itself. better-auth owns
 * the table (created by its own migrations), so only what the app needs is declared here.
 */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  role: string | null;
  banned: boolean | null;
  username: string | null;
  is_demo: boolean | null;
}

/** The column of better-auth's session table the app uses (to end demo sessions). */
export interface AuthSessionTable {
  id: string;
  userId: string;
}

/** One failed sign-in, by account and by client address. */
export interface SignInFailuresTable {
  id: Generated<string>;
  account_key: string | null;
  ip: string | null;
  failed_at: Timestamp;
}

/** Secrets the server generated for itself (e.g. the session secret when AUTH_SECRET is unset). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

/** A server process on the database; `seen_at` is refreshed while it runs, the row removed as it stops. */
export interface ServerProcessesTable {
  id: string;
  host: string;
  pid: number;
  port: number;
  ledger_key_file: string;
  started_at: Timestamp;
  seen_at: Timestamp;
}

/** A setting every process on the database must share, as a fingerprint (see features/cluster). */
export interface SharedSettingsTable {
  name: string;
  fingerprint: string;
  salt: string;
  /** The value, for a setting that is not secret; null for a secret. */
  shown: string | null;
  updated_at: Timestamp;
}

/** A sensor's latest reading, as the last fold left it; one row per sensor, made with the sensor. */
export interface SensorLatestTable {
  sensor_id: string;
  value: number | null;
  last_reading: NullableTimestamp;
  /** When a reading last arrived (not the reading's own time): silence is judged by this. */
  last_heard: NullableTimestamp;
  /** The metadata of the latest reading (extra figures such as PM2.5), kept with its value. */
  reading_metadata: ColumnType<
    Record<string, unknown> | null,
    string | null | undefined,
    string | null
  >;
}

/** One stored reading of a sensor. */
export interface SensorDataTable {
  sensor_id: string;
  value: number;
  unit: string;
  timestamp: Timestamp;
  metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The transaction that wrote the row, for the fold; 0 when written with its rollups. */
  xact: Generated<string>;
}

/** How far the fold has applied raw readings to the rollups and the sensors' latest values. */
export interface ReadingsFoldTable {
  id: number;
  folded_below: string;
  folded_at: Timestamp;
  /** Quarter-hours before this are in `sensor_readings_quarter`; later ones are built as they end. */
  quarters_below: Timestamp;
  /** Hours before this are in `sensor_readings_hourly` and `city_readings_hourly`. */
  hours_below: Timestamp;
  /** Days before this are in `sensor_readings_daily` and `city_readings_daily`. */
  days_below: Timestamp;
}

/** Aggregates of one sensor's readings within one hour (the month's history; by month). */
export interface SensorReadingsHourlyTable {
  sensor_id: string;
  hour: Timestamp;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** Aggregates of one sensor's readings within one UTC day (the year's history). */
export interface SensorReadingsDailyTable {
  sensor_id: string;
  day: Timestamp;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/**
 * Aggregates of a city's sensors of one type within an hour or a day: all their readings (min, max,
 * sum, count), how many sensors reported, and the sums of each sensor's mean, lowest and highest.
 */
interface CityReadingsPeriod {
  city_key: string;
  type: string;
  min: number;
  max: number;
  sum: number;
  count: ColumnType<number, number, number>;
  sensors: number;
  sum_of_means: number;
  sum_of_mins: number;
  sum_of_maxes: number;
}

export interface CityReadingsHourlyTable extends CityReadingsPeriod {
  hour: Timestamp;
}

export interface CityReadingsDailyTable extends CityReadingsPeriod {
  day: Timestamp;
}

/** Aggregates of one sensor's readings within one quarter of an hour (the week's history). */
export interface SensorReadingsQuarterTable {
  sensor_id: string;
  quarter: Timestamp;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** Aggregates of one sensor's readings within one minute. */
export interface SensorReadingsMinuteTable {
  sensor_id: string;
  minute: Timestamp;
  min: number;
  max: number;
  sum: number;
  count: number;
}

export interface AlertsTable {
  id: string;
  sensor_id: string | null;
  city_key: string;
  location: string | null;
  rule: string;
  title: string;
  message: string;
  severity: string;
  status: Generated<string>;
  value: number | null;
  /** When the sensor came back in range; the alert resolves itself once this is old enough. */
  in_range_since: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  acknowledged_at: NullableTimestamp;
  acknowledged_by: string | null;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  note: string | null;
  /** The operator or admin who has taken the alert, and their name as it was then. */
  assignee_id: string | null;
  assignee_name: string | null;
  assigned_at: NullableTimestamp;
  /** When the alert reached its severity (null: when it was raised); escalation steps count from it. */
  severity_since: NullableTimestamp;
  /** When an escalation step last fired for it. */
  escalated_at: NullableTimestamp;
  /** The flood group it joined, if any. */
  group_id: string | null;
  /** Until when an operator shelved it, why and who (by name as it was then); null when not shelved. */
  shelved_until: NullableTimestamp;
  shelved_reason: string | null;
  shelved_by: string | null;
  /** Raised while a maintenance window covered its sensor: recorded, not shown nor escalated. */
  suppressed: Generated<boolean>;
  /** Its sensor's type, copied when it was raised (what its counts are kept by). */
  sensor_type: Generated<string | null>;
  /** Raised more than CHATTERING_REOPENS_PER_HOUR times in the hour before it, for its sensor and rule. */
  chattering: Generated<boolean>;
  /** What the rule found (AlertFacts); null for alerts stored before alerts kept their facts. */
  facts: ColumnType<AlertFacts | null, string | null | undefined, string | null>;
}

/**
 * A sensor's value past a rule's limit, waiting out the rule's on-delay before it raises an alert
 * (see migration 0026): since when, and the worst reading seen, whose words the alert takes.
 */
export interface AlertPendingTable {
  sensor_id: string;
  rule: string;
  since: Timestamp;
  severity: string;
  value: number;
  title: string;
  message: string;
  /** The worst reading's facts (an AlertFacts), which the alert takes when raised. */
  facts: ColumnType<unknown, string, string>;
  worst_at: Timestamp;
  updated_at: Timestamp;
}

export type AlertPendingRow = Selectable<AlertPendingTable>;

/** A scheduled period in which the alerts of some of a city's sensors are suppressed. */
export interface MaintenanceWindowsTable {
  id: string;
  city_key: string;
  /** The sensors it names; null when not narrowed to named sensors. */
  sensor_ids: string[] | null;
  type: string | null;
  /** The area's key and its circle as the window was scheduled; null when not narrowed to an area. */
  area_key: string | null;
  area_lat: number | null;
  area_lng: number | null;
  area_radius_km: number | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string;
  created_by: string;
  created_at: Timestamp;
}

/** Alerts of one kind raised together in one city, handled as one (see migration 0024). */
export interface AlertGroupsTable {
  id: string;
  city_key: string;
  sensor_type: string | null;
  rule: string;
  status: Generated<string>;
  severity: string;
  /** The first alert of the group: escalation fires for it alone. */
  leader_id: string;
  members: Generated<number>;
  active_members: Generated<number>;
  peak_value: number | null;
  created_at: Timestamp;
  last_joined_at: Timestamp;
  updated_at: Timestamp;
  acknowledged_at: NullableTimestamp;
  acknowledged_by: string | null;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
  note: string | null;
}

export type AlertGroupRow = Selectable<AlertGroupsTable>;

export interface AlertHistoryTable {
  id: Generated<string>;
  alert_id: string;
  action: string;
  from_status: string | null;
  to_status: string;
  severity: string;
  actor: string;
  note: string | null;
  at: Timestamp;
  /** The escalation step or assignment behind the entry (see alertHistoryDetailsSchema). */
  details: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** Which steps an alert follows: one policy per city, sensor type (null: the default) and severity. */
export interface EscalationPoliciesTable {
  id: string;
  city_key: string;
  sensor_type: string | null;
  severity: string;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EscalationStepsTable {
  policy_id: string;
  position: number;
  after_seconds: number;
  action: string;
  audience: string | null;
  severity: string | null;
  every_seconds: number | null;
}

/** A step that fired for an alert: once per alert, step and (for reminders) occurrence. */
export interface AlertEscalationsTable {
  alert_id: string;
  policy_id: string;
  position: number;
  occurrence: number;
  action: string;
  fired_at: Timestamp;
}

export interface AlertCommentsTable {
  id: string;
  alert_id: string;
  author_id: string;
  author_name: string;
  author_role: string;
  body: string;
  /** The operators and admins it mentions, as `{ id, name }`. */
  mentions: Json<{ id: string; name: string }[]>;
  created_at: Timestamp;
}

/** An in-app notification of one person. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  alert_id: string;
  alert_title: string;
  alert_severity: string;
  /** The alert's facts when the notification was made; null for alerts without them. */
  alert_facts: ColumnType<AlertFacts | null, string | null | undefined, string | null>;
  city_key: string;
  actor: string | null;
  excerpt: string | null;
  dedupe_key: string;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

/** An e-mail waiting for (or done with) the SMTP server. */
export interface EmailOutboxTable {
  id: Generated<string>;
  dedupe_key: string;
  to_address: string;
  template: string;
  language: string;
  params: Json<Record<string, unknown>>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** A key a device sends readings with; only the SHA-256 of the key is kept. */
export interface DeviceKeysTable {
  id: string;
  name: string;
  city_key: string | null;
  key_hash: string;
  key_prefix: string;
  created_by: string | null;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** A city notice published by an admin. */
export interface NoticesTable {
  id: string;
  title: string;
  content: string;
  image_url: string | null;
  video_url: string | null;
  link_url: string | null;
  author: string;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An entry an action recorded, waiting for the sequencer to chain it into the ledger. */
export interface LedgerPendingTable {
  id: Generated<string>;
  type: string;
  /** ISO-8601 UTC with milliseconds, as hashed. */
  at: string;
  /** The payload's canonical JSON (RFC 8785), as hashed. */
  payload: string;
  /** What the entry is about (`alert:<id>:acknowledged`), unique: an action is recorded once. */
  ref: string | null;
}

/** A ledger entry: append-only, the database refuses UPDATE, DELETE and TRUNCATE. */
export interface LedgerEntriesTable {
  /** Read as a string by PostgreSQL drivers (bigint). */
  seq: ColumnType<string, number, never>;
  type: string;
  at: string;
  payload: string;
  prev_hash: string;
  hash: string;
  signature: string;
  ref: string | null;
}

export interface LedgerCheckpointsTable {
  tree_size: ColumnType<string, number, never>;
  root_hash: string;
  at: string;
  signature: string;
}

/** The chain's end: the last seq and hash, and the Merkle tree's right edge. */
export interface LedgerHeadTable {
  id: number;
  seq: ColumnType<string, never, number>;
  hash: string;
  frontier: ColumnType<unknown, never, string>;
}

export interface LedgerKeysTable {
  kid: string;
  public_jwk: ColumnType<unknown, string, never>;
  created_at: Timestamp;
}

/** A civic contract; every change is a new version. */
export interface ContractsTable {
  id: string;
  name: string;
  type: string;
  description: string;
  status: string;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContractVersionsTable {
  contract_id: string;
  version: number;
  name: string;
  type: string;
  description: string;
  status: string;
  at: Timestamp;
}

export interface ContractFeedbackTable {
  id: string;
  contract_id: string;
  user_id: string;
  /** The citizen's pseudonym, as the public record shows it. */
  author: string;
  body: string;
  created_at: Timestamp;
}

/** The AQI band an air-quality sensor was last recorded in: high, low or normal. */
export interface AirQualityBandsTable {
  sensor_id: string;
  band: string;
  changed_at: Timestamp;
}

export interface AirQualityDailySummariesTable {
  city_key: string;
  day: ColumnType<Date, string, never>;
}

/** A booking of an emergency service, with the quote it was made at. */
export interface EmergencyBookingsTable {
  id: string;
  user_id: string;
  owner_name: string;
  owner_email: string;
  city_key: string;
  service: string;
  urgency: string;
  urgency_rank: number;
  add_ons: Json<string[]>;
  remote: boolean;
  location: string;
  lat: number | null;
  lng: number | null;
  description: string | null;
  contact_name: string;
  contact_phone: string;
  email: string | null;
  alternate_contact: string | null;
  payment_method: string;
  status: string;
  quote_lines: Json<{ kind: string; code: string; label: string; amountPaise: number }[]>;
  subtotal_paise: number;
  gst_paise: number;
  total_paise: number;
  charged_paise: Generated<number>;
  statement_month: string;
  unit: string | null;
  eta_minutes: number | null;
  /** The short reference a person reads out or types: city code, yymm, sequence (KOL-2611-0042). */
  reference: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The last sequence number given to a reference prefix (a city and a month). */
export interface BookingReferenceCountersTable {
  prefix: string;
  last: number;
}

/** One change of a booking's status, by whom, with the note (and unit and ETA) given. */
export interface EmergencyBookingHistoryTable {
  id: Generated<string>;
  booking_id: string;
  action: string;
  from_status: string | null;
  to_status: string;
  actor_name: string;
  actor_role: string | null;
  note: string | null;
  unit: string | null;
  eta_minutes: number | null;
  at: Timestamp;
}

/** An Idempotency-Key a person booked with, and what it booked. */
export interface BookingIdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  booking_id: string;
  created_at: Timestamp;
}

/** What a booking costs its owner's municipal account, on one month's statement. */
export interface StatementChargesTable {
  booking_id: string;
  user_id: string;
  account_name: string;
  account_email: string;
  city_key: string;
  month: string;
  kind: string;
  label: string;
  service: string;
  urgency: string;
  amount_paise: number;
  booked_at: Timestamp;
  updated_at: Timestamp;
}

/** The starter content already given to a demo install, by name (see starter-content.ts). */
export interface StarterContentTable {
  name: string;
  seeded_at: Timestamp;
}

/**
 * Net changes of the number of sensors per city, type and status, appended by the sensors' triggers
 * (migration 0029): a count is the sum of its key's rows; a job folds them into one row per key.
 */
export interface SensorCountsTable {
  city_key: string;
  type: string;
  status: string;
  n: number | string;
}

/** Net changes of the number of alerts per key, as `sensor_counts` (shelved: shelved_until is set). */
export interface AlertCountsTable {
  city_key: string;
  sensor_type: string | null;
  rule: string;
  severity: string;
  status: string;
  shelved: boolean;
  suppressed: boolean;
  n: number | string;
}

/** The newest reading's time of each city, kept by the readings fold. */
export interface CityLatestTable {
  city_key: string;
  last_reading: Timestamp;
}

export interface Database {
  cities: CitiesTable;
  sensors: SensorsTable;
  sensor_latest: SensorLatestTable;
  users: UsersTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  sign_in_failures: SignInFailuresTable;
  server_secrets: ServerSecretsTable;
  server_processes: ServerProcessesTable;
  shared_settings: SharedSettingsTable;
  sensor_data: SensorDataTable;
  sensor_readings_minute: SensorReadingsMinuteTable;
  sensor_readings_quarter: SensorReadingsQuarterTable;
  sensor_readings_hourly: SensorReadingsHourlyTable;
  sensor_readings_daily: SensorReadingsDailyTable;
  city_readings_hourly: CityReadingsHourlyTable;
  city_readings_daily: CityReadingsDailyTable;
  readings_fold: ReadingsFoldTable;
  alerts: AlertsTable;
  sensor_counts: SensorCountsTable;
  alert_counts: AlertCountsTable;
  city_latest: CityLatestTable;
  alert_groups: AlertGroupsTable;
  alert_pending: AlertPendingTable;
  alert_history: AlertHistoryTable;
  device_keys: DeviceKeysTable;
  notices: NoticesTable;
  ledger_pending: LedgerPendingTable;
  ledger_entries: LedgerEntriesTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_head: LedgerHeadTable;
  ledger_keys: LedgerKeysTable;
  contracts: ContractsTable;
  contract_versions: ContractVersionsTable;
  contract_feedback: ContractFeedbackTable;
  air_quality_bands: AirQualityBandsTable;
  air_quality_daily_summaries: AirQualityDailySummariesTable;
  emergency_bookings: EmergencyBookingsTable;
  emergency_booking_history: EmergencyBookingHistoryTable;
  booking_idempotency_keys: BookingIdempotencyKeysTable;
  booking_reference_counters: BookingReferenceCountersTable;
  statement_charges: StatementChargesTable;
  escalation_policies: EscalationPoliciesTable;
  escalation_steps: EscalationStepsTable;
  alert_escalations: AlertEscalationsTable;
  maintenance_windows: MaintenanceWindowsTable;
  alert_comments: AlertCommentsTable;
  notifications: NotificationsTable;
  email_outbox: EmailOutboxTable;
  starter_content: StarterContentTable;
}

export type CityRow = Selectable<CitiesTable>;
export type NewCity = Insertable<CitiesTable>;
export type SensorRow = Selectable<SensorsTable>;
export type NewSensor = Insertable<SensorsTable>;
export type UserRow = Selectable<UsersTable>;
export type AlertRow = Selectable<AlertsTable>;
export type AlertHistoryRow = Selectable<AlertHistoryTable>;
export type DeviceKeyRow = Selectable<DeviceKeysTable>;
export type NoticeRow = Selectable<NoticesTable>;

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type LedgerCheckpointRow = Selectable<LedgerCheckpointsTable>;
export type ContractRow = Selectable<ContractsTable>;
export type ContractVersionRow = Selectable<ContractVersionsTable>;
export type ContractFeedbackRow = Selectable<ContractFeedbackTable>;
export type EmergencyBookingRow = Selectable<EmergencyBookingsTable>;
export type EmergencyBookingHistoryRow = Selectable<EmergencyBookingHistoryTable>;
export type StatementChargeRow = Selectable<StatementChargesTable>;
export type EscalationPolicyRow = Selectable<EscalationPoliciesTable>;
export type EscalationStepRow = Selectable<EscalationStepsTable>;
export type AlertCommentRow = Selectable<AlertCommentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
