import type { BoundingBox, SensorSort, SensorStatus, SensorType } from '@smart-city/shared';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database, SensorRow } from '../../db/schema';
import { tally } from '../../lib/tally';

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

/** A sensor with its latest reading's value and time, as the contract shows it. */
export type ListedSensorRow = SensorRow & { value: number | null; last_reading: Date | null };

/** The SQL `like` pattern of a text anywhere in a value. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function filtered<QB extends SelectQueryBuilder<Database, 'sensors', object>>(
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
    .select(['l.value', 'l.last_reading'])
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

/**
 * The kept number of sensors per city, type and status (migration 0029): the sum of each key's
 * net changes, never a count of the sensors themselves.
 */
function keptSensorCounts(
  db: Db,
  cities?: readonly string[],
): Promise<{ city_key: string; type: string; status: string; n: number }[]> {
  let query = db
    .selectFrom('sensor_counts')
    .select(['city_key', 'type', 'status', sql<number>`sum(n)::int`.as('n')])
    .groupBy(['city_key', 'type', 'status'])
    .having(sql<boolean>`sum(n) <> 0`);
  if (cities && cities.length > 0) query = query.where('city_key', 'in', [...cities]);
  return query.execute();
}

/**
 * How many sensors match the filter per type and status pair: from the kept counts when the filter
 * names at most a city (the dashboard's and the sensors screen's usual question), else counted.
 */
export async function countSensorsByTypeAndStatus(
  db: Db,
  filter: SensorFilter,
): Promise<{ type: string; status: string; n: number }[]> {
  if (!filter.q && !filter.bbox) {
    const kept = await keptSensorCounts(db, filter.city ? [filter.city] : undefined);
    return tally(
      kept.filter(
        (row) =>
          (!filter.type || row.type === filter.type) &&
          (!filter.status || row.status === filter.status),
      ),
      (row) => `${row.type}\u0000${row.status}`,
      (row) => ({ type: row.type, status: row.status, n: 0 }),
      (counted, row) => {
        counted.n += row.n;
      },
    );
  }
  return filtered(
    db.selectFrom('sensors').select(['type', 'status', sql<number>`count(*)::int`.as('n')]),
    filter,
  )
    .groupBy(['type', 'status'])
    .execute();
}

/** One grid cell of sensors, as the clusters query returns it. */
export type SensorCellRow = {
  /** The cell's place in the grid, the same for every query at one cell size. */
  cx: number;
  cy: number;
  n: number;
  lng: number;
  lat: number;
  west: number;
  south: number;
  east: number;
  north: number;
  worst: number;
  /** The cell's only sensor (null when it holds more than one). */
  id: string | null;
  name: string | null;
  type: string | null;
  status: string | null;
};

/** The grid column of a sensor's longitude, in cells of `cellRad` radians of Web Mercator. */
function cellX(cellRad: number) {
  return sql<number>`floor(radians(lng) / ${cellRad})`;
}

/** The grid row of a sensor's latitude (clamped to where Web Mercator ends). */
function cellY(cellRad: number) {
  return sql<number>`floor(ln(tan(pi() / 4 + radians(least(greatest(lat, -85), 85)) / 2)) / ${cellRad})`;
}

/**
 * The matching sensors grouped into square cells of `cellRad` radians of Web Mercator (the screen's
 * own projection, so a cell is the same size in pixels anywhere on the map). Each cell answers its
 * count, centroid, extent and worst status (the rank of `ranks`); a cell of one sensor also names it.
 * The grid is anchored at the projection's origin, so panning never moves a sensor to another cell.
 */
