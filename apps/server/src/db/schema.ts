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

export interface Database {
  cities: CitiesTable;
  sensors: SensorsTable;
  users: UsersTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  sign_in_failures: SignInFailuresTable;
  server_secrets: ServerSecretsTable;
}

export type CityRow = Selectable<CitiesTable>;
export type NewCity = Insertable<CitiesTable>;
export type SensorRow = Selectable<SensorsTable>;
export type NewSensor = Insertable<SensorsTable>;
export type UserRow = Selectable<UsersTable>;
