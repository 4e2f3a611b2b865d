import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { isoOfMicros, type Column } from './sensorthings-model';
import type { Condition, Order } from './sensorthings-request';

/**
 * The SensorThings API reads the sensors and their raw readings where they are, read only: a sensor
 * row is a Thing, its Location, HistoricalLocation, FeatureOfInterest and Datastream; a reading is
 * an Observation. Every page is read in the order asked with the entity's key as the tie-break, and
 * the next page starts after the last key of the one before (a next link carries it), so a page
 * deep in a Datastream costs what the first one does.
 */

/** What a sensor-based entity shows: public fields only, never the sensor's metadata. */
export type SensorEntityRow = {
  id: string;
  name: string;
  type: string;
  city_key: string;
  city_name: string;
  location: string;
  lat: number;
  lng: number;
  status: string;
  /** When it was registered, in microseconds since the epoch. */
  created: string;
};

/** One raw reading, its time in microseconds since the epoch (PostgreSQL keeps microseconds). */
export type ReadingRow = { sensor_id: string; value: number; micros: string };

/** The sensors a collection is narrowed to: one (a Thing's Datastreams), or one type's. */
type SensorScope = { sensorId?: string; kind?: string };

/** One page: its filter, its whole order (tie-break included), where it starts and how long. */
export type PageQuery = {
  filter: Condition | null;
  order: Order[];
  /** The sort keys of the last entity of the page before; datetimes in microseconds. */
  after: (string | number)[] | null;
  skip: number;
  limit: number;
};

type Db = Kysely<Database>;

const SENSOR_COLUMNS: Partial<Record<Column, RawBuilder<unknown>>> = {
  id: sql.ref('s.id'),
  name: sql.ref('s.name'),
  location: sql.ref('s.location'),
  city: sql.ref('s.city_key'),
  type: sql.ref('s.type'),
  status: sql.ref('s.status'),
  created: sql.ref('s.created_at'),
};

const READING_COLUMNS: Partial<Record<Column, RawBuilder<unknown>>> = {
  time: sql.ref('d.timestamp'),
  result: sql.ref('d.value'),
  // Byte order, so readings of the same instant come in the same order on every database.
  sensor: sql`d.sensor_id collate "C"`,
};

type Columns = typeof SENSOR_COLUMNS;

const DATETIME_COLUMNS = new Set<Column>(['created', 'time']);

const OPERATORS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

function columnOf(columns: Columns, column: Column): RawBuilder<unknown> {
  const ref = columns[column];
  if (!ref) throw new Error(`No column ${column} here`);
  return ref;
}

/** A value compared with `column`, as a typed parameter; a datetime is given in ISO 8601. */
function valueOf(column: Column, value: string | number): RawBuilder<unknown> {
  if (DATETIME_COLUMNS.has(column)) return sql`${String(value)}::timestamptz`;
  if (column === 'result') return sql`${Number(value)}::double precision`;
  return sql`${String(value)}::text`;
}

/** A bound `$filter` as SQL, every value a parameter. */
function conditionSql(columns: Columns, condition: Condition): RawBuilder<unknown> {
  switch (condition.kind) {
    case 'and':
      return sql`(${conditionSql(columns, condition.left)} and ${conditionSql(columns, condition.right)})`;
    case 'or':
      return sql`(${conditionSql(columns, condition.left)} or ${conditionSql(columns, condition.right)})`;
    case 'not':
      return sql`(not ${conditionSql(columns, condition.operand)})`;
    case 'compare':
      return sql`${columnOf(columns, condition.column)} ${sql.raw(OPERATORS[condition.op])} ${valueOf(condition.column, condition.value)}`;
  }
}

/** A sort key of a page's place: datetimes travel in microseconds. */
function keyOf(column: Column, key: string | number): RawBuilder<unknown> {
  return valueOf(column, DATETIME_COLUMNS.has(column) ? isoOfMicros(BigInt(key)) : key);
}