export async function clusterSensors(
  db: Kysely<Database>,
  filter: SensorFilter,
  cellRad: number,
  ranks: Record<string, number>,
): Promise<SensorCellRow[]> {
  // The planner cannot know how few cells there are and would sort 100,000 rows on disk to group
  // them; with the memory for a hash table it groups them in one pass.
  return db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '32MB'`.execute(trx);
    return cellsOf(trx, filter, cellRad, ranks);
  });
}

async function cellsOf(
  db: Transaction<Database>,
  filter: SensorFilter,
  cellRad: number,
  ranks: Record<string, number>,
): Promise<SensorCellRow[]> {
  const rank = sql`case status ${sql.join(
    Object.entries(ranks).map(([status, r]) => sql`when ${status} then ${r}`),
    sql` `,
  )} else 0 end`;
  const cells = filtered(
    db
      .selectFrom('sensors')
      .select([
        cellX(cellRad).as('cx'),
        cellY(cellRad).as('cy'),
        sql<number>`count(*)::int`.as('n'),
        sql<number>`avg(lng)`.as('lng'),
        sql<number>`avg(lat)`.as('lat'),
        sql<number>`min(lng)`.as('west'),
        sql<number>`min(lat)`.as('south'),
        sql<number>`max(lng)`.as('east'),
        sql<number>`max(lat)`.as('north'),
        sql<number>`max(${rank})`.as('worst'),
        sql<string | null>`case when count(*) = 1 then min(id) end`.as('id'),
      ]),
    filter,
  )
    .groupBy(['cx', 'cy'])
    .as('cells');
  const rows = await db
    .selectFrom(cells)
    .leftJoin('sensors', 'sensors.id', 'cells.id')
    .select([
      'cells.cx',
      'cells.cy',
      'cells.n',
      'cells.lng',
      'cells.lat',
      'cells.west',
      'cells.south',
      'cells.east',
      'cells.north',
      'cells.worst',
      'cells.id',
      'sensors.name',
      'sensors.type',
      'sensors.status',
    ])
    .orderBy('cells.n', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    cx: Number(r.cx),
    cy: Number(r.cy),
    n: Number(r.n),
    lng: Number(r.lng),
    lat: Number(r.lat),
    west: Number(r.west),
    south: Number(r.south),
    east: Number(r.east),
    north: Number(r.north),
    worst: Number(r.worst),
  }));
}

/**
 * The worst active alert of each grid cell (as `clusterSensors` draws it) among the matching sensors,
 * as a rank of `ranks`; cells without an active alert are left out. It reads only the sensors that
 * have one, so a flood of alerts costs what the alerts cost, not the registry.
 */
export async function worstAlertCells(
  db: Db,
  filter: SensorFilter,
  cellRad: number,
  ranks: Record<string, number>,
  activeStatuses: readonly string[],
): Promise<{ cx: number; cy: number; rank: number }[]> {
  const rank = sql<number>`case severity ${sql.join(
    Object.entries(ranks).map(([severity, r]) => sql`when ${severity} then ${r}`),
    sql` `,
  )} else 0 end`;
  let alerting = db
    .selectFrom('alerts')
    .select(['sensor_id', sql<number>`max(${rank})`.as('rank')])
    .where('status', 'in', [...activeStatuses])
    // Raised inside a maintenance window: the sensor's readings are not to be trusted then.
    .where('suppressed', '=', false)
    .where('sensor_id', 'is not', null)
    .groupBy('sensor_id');
  if (filter.city) alerting = alerting.where('city_key', '=', filter.city);
  const sensors = filtered(
    db.selectFrom('sensors').select(['id', cellX(cellRad).as('cx'), cellY(cellRad).as('cy')]),
    filter,
  );
  const rows = await db
    .selectFrom(sensors.as('s'))
    .innerJoin(alerting.as('a'), 'a.sensor_id', 's.id')
    .select(['s.cx', 's.cy', sql<number>`max(a.rank)`.as('rank')])
    .groupBy(['s.cx', 's.cy'])
    .execute();
  return rows.map((r) => ({ cx: Number(r.cx), cy: Number(r.cy), rank: Number(r.rank) }));
}

/** Every sensor of a city in id order, with only what the city twin draws. */
export function listCityTwinSensors(db: Db, city: string) {
  return db
    .selectFrom('sensors')
    .leftJoin('sensor_latest as l', 'l.sensor_id', 'sensors.id')
    .select([
      'sensors.id',
      'sensors.name',
      'sensors.type',
      'sensors.status',
      'sensors.lat',
      'sensors.lng',
      'l.value',
      'sensors.metadata',
    ])
    .where('sensors.city_key', '=', city)
    .orderBy('sensors.city_key')
    .orderBy('sensors.id')
    .execute();
}

/** One sensor with its latest reading, or undefined. */
export function findSensor(db: Db, id: string): Promise<ListedSensorRow | undefined> {
  return db
    .selectFrom('sensors')
    .leftJoin('sensor_latest as l', 'l.sensor_id', 'sensors.id')
    .selectAll('sensors')
    .select(['l.value', 'l.last_reading'])
    .where('sensors.id', '=', id)
    .executeTakeFirst();
}

/** Changes a sensor's status and/or metadata; undefined when there is no such sensor. */
/**
 * A sensor put back in service is active once it has been heard from, and pending until then:
 * `active` and `pending` ask for the same thing.
 */
function storedStatus(status: SensorStatus) {
  return status === 'active' || status === 'pending'
    ? sql<string>`case when l.last_heard is null then 'pending' else 'active' end`
    : status;
}

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
    .returning(['l.value', 'l.last_reading'])
    .executeTakeFirst();
}

/** Sensors with their city's time zone in id order, after `afterId`, at most `limit`; for the simulator. */
export function listSensorsWithTimeZone(db: Db, page: { afterId: string | null; limit: number }) {
  let query = db
    .selectFrom('sensors')
    .innerJoin('cities', 'cities.key', 'sensors.city_key')
    .leftJoin('sensor_latest as l', 'l.sensor_id', 'sensors.id')
    .select([
      'sensors.id',
      'sensors.type',
      'sensors.city_key',
      'sensors.status',
      'sensors.unit',
      'sensors.metadata',
      'l.value',
      'cities.time_zone',
    ]);
  if (page.afterId !== null) query = query.where('sensors.id', '>', page.afterId);
  return query.orderBy('sensors.id').limit(page.limit).execute();
}

/** A sensor as the readings it receives are judged: checked, stored and run through the rules. */
export type ReadingSensor = {
  id: string;
  /** Named in the facts of the alerts its readings raise. */
  name: string;
  type: string;
  city_key: string;
  location: string;
  status: string;
  unit: string;
  /** The sensor's own metadata where a rule reads it (an energy feeder's rating); else null. */
  metadata: Record<string, unknown> | null;
};

/** The sensors named, as a batch of their readings is judged; unknown ids are left out. */
export function findReadingSensors(db: Db, ids: readonly string[]): Promise<ReadingSensor[]> {
  if (ids.length === 0) return Promise.resolve([]);
  // Every column read is parsed for each of thousands of rows: only what the checks and rules use.
  return db
    .selectFrom('sensors')
    .select(['id', 'name', 'type', 'city_key', 'location', 'status', 'unit'])
    .select(
      sql<Record<string, unknown> | null>`case when type = 'energy' then metadata end`.as(
        'metadata',
      ),
    )
    .where(sql<boolean>`id = any(${ids}::text[])`)
    .execute();
}

/** Per city, how many sensors a fold gave a newer reading, and those of them that were offline. */
export type FoldedLatest = {
  city_key: string;
  sensors: number;
  back_online: { id: string; metadata: Record<string, unknown> }[];
};

/**
 * Gives each sensor the latest of its raw readings written by transactions `from` ≤ xact < `to`,
 * never moving it back in time, notes it was heard now (whatever the readings' own times), and makes
 * an offline or pending sensor that reported active: one narrow row update per sensor however many
 * readings it sent since the last fold.
 */
export async function applyFoldedLatest(
  trx: Transaction<Database>,
  range: { from: string; to: string },
  now: Date,
): Promise<FoldedLatest[]> {
  const result = await sql<FoldedLatest>`
    with latest as materialized (
      select distinct on (sensor_id) sensor_id, value, "timestamp" as ts, metadata
      from sensor_data
      where xact >= ${range.from}::bigint and xact < ${range.to}::bigint
      order by sensor_id, "timestamp" desc
    ), newer as (
      update sensor_latest s set
        value = case when s.last_reading is null or s.last_reading <= l.ts then l.value else s.value end,
        reading_metadata = case when s.last_reading is null or s.last_reading <= l.ts
          then l.metadata else s.reading_metadata end,
        last_reading = greatest(s.last_reading, l.ts),
        last_heard = ${now}
      from latest l
      where s.sensor_id = l.sensor_id
      returning s.sensor_id, l.ts
    ), back as (
      update sensors s set status = 'active', updated_at = ${now}
      where s.status in ('offline', 'pending') and s.id in (select sensor_id from latest)
      returning s.id, s.city_key, s.metadata
    ), cities as (
      select s.city_key, count(*)::int as sensors, max(n.ts) as newest
      from newer n join sensors s on s.id = n.sensor_id
      group by s.city_key
    ), kept as (
      insert into city_latest (city_key, last_reading)
      select city_key, newest from cities
      on conflict (city_key) do update
        set last_reading = greatest(city_latest.last_reading, excluded.last_reading)
    )
    select c.city_key, c.sensors,
      coalesce((select json_agg(json_build_object('id', b.id, 'metadata', b.metadata))
        from back b where b.city_key = c.city_key), '[]') as back_online
    from cities c`.execute(trx);
  return result.rows;
}

/**
 * Active sensors not heard from since before `silentSince`, now marked offline, with when they were
 * last heard. A pending sensor (never heard) is not active, so it never goes offline.
 */
export async function markSilentSensorsOffline(db: Db, silentSince: Date, now: Date) {
  const result = await sql<{
    id: string;
    name: string;
    type: string;
    city_key: string;
    location: string;
    metadata: Record<string, unknown>;
    last_heard: Date | string;
  }>`
    update sensors s set status = 'offline', updated_at = ${now}
    from sensor_latest l
    where l.sensor_id = s.id and s.status = 'active' and l.last_heard < ${silentSince}
    returning s.id, s.name, s.type, s.city_key, s.location, s.metadata, l.last_heard`.execute(db);
  return result.rows.map((r) => ({ ...r, last_heard: new Date(r.last_heard) }));
}

export type SensorCountRow = {
  city_key: string;
  total_sensors: number;
  active_sensors: number;
  last_update: Date | null;
};

/** Sensors per city, how many are active and their newest reading time (every city when none given). */
export async function countSensorsByCity(
  db: Db,
  cities?: readonly string[],
): Promise<SensorCountRow[]> {
  const [counts, latest] = await Promise.all([
    keptSensorCounts(db, cities),
    (cities && cities.length > 0
      ? db
          .selectFrom('city_latest')
          .selectAll()
          .where('city_key', 'in', [...cities])
      : db.selectFrom('city_latest').selectAll()
    ).execute(),
  ]);
  const byCity = new Map(
    tally(
      counts,
      (row) => row.city_key,
      (row): SensorCountRow => ({
        city_key: row.city_key,
        total_sensors: 0,
        active_sensors: 0,
        last_update: null,
      }),
      (city, row) => {
        city.total_sensors += row.n;
        if (row.status === 'active') city.active_sensors += row.n;
      },
    ).map((city) => [city.city_key, city]),
  );
  for (const row of latest) {
    const city = byCity.get(row.city_key);
    if (city) city.last_update = new Date(row.last_reading);
  }
  return [...byCity.values()].sort((a, b) => a.city_key.localeCompare(b.city_key));
}

/** A read of at most one sensor id: the cheapest question that proves the sensors can be read. */
export async function countOneSensor(db: Db): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('sensors').select('id').limit(1).as('one'))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * One type's figures over a city's sensors: how many it monitors (all but inactive ones), and over
 * those that are active and have reported, how many, their mean and total and their details.
 */
export type TypeFiguresRow = {
  type: string;
  monitored: number;
  sensors: number;
  avg: number | null;
  sum: number | null;
  details: Record<string, number | null>;
};

/**
 * Per type, the city's monitored sensors (all but inactive ones), and over those that are active with
 * a latest value: how many, the mean and the total of their values, and the mean of each
 * `detailKeys` figure of their latest reading's metadata (where it is a number). One pass over the
 * city's sensors, however many there are.
 */
export async function figuresByType(
  db: Db,
  city: string,
  detailKeys: readonly string[],
): Promise<TypeFiguresRow[]> {
  const reporting = sql`status = 'active' and value is not null`;
  const details = detailKeys.map(
    (key, i) =>
      sql`avg(case when jsonb_typeof(reading_metadata -> ${key}) = 'number'
        then (reading_metadata ->> ${key})::float8 end) filter (where ${reporting})
        as ${sql.ref(`d${i}`)}`,
  );
  const result = await sql<Record<string, unknown>>`
    select type, count(*)::int as monitored,
      (count(*) filter (where ${reporting}))::int as sensors,
      avg(value) filter (where ${reporting}) as avg,
      sum(value) filter (where ${reporting}) as sum
      ${details.length > 0 ? sql`, ${sql.join(details)}` : sql``}
    from sensors s left join sensor_latest l on l.sensor_id = s.id
    where city_key = ${city} and status <> 'inactive'
    group by type`.execute(db);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return result.rows.map((r) => ({
    type: String(r.type),
    monitored: Number(r.monitored),
    sensors: Number(r.sensors),
    avg: num(r.avg),
    sum: num(r.sum),
    details: Object.fromEntries(detailKeys.map((key, i) => [key, num(r[`d${i}`])])),
  }));
}

/** How many sensors of a type each of some cities monitors (all but inactive ones). */
export async function countMonitoredOfType(
  db: Db,
  type: string,
  cities: readonly string[],
): Promise<{ city_key: string; monitored: number }[]> {
  const result = await sql<{ city_key: string; monitored: number }>`
    select city_key, count(*)::int as monitored
    from sensors
    where city_key = any(${[...cities]}::text[]) and type = ${type} and status <> 'inactive'
    group by city_key`.execute(db);
  return result.rows;
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
