import {
  ACTIVE_ALERT_STATUSES,
  alertSeveritySchema,
  CITY_TWIN_COORDINATE_DECIMALS,
  cityKeySchema,
  MAX_SENSOR_LIST,
  primaryThresholds,
  SENSOR_STATUS_RANK,
  SENSOR_STATUSES,
  SENSOR_TYPES,
  SENSOR_UNITS,
  SEVERITY_RANK,
  sensorStatusSchema,
  sensorTypeSchema,
  type CityTwinSensors,
  type Sensor,
  type SensorClusters,
  type SensorCounts,
  type SensorPage,
  type SensorSort,
  type SensorStatus,
  type SensorType,
  type SensorUpdate,
  type SensorUpdatedEvent,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import { createUnitOfWork, type Work } from '../../lib/unit-of-work';
import { createVersionedCache } from '../../lib/versioned-cache';
import { maintenanceUntilOf } from '../alerts/maintenance-windows.service';
import {
  countMonitoredOfType,
  countOneSensor,
  countSensorsByCity,
  countSensorsByTypeAndStatus,
  figuresByType,
} from './sensor-counts.repository';
import { clusterSensors, listCityTwinSensors, worstAlertCells } from './sensor-map.repository';
import {
  applyFoldedLatest,
  findReadingSensors,
  listSensorsWithTimeZone,
  markSilentSensorsOffline,
  type ReadingSensor,
} from './sensor-readings.repository';
import {
  countSensors,
  findSensor,
  insertSensors,
  listSensors,
  updateSensor,
  type ListedSensorRow,
  type NewRegistrySensor,
  type SensorFilter,
  type SensorKeyset,
} from './sensors.repository';
import { Invalid, NotFound } from '../../lib/domain-errors';

export type { SensorCountRow } from './sensor-counts.repository';
export type { ReadingSensor } from './sensor-readings.repository';
export type { SensorFilter } from './sensors.repository';

/** Sensors registered per statement: each statement stays well under PostgreSQL's parameter limits. */
const REGISTER_CHUNK = 10_000;

/** A sensor to add to the registry; without a unit it measures in its type's own. */
export type SensorToRegister = Omit<NewRegistrySensor, 'type' | 'unit'> & {
  type: SensorType;
  unit?: string | undefined;
};

/** Maps a stored sensor to the contract's shape. */
function presentSensor(row: ListedSensorRow): Sensor {
  return {
    id: row.id,
    name: row.name,
    type: sensorTypeSchema.parse(row.type),
    city: cityKeySchema.parse(row.city_key),
    location: row.location,
    lat: row.lat,
    lng: row.lng,
    status: sensorStatusSchema.parse(row.status),
    unit: row.unit,
    value: row.value,
    lastReading: row.last_reading ? row.last_reading.toISOString() : null,
    metadata: row.metadata ?? {},
    maintenanceUntil: null,
  };
}

/** The live `sensor:updated` of a sensor in `status`: the fields of its HTTP shape that changed. */
function presentSensorUpdate(
  sensor: { id: string; city_key: string; metadata: Record<string, unknown> | null },
  status: SensorStatus,
): SensorUpdatedEvent {
  return {
    id: sensor.id,
    city: cityKeySchema.parse(sensor.city_key),
    status,
    metadata: sensor.metadata ?? {},
  };
}

/** A cursor names the order it belongs to and the sort values of the last sensor of its page. */
function encodeCursor(sort: SensorSort, row: ListedSensorRow): string {
  const values = sort === 'name' ? [row.name, row.id] : [row.city_key, row.id];
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

function badCursor(): Invalid {
  return new Invalid('Invalid input: cursor is not one this list gave', [
    { path: 'cursor', message: 'is not a cursor of this list and order; start again without it' },
  ]);
}

function decodeCursor(cursor: string, sort: SensorSort): SensorKeyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== sort ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string'
  )
    throw badCursor();
  return { sort, after: [parsed[1], parsed[2]] };
}

/** A text search of nothing searches nothing: an empty `q` is no filter. */
function normalised<F extends SensorFilter>(filter: F): F {
  return filter.q === undefined || filter.q.trim() !== '' ? filter : { ...filter, q: undefined };
}

const COORDINATE_SCALE = 10 ** CITY_TWIN_COORDINATE_DECIMALS;
const coordinate = (degrees: number) => Math.round(degrees * COORDINATE_SCALE) / COORDINATE_SCALE;

/** A grid cell is this many screen pixels wide: close marks merge before they overlap. */
const CLUSTER_CELL_PX = 44;

/** MapLibre's world is 512 pixels wide at zoom 0. */
const WORLD_PX_AT_ZOOM_0 = 512;

