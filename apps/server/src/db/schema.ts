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
  value: number | null;
  last_reading: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The spec's profile record, one per account. */
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

/** One stored reading of a sensor. */
export interface SensorDataTable {
  id: Generated<string>;
  sensor_id: string;
  value: number;
  unit: string;
  timestamp: Timestamp;
  metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
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
}

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

export interface Database {
  cities: CitiesTable;
  sensors: SensorsTable;
  users: UsersTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  sign_in_failures: SignInFailuresTable;
  server_secrets: ServerSecretsTable;
  sensor_data: SensorDataTable;
  sensor_readings_minute: SensorReadingsMinuteTable;
  alerts: AlertsTable;
  alert_history: AlertHistoryTable;
  device_keys: DeviceKeysTable;
  notices: NoticesTable;
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
