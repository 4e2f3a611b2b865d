import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { filtered, type SensorFilter } from './sensors.repository';

// The sensors as the map and the city twin draw them: grouped into grid cells of the screen's
// projection, the worst alert of each cell, and a city's every sensor with what the twin needs.

type Db = Kysely<Database> | Transaction<Database>;

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
