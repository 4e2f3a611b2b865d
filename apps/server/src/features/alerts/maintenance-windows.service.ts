import { randomUUID } from 'node:crypto';
import {
  areaKeySchema,
  cityKeySchema,
  findArea,
  MAINTENANCE_RECENT_DAYS,
  sensorTypeSchema,
  type MaintenanceWindow,
  type MaintenanceWindowCreate,
  type Role,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { publicActor, type LedgerService } from '../ledger/ledger.service';
import {
  deleteMaintenanceWindow,
  insertMaintenanceWindow,
  listMaintenanceWindows,
  maintenanceCoverage,
  unknownSensorIds,
  type MaintenanceWindowRow,
} from './maintenance-windows.repository';
import { Invalid, NotFound } from '../../lib/domain-errors';
import { createUnitOfWork } from '../../lib/unit-of-work';
import type { DomainEvents } from '../../live/domain-events';

const DAY_MS = 86_400_000;

/** How many unknown sensor ids an error names before it only counts the rest. */
const UNKNOWN_IDS_NAMED = 20;

/** The admin scheduling or ending a window. */
export type MaintenanceActor = { id: string; name: string; email: string; role: Role };

/** Maps a stored window to the contract's shape, active or not at `now`. */
function presentWindow(row: MaintenanceWindowRow, now: Date): MaintenanceWindow {
  return {
    id: row.id,
    city: cityKeySchema.parse(row.city_key),
    sensorIds: row.sensor_ids,
    type: row.type === null ? null : sensorTypeSchema.parse(row.type),
    area: row.area_key === null ? null : areaKeySchema.parse(row.area_key),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    active: row.starts_at <= now && now < row.ends_at,
  };
}

function invalid(path: string, message: string, problem: string): Invalid {
  return new Invalid(`Invalid input: ${path} ${problem}`, [{ path, message }]);
}

/**
 * For each of these sensors in maintenance at `now`, when the window covering it ends (the latest,
 * when several do), in one query however many sensors are asked.
 */
export function maintenanceUntilOf(
  db: Kysely<Database>,
  sensorIds: readonly string[],
  now: Date,
): Promise<Map<string, Date>> {
  return maintenanceCoverage(db, sensorIds, now);
}

export type MaintenanceWindowsService = ReturnType<typeof createMaintenanceWindowsService>;

/**
 * Maintenance windows: admins schedule periods in which some or all of a city's sensors raise
 * alerts that are recorded as suppressed (the alert engine and the offline check consult them when
 * they raise alerts), and end them early by deleting them. Both go on the public record.
 */
export function createMaintenanceWindowsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  now: () => Date;
  ledger: LedgerService;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);
  return {
    /** The city's current and upcoming windows, then those ended in the last week. */
    async list(city: string): Promise<MaintenanceWindow[]> {
      const now = deps.now();
      const rows = await listMaintenanceWindows(
        db,
        city,
        now,
        new Date(now.getTime() - MAINTENANCE_RECENT_DAYS * DAY_MS),
      );
      return rows.map((row) => presentWindow(row, now));
    },

    /**
     * Schedules a window. The body's own rules (order, length, reason, the area's city) are the
     * shared schema's; here: it must end in the future, and every named sensor be one of the city.
     */
    async create(
      body: MaintenanceWindowCreate,
      actor: MaintenanceActor,
    ): Promise<MaintenanceWindow> {
      const now = deps.now();
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt <= now) throw invalid('endsAt', 'must be in the future', 'must be in the future');
      const sensorIds = body.sensorIds ? [...new Set(body.sensorIds)] : null;
      if (sensorIds) {
        const unknown = await unknownSensorIds(db, body.city, sensorIds);
        if (unknown.length > 0) {
          const named = unknown.slice(0, UNKNOWN_IDS_NAMED).join(', ');
          const more =
            unknown.length > UNKNOWN_IDS_NAMED
              ? ` and ${unknown.length - UNKNOWN_IDS_NAMED} more`
              : '';
          const message = `are not sensors of ${body.city}: ${named}${more}`;
          throw invalid('sensorIds', message, message);
        }
      }
      const area = body.area ? findArea(body.area) : undefined;
      const row = await unitOfWork(async (unit) => {
        const stored = await insertMaintenanceWindow(unit.trx, {
          id: randomUUID(),
          city_key: body.city,
          sensor_ids: sensorIds,
          type: body.type ?? null,
          area_key: area?.key ?? null,
          area_lat: area?.lat ?? null,
          area_lng: area?.lng ?? null,
          area_radius_km: area?.radiusKm ?? null,
          starts_at: startsAt,
          ends_at: endsAt,
          reason: body.reason,
          created_by: actor.name ? `${actor.name} <${actor.email}>` : actor.email,
          created_at: now,
        });
        // On the public record: what is silenced, where and for how long, and by which role; never
        // the name nor the reason (it may name people).
        await deps.ledger.record(unit, {
          type: 'maintenance.scheduled',
          payload: {
            windowId: stored.id,
            city: stored.city_key,
            sensors: sensorIds?.length ?? null,
            sensorType: stored.type,
            area: stored.area_key,
            startsAt: stored.starts_at.toISOString(),
            endsAt: stored.ends_at.toISOString(),
            by: publicActor(actor),
          },
          at: now,
          ref: `maintenance:${stored.id}:scheduled`,
        });
        return stored;
      });
      return presentWindow(row, now);
    },

    /** Ends a window at once (or calls off one still to come); 404 when there is none. */
    async remove(id: string, actor: MaintenanceActor): Promise<void> {
      const now = deps.now();
      await unitOfWork(async (unit) => {
        const removed = await deleteMaintenanceWindow(unit.trx, id);
        if (!removed) {
          throw new NotFound(`No maintenance window with id "${id}"`);
        }
        await deps.ledger.record(unit, {
          type: 'maintenance.ended',
          payload: {
            windowId: removed.id,
            city: removed.city_key,
            startsAt: removed.starts_at.toISOString(),
            endsAt: removed.ends_at.toISOString(),
            // Ended before its time, called off before it began, or removed once over.
            early: removed.ends_at > now,
            by: publicActor(actor),
          },
          at: now,
          ref: `maintenance:${removed.id}:ended`,
        });
      });
    },
  };
}