/**
 * The rows after `after` in `order`: the first key past its value, or equal and the next past
 * its, and so on. The first key's bound is stated alone too, so an index (and, for readings, the
 * day partitions) can start there.
 */
function afterSql(columns: Columns, order: Order[], after: (string | number)[]) {
  const terms = order.map((key, i) => {
    const equal = order
      .slice(0, i)
      .map(
        (before, j) =>
          sql`${columnOf(columns, before.column)} = ${keyOf(before.column, after[j]!)}`,
      );
    const past = sql`${columnOf(columns, key.column)} ${sql.raw(key.desc ? '<' : '>')} ${keyOf(key.column, after[i]!)}`;
    return sql`(${sql.join([...equal, past], sql` and `)})`;
  });
  if (terms.length === 1) return terms[0]!;
  const first = order[0]!;
  const bound = sql`${columnOf(columns, first.column)} ${sql.raw(first.desc ? '<=' : '>=')} ${keyOf(first.column, after[0]!)}`;
  return sql`${bound} and (${sql.join(terms, sql` or `)})`;
}

function orderSql(columns: Columns, order: Order[]) {
  return sql.join(
    order.map((key) => sql`${columnOf(columns, key.column)} ${sql.raw(key.desc ? 'desc' : 'asc')}`),
  );
}

function whereSql(conditions: RawBuilder<unknown>[]) {
  return conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
}

function pageConditions(columns: Columns, page: PageQuery) {
  const conditions: RawBuilder<unknown>[] = [];
  if (page.filter) conditions.push(conditionSql(columns, page.filter));
  if (page.after) conditions.push(afterSql(columns, page.order, page.after));
  return conditions;
}

function scopeConditions(scope: SensorScope) {
  const conditions: RawBuilder<unknown>[] = [];
  if (scope.sensorId !== undefined) conditions.push(sql`s.id = ${scope.sensorId}`);
  if (scope.kind !== undefined) conditions.push(sql`s.type = ${scope.kind}`);
  return conditions;
}

const SENSOR_FIELDS = sql`s.id, s.name, s.type, s.city_key, c.name as city_name, s.location, s.lat,
  s.lng, s.status, (extract(epoch from s.created_at) * 1000000)::bigint::text as created`;

/** A page of sensors in `scope`, in the page's order. */
export async function sensorPage(db: Db, scope: SensorScope, page: PageQuery) {
  const { rows } = await sql<SensorEntityRow>`
    select ${SENSOR_FIELDS}
    from sensors s
    join cities c on c.key = s.city_key
    ${whereSql([...scopeConditions(scope), ...pageConditions(SENSOR_COLUMNS, page)])}
    order by ${orderSql(SENSOR_COLUMNS, page.order)}
    limit ${page.limit} offset ${page.skip}`.execute(db);
  return rows;
}