/**
 * How stale a count or a map's marks may be when another server process changed sensors; changes
 * made through this process are seen at once.
 */
const REGISTRY_CACHE_MAX_AGE_MS = 10_000;

/** How stale the map's alert colours may be when another process raised or ended an alert. */
const ALERT_OVERLAY_MAX_AGE_MS = 2_000;

function sensorNotFound(id: string) {
  return new NotFound(`No sensor with id "${id}"`);
}

export type SensorsService = ReturnType<typeof createSensorsService>;

/**
 * The one owner of the `sensors` table. Other features read and change sensors only through it; the
 * methods taking a transaction let ingest and the alert checks keep their work in one transaction.
 */
export function createSensorsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  now: () => Date;
}) {
  const { db, events } = deps;
  const unitOfWork = createUnitOfWork(db, events);
  // Counts and map marks read the whole registry of a city but change only when sensors are added
  // or change status: kept until then, many viewers of a city of 100,000 sensors cost one query.
  const aggregates = createVersionedCache<unknown>({
    maxAgeMs: REGISTRY_CACHE_MAX_AGE_MS,
    maxEntries: 1_000,
  });
  const kept = <T>(key: unknown[], compute: () => Promise<T>) =>
    aggregates.get(JSON.stringify(key), compute) as Promise<T>;
  // The map's alert colours change with every alert raised or ended, far more often than the
  // registry: kept a moment, and dropped at once when this process raises or ends one.
  const alertOverlay = createVersionedCache<Awaited<ReturnType<typeof worstAlertCells>>>({
    maxAgeMs: ALERT_OVERLAY_MAX_AGE_MS,
    maxEntries: 1_000,
  });
  events.on('alert:created', () => alertOverlay.bump());
  events.on('alert:updated', () => alertOverlay.bump());
  events.on('alert:deleted', () => alertOverlay.bump());
  const total = (filter: SensorFilter) => kept(['total', filter], () => countSensors(db, filter));
  /** The sensors with when their maintenance window ends, in one query for all of them. */
  const withMaintenance = async (sensors: Sensor[]): Promise<Sensor[]> => {
    const until = await maintenanceUntilOf(
      db,
      sensors.map((s) => s.id),
      deps.now(),
    );
    if (until.size === 0) return sensors;
    return sensors.map((s) => {
      const end = until.get(s.id);
      return end ? { ...s, maintenanceUntil: end.toISOString() } : s;
    });
  };
  /** A page of rows and where the next begins; one more row than asked tells whether one does. */
  async function pageRows(
    filter: SensorFilter,
    options: { sort: SensorSort; limit: number; cursor?: string },
  ) {
    const f = normalised(filter);
    const from = options.cursor ? decodeCursor(options.cursor, options.sort) : undefined;
    const [rows, matched] = await Promise.all([
      listSensors(db, f, { sort: options.sort, limit: options.limit + 1, from }),
      total(f),
    ]);
    const items = rows.slice(0, options.limit);
    const last = items[items.length - 1];
    return {
      rows: items,
      nextCursor: rows.length > options.limit && last ? encodeCursor(options.sort, last) : null,
      total: matched,
    };
  }

  return {
    /**
     * The plain list, for scripts: at most MAX_SENSOR_LIST sensors in the order asked, and how many
     * matched in all (the answer's `X-Total-Count`).
     */
    async list(
      filter: SensorFilter,
      sort: SensorSort = 'id',
    ): Promise<{ sensors: Sensor[]; total: number }> {
      const f = normalised(filter);
      const rows = await listSensors(db, f, { sort, limit: MAX_SENSOR_LIST });
      const matched = rows.length < MAX_SENSOR_LIST ? rows.length : await total(f);
      return { sensors: await withMaintenance(rows.map(presentSensor)), total: matched };
    },

    /** One page of the sensors matching the filter; `cursor` continues where another page ended. */
    async page(
      filter: SensorFilter,
      options: { sort: SensorSort; limit: number; cursor?: string },
    ): Promise<SensorPage> {
      const { rows, nextCursor, total } = await pageRows(filter, options);
      return { items: await withMaintenance(rows.map(presentSensor)), nextCursor, total };
    },

    /**
     * One page of the sensors matching the filter, in id order, each with the other figures its
     * latest reading carried (numbers only): the open data's latest values.
     */
    async pageWithFigures(
      filter: SensorFilter,
      options: { limit: number; cursor?: string },
    ): Promise<{
      items: { sensor: Sensor; figures: Record<string, number> }[];
      nextCursor: string | null;
      total: number;
    }> {
      const { rows, nextCursor, total } = await pageRows(filter, { ...options, sort: 'id' });
      const items = rows.map((row) => ({
        sensor: presentSensor(row),
        figures: Object.fromEntries(
          Object.entries(row.reading_metadata ?? {}).filter(
            (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
          ),
        ),
      }));
      return { items, nextCursor, total };
    },

    /** How many sensors the filter matches, per type (within its status) and per status (within its type). */
    async counts(filter: SensorFilter): Promise<SensorCounts> {
      const { type, status, ...rest } = normalised(filter);
      const byType = Object.fromEntries(SENSOR_TYPES.map((t) => [t, 0])) as SensorCounts['byType'];
      const byStatus = Object.fromEntries(
        SENSOR_STATUSES.map((s) => [s, 0]),
      ) as SensorCounts['byStatus'];
      let matched = 0;
      const rows = await kept(['counts', rest], () => countSensorsByTypeAndStatus(db, rest));
      for (const row of rows) {
        const rowType = sensorTypeSchema.safeParse(row.type);
        const rowStatus = sensorStatusSchema.parse(row.status);
        const typeMatches = type === undefined || row.type === type;
        const statusMatches = status === undefined || row.status === status;
        if (statusMatches && rowType.success) byType[rowType.data] += row.n;
        if (typeMatches) byStatus[rowStatus] += row.n;
        if (typeMatches && statusMatches) matched += row.n;
      }
      return { total: matched, byType, byStatus };
    },

    /**
     * The matching sensors as marks on a map at a whole zoom level: one mark per grid cell of
     * CLUSTER_CELL_PX pixels, so a map draws at most a few hundred whatever the registry holds.
     */
    async clusters(filter: SensorFilter, zoom: number): Promise<SensorClusters> {
      const cellRad = ((2 * Math.PI) / (WORLD_PX_AT_ZOOM_0 * 2 ** zoom)) * CLUSTER_CELL_PX;
      const f = normalised(filter);
      const [cells, alertCells] = await Promise.all([
        kept(['cells', f, zoom], () => clusterSensors(db, f, cellRad, SENSOR_STATUS_RANK)),
        alertOverlay.get(JSON.stringify([f, zoom]), () =>
          worstAlertCells(db, f, cellRad, SEVERITY_RANK, ACTIVE_ALERT_STATUSES),
        ),
      ]);
      const statusOfRank = new Map(
        Object.entries(SENSOR_STATUS_RANK).map(([status, rank]) => [rank, status]),
      );
      const severityOfRank = new Map(
        Object.entries(SEVERITY_RANK).map(([severity, rank]) => [rank, severity]),
      );
      const alertRankOf = new Map(alertCells.map((cell) => [`${cell.cx},${cell.cy}`, cell.rank]));
      let sensorsShown = 0;
      const clusters = cells.map((cell) => {
        sensorsShown += cell.n;
        const single = cell.n === 1 && cell.id !== null && cell.name !== null;
        const alertRank = alertRankOf.get(`${cell.cx},${cell.cy}`);
        return {
          lng: cell.lng,
          lat: cell.lat,
          count: cell.n,
          worstStatus: sensorStatusSchema.parse(statusOfRank.get(cell.worst)),
          worstAlert:
            alertRank === undefined
              ? null
              : alertSeveritySchema.parse(severityOfRank.get(alertRank)),
          bounds: [cell.west, cell.south, cell.east, cell.north] as [
            number,
            number,
            number,
            number,
          ],
          sensor: single
            ? {
                id: cell.id!,
                name: cell.name!,
                type: sensorTypeSchema.parse(cell.type),
                status: sensorStatusSchema.parse(cell.status),
              }
            : null,
        };
      });
      return { zoom, cellPx: CLUSTER_CELL_PX, total: sensorsShown, clusters };
    },

    /**
     * Every sensor of a city as the twin's columns, in id order: place, type, status, latest value
     * and where that value turns critical.
     */
    async twinColumns(city: string): Promise<CityTwinSensors> {
      const rows = await listCityTwinSensors(db, city);
      const columns: CityTwinSensors = {
        id: [],
        name: [],
        type: [],
        status: [],
        lat: [],
        lng: [],
        value: [],
        critical: [],
      };
      for (const row of rows) {
        const type = sensorTypeSchema.parse(row.type);
        columns.id.push(row.id);
        columns.name.push(row.name);
        columns.type.push(type);
        columns.status.push(sensorStatusSchema.parse(row.status));
        columns.lat.push(coordinate(row.lat));
        columns.lng.push(coordinate(row.lng));
        columns.value.push(row.value);
        columns.critical.push(primaryThresholds(type, row.metadata ?? {})?.critical ?? null);
      }
      return columns;
    },

    /** One sensor; 404 when there is none. */
    async get(id: string): Promise<Sensor> {
      const row = await findSensor(db, id);
      if (!row) throw sensorNotFound(id);
      return (await withMaintenance([presentSensor(row)]))[0]!;
    },

    /** Changes status and/or metadata, then tells live viewers of the sensor's city. */
    async update(id: string, change: SensorUpdate): Promise<Sensor> {
      const sensor = await unitOfWork(async (unit) => {
        const before = await findSensor(unit.trx, id);
        if (!before) throw sensorNotFound(id);
        const row = await updateSensor(unit.trx, id, change, deps.now());
        if (!row) throw sensorNotFound(id);
        const updated = presentSensor(row);
        unit.publish('sensor:updated', presentSensorUpdate(row, updated.status));
        if (before.status !== row.status) {
          unit.afterCommit(() => aggregates.bump());
          unit.publish('counts:changed', { cities: [row.city_key] });
        }
        return updated;
      });
      return (await withMaintenance([sensor]))[0]!;
    },

    /** Publishes, in the unit of work that changed them, that these sensors are now in `status`. */
    publishStatus(
      unit: Work,
      sensors: readonly { id: string; city_key: string; metadata: Record<string, unknown> }[],
      status: SensorStatus,
    ): void {
      if (sensors.length === 0) return;
      unit.afterCommit(() => aggregates.bump());
      for (const sensor of sensors)
        unit.publish('sensor:updated', presentSensorUpdate(sensor, status));
      unit.publish('counts:changed', { cities: [...new Set(sensors.map((s) => s.city_key))] });
    },

    /**
     * Adds sensors to the registry (a city's import of its devices, the admin's form) in one
     * transaction: all of them or none, and ids already there are kept as they are, so the same
     * import sent again adds nothing. Returns how many were added; the cities' counts are announced,
     * and lists show the new sensors on their next read.
     */
    async register(sensors: readonly SensorToRegister[]): Promise<number> {
      const rows = sensors.map((s) => ({ ...s, unit: s.unit ?? SENSOR_UNITS[s.type] }));
      return unitOfWork(async (unit) => {
        let inserted = 0;
        for (let i = 0; i < rows.length; i += REGISTER_CHUNK)
          inserted += await insertSensors(unit.trx, rows.slice(i, i + REGISTER_CHUNK));
        if (inserted > 0) {
          unit.afterCommit(() => aggregates.bump());
          unit.publish('counts:changed', { cities: [...new Set(sensors.map((s) => s.city))] });
        }
        return inserted;
      });
    },

    /** Sensors with their city's time zone, a page at a time in id order, for the simulator. */
    listWithTimeZone(page: { afterId: string | null; limit: number }) {
      return listSensorsWithTimeZone(db, page);
    },

    /** The sensors named, as a batch of their readings is judged (unknown ids left out). */
    forReadings(trx: Transaction<Database>, ids: readonly string[]): Promise<ReadingSensor[]> {
      return findReadingSensors(trx, ids);
    },

    /**
     * Gives each sensor the latest reading of the fold's range and makes the offline ones that
     * reported active again; per city, how many changed and which came back (to announce after commit).
     */
    applyFoldedReadings(trx: Transaction<Database>, range: { from: string; to: string }) {
      return applyFoldedLatest(trx, range, deps.now());
    },

    /** Marks active sensors silent since before `silentSince` offline and returns them. */
    async markSilentOffline(trx: Transaction<Database>, silentSince: Date, now: Date) {
      const offline = await markSilentSensorsOffline(trx, silentSince, now);
      // Bumped now and again when announced after commit, so no count from in between survives.
      if (offline.length > 0) aggregates.bump();
      return offline;
    },

    /**
     * Per type, how many sensors the city monitors, and over its active sensors with a value: how
     * many, their mean and total, and the mean of each of `detailKeys` in their latest readings'
     * metadata.
     */
    figuresByType(city: string, detailKeys: readonly string[]) {
      return figuresByType(db, city, detailKeys);
    },

    /** How many sensors of a type each city monitors (all but inactive ones). */
    async monitoredOfType(type: string, cities: readonly string[]): Promise<Map<string, number>> {
      const rows = await countMonitoredOfType(db, type, cities);
      return new Map(rows.map((r) => [r.city_key, r.monitored]));
    },

    /** Sensor counts per city (every city when none given), for the dashboard figures. */
    countByCity(cities?: readonly string[]) {
      return countSensorsByCity(db, cities);
    },

    /** Reads at most one sensor: resolves when the sensors can be read. */
    async probe(): Promise<void> {
      await countOneSensor(db);
    },
  };
}
