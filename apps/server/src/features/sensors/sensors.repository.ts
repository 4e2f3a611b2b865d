import type { BoundingBox, SensorSort, SensorStatus, SensorType } from '@smart-city/shared';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database, SensorRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What a sensor query narrows to; `q` is part of the name, place or id, case-insensitive. */
export type SensorFilter = {
  city?: string;
  type?: SensorType;
  status?: SensorStatus;
  q?: string;
  bbox?: BoundingBox;
};

/** Where a page starts: after the sensor with these sort values. */
export type SensorKeyset = { sort: SensorSort; after: [string, string] };

/** The columns a sensor's contract shape is made of (not the latest reading's metadata). */
const SENSOR_COLUMNS = [
  'id',
  'name',
  'type',
  'city_key',
  'location',
  'lat',
  'lng',
  'status',
  'unit',
  'metadata',
  'created_at',
  'updated_at',
] as const;

/**
 * A sensor with its latest reading's value and time, as the contract shows it, and the figures that
 * reading carried besides (its metadata).
 */
export type ListedSensorRow = SensorRow & {
  value: number | null;
  last_reading: Date | null;
  reading_metadata: Record<string, unknown> | null;
};

/** The SQL `like` pattern of a text anywhere in a value. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function filtered<QB extends SelectQueryBuilder<Database, 'sensors', object>>(
  query: QB,
  filter: SensorFilter,
): QB {
  let q = query;
  if (filter.city) q = q.where('city_key', '=', filter.city) as QB;
  if (filter.type) q = q.where('type', '=', filter.type) as QB;
  if (filter.status) q = q.where('status', '=', filter.status) as QB;
  if (filter.q) {
    const pattern = containing(filter.q);
    q = q.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('location', 'ilike', pattern),
        eb('id', 'ilike', pattern),
      ]),
    ) as QB;
  }
  if (filter.bbox) {
    const { west, south, east, north } = filter.bbox;
    q = q
      .where('lng', '>=', west)
      .where('lng', '<=', east)
      .where('lat', '>=', south)
      .where('lat', '<=', north) as QB;
  }
  return q;
}

/** The two columns each order sorts by; the second (id) makes every position unique. */
const SORT_COLUMNS: Record<SensorSort, readonly ['city_key' | 'name', 'id']> = {
  id: ['city_key', 'id'],
  name: ['name', 'id'],
};

/**
 * Sensors matching the filter in the given order, at most `limit`, starting after `from` when given.
 * Keyset paging: each page is one index range, however deep it lies, and a sensor added or removed
 * meanwhile never shifts the next page.
 */
export function listSensors(
  db: Db,
  filter: SensorFilter,
  options: { sort: SensorSort; limit: number; from?: SensorKeyset },
): Promise<ListedSensorRow[]> {
  const [first, second] = SORT_COLUMNS[options.sort];
  let query = filtered(db.selectFrom('sensors').select(SENSOR_COLUMNS), filter);
  if (options.from) {
    const [a, b] = options.from.after;
    query = query.where(sql<boolean>`(${sql.ref(first)}, ${sql.ref(second)}) > (${a}, ${b})`);
  }
  // The page is found in the sensors' indexes first; only its rows look up their latest reading.
  const page = query.orderBy(first).orderBy(second).limit(options.limit).as('page');
  return db
    .selectFrom(page)
    .leftJoin('sensor_latest as l', 'l.sensor_id', 'page.id')
    .selectAll('page')
    .select(['l.value', 'l.last_reading', 'l.reading_metadata'])
    .orderBy(`page.${first}`)
    .orderBy(`page.${second}`)
    .execute();
}

/** How many sensors match the filter. */
export async function countSensors(db: Db, filter: SensorFilter): Promise<number> {
  const row = await filtered(
    db.selectFrom('sensors').select(sql<number>`count(*)::int`.as('n')),
    filter,
  ).executeTakeFirstOrThrow();
  return row.n;
}

/** One sensor with its latest reading, or undefined. */
export function findSensor(db: Db, id: string): Promise<ListedSensorRow | undefined> {
  return db
    .selectFrom('sensors')
    .leftJoin('sensor_latest as l', 'l.sensor_id', 'sensors.id')
    .selectAll('sensors')
    .select(['l.value', 'l.last_reading', 'l.reading_metadata'])
    .where('sensors.id', '=', id)
    .executeTakeFirst();
}

/**
 * A sensor put back in service is active once it has been heard from, and pending until then:
 * `active` and `pending` ask for the same thing.
 */
function storedStatus(status: SensorStatus) {
  return status === 'active' || status === 'pending'
    ? sql<string>`case when l.last_heard is null then 'pending' else 'active' end`
    : status;
}

/** Changes a sensor's status and/or metadata; undefined when there is no such sensor. */
export function updateSensor(
  db: Db,
  id: string,
  change: { status?: SensorStatus; metadata?: Record<string, unknown> },
  now: Date,
): Promise<ListedSensorRow | undefined> {
  return db
    .updateTable('sensors')
    .from('sensor_latest as l')
    .set({
      updated_at: now,
      ...(change.status ? { status: storedStatus(change.status) } : {}),
      ...(change.metadata ? { metadata: JSON.stringify(change.metadata) } : {}),
    })
    .whereRef('l.sensor_id', '=', 'sensors.id')
    .where('sensors.id', '=', id)
    .returningAll('sensors')
    .returning(['l.value', 'l.last_reading', 'l.reading_metadata'])
    .executeTakeFirst();
}

/** A sensor to add to the registry. */
export type NewRegistrySensor = {
  id: string;
  name: string;
  type: string;
  city: string;
  location: string;
  lat: number;
  lng: number;
  unit: string;
  status?: string;
  metadata?: Record<string, unknown>;
};

/**
 * The status a sensor is registered with: one switched off or in maintenance stays so; any other has
 * not been heard from yet, so it is pending, whatever the file says.
 */
function registeredStatus(sensor: NewRegistrySensor): string {
  return sensor.status === 'inactive' || sensor.status === 'maintenance'
    ? sensor.status
    : 'pending';
}

/** Adds sensors in one statement per call; ids already registered are left as they are. */
export async function insertSensors(
  db: Db,
  sensors: readonly NewRegistrySensor[],
): Promise<number> {
  if (sensors.length === 0) return 0;
  const col = <T>(pick: (s: NewRegistrySensor) => T) => sensors.map(pick);
  const result = await sql`
    insert into sensors (id, name, type, city_key, location, lat, lng, unit, status, metadata)
    select * from unnest(${col((s) => s.id)}::text[], ${col((s) => s.name)}::text[],
      ${col((s) => s.type)}::text[], ${col((s) => s.city)}::text[], ${col((s) => s.location)}::text[],
      ${col((s) => s.lat)}::float8[], ${col((s) => s.lng)}::float8[], ${col((s) => s.unit)}::text[],
      ${col(registeredStatus)}::text[],
      ${col((s) => JSON.stringify(s.metadata ?? {}))}::jsonb[])
    on conflict (id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