/** How many sensors in `scope` pass `filter`. */
export async function sensorCount(db: Db, scope: SensorScope, filter: Condition | null) {
  const conditions = scopeConditions(scope);
  if (filter) conditions.push(conditionSql(SENSOR_COLUMNS, filter));
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from sensors s ${whereSql(conditions)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The sensors of these ids that pass `filter` (each entity of an expanded page's sensors). */
export async function sensorsByIds(db: Db, ids: readonly string[], filter: Condition | null) {
  const conditions = [sql`s.id = any(${[...ids]}::text[])`];
  if (filter) conditions.push(conditionSql(SENSOR_COLUMNS, filter));
  const { rows } = await sql<SensorEntityRow>`
    select ${SENSOR_FIELDS}
    from sensors s
    join cities c on c.key = s.city_key
    ${whereSql(conditions)}`.execute(db);
  return rows;
}

/** A page of sensors of each of these types (the Datastreams of each Sensor expanded). */
export async function sensorsOfKinds(db: Db, kinds: readonly string[], page: PageQuery) {
  const { rows } = await sql<SensorEntityRow & { kind: string }>`
    select k.kind, p.*
    from unnest(${[...kinds]}::text[]) as k(kind)
    cross join lateral (
      select ${SENSOR_FIELDS}
      from sensors s
      join cities c on c.key = s.city_key
      ${whereSql([sql`s.type = k.kind`, ...pageConditions(SENSOR_COLUMNS, page)])}
      order by ${orderSql(SENSOR_COLUMNS, page.order)}
      limit ${page.limit} offset ${page.skip}
    ) p`.execute(db);
  return rows;
}

/** How many sensors of each of these types pass `filter`. */
export async function sensorCountsOfKinds(
  db: Db,
  kinds: readonly string[],
  filter: Condition | null,
) {
  const conditions = [sql`s.type = any(${[...kinds]}::text[])`];
  if (filter) conditions.push(conditionSql(SENSOR_COLUMNS, filter));
  const { rows } = await sql<{ kind: string; n: string }>`
    select s.type as kind, count(*)::text as n from sensors s ${whereSql(conditions)}
    group by s.type`.execute(db);
  return new Map(rows.map((row) => [row.kind, Number(row.n)]));
}

const READING_FIELDS = sql`d.sensor_id, d.value,
  (extract(epoch from d."timestamp") * 1000000)::bigint::text as micros`;

/** The readings of one sensor, or of every sensor within a time window (microseconds). */
type ReadingScope = { sensorId?: string; window?: { from: bigint; to: bigint | null } };

function readingScopeConditions(scope: ReadingScope) {
  const conditions: RawBuilder<unknown>[] = [];
  if (scope.sensorId !== undefined) conditions.push(sql`d.sensor_id = ${scope.sensorId}`);
  if (scope.window) {
    conditions.push(sql`d."timestamp" >= ${isoOfMicros(scope.window.from)}::timestamptz`);
    if (scope.window.to !== null) {
      conditions.push(sql`d."timestamp" <= ${isoOfMicros(scope.window.to)}::timestamptz`);
    }
  }
  return conditions;
}

/**
 * A page of raw readings. One sensor's are read from the reading key's index (sensor, time) alone,
 * newest first, from the day partitions the page's bounds leave; every sensor's only within a
 * window, which bounds the partitions read.
 */
export async function readingPage(db: Db, scope: ReadingScope, page: PageQuery) {
  const { rows } = await sql<ReadingRow>`
    select ${READING_FIELDS}
    from sensor_data d
    ${whereSql([...readingScopeConditions(scope), ...pageConditions(READING_COLUMNS, page)])}
    order by ${orderSql(READING_COLUMNS, page.order)}
    limit ${page.limit} offset ${page.skip}`.execute(db);
  return rows;
}

/** How many readings of one sensor pass `filter`, counted in the reading key's index. */
export async function readingCount(db: Db, sensorId: string, filter: Condition | null) {
  const conditions = readingScopeConditions({ sensorId });
  if (filter) conditions.push(conditionSql(READING_COLUMNS, filter));
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from sensor_data d ${whereSql(conditions)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** A page of readings of each of these sensors (the Observations of each Datastream expanded). */
export async function readingsOfSensors(db: Db, sensorIds: readonly string[], page: PageQuery) {
  const { rows } = await sql<ReadingRow>`
    select r.sensor_id, r.value, r.micros
    from unnest(${[...sensorIds]}::text[]) as p(sensor_id)
    cross join lateral (
      select ${READING_FIELDS}
      from sensor_data d
      ${whereSql([sql`d.sensor_id = p.sensor_id`, ...pageConditions(READING_COLUMNS, page)])}
      order by ${orderSql(READING_COLUMNS, page.order)}
      limit ${page.limit} offset ${page.skip}
    ) r`.execute(db);
  return rows;
}

/** The reading of a sensor at an instant (ISO 8601, to the microsecond), if there is one. */
export async function readingAt(db: Db, sensorId: string, at: string) {
  const { rows } = await sql<ReadingRow>`
    select ${READING_FIELDS}
    from sensor_data d
    where d.sensor_id = ${sensorId} and d."timestamp" = ${at}::timestamptz`.execute(db);
  return rows[0];
}
