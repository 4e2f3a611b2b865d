import {
  alertGroupStatusSchema,
  alertSeveritySchema,
  cityKeySchema,
  sensorTypeSchema,
  type AlertGroup,
} from '@smart-city/shared';
import type { AlertGroupRow } from '../../db/schema';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Maps a stored flood group to the contract's shape. */
export function presentGroup(row: AlertGroupRow): AlertGroup {
  return {
    id: row.id,
    city: cityKeySchema.parse(row.city_key),
    sensorType: row.sensor_type === null ? null : sensorTypeSchema.parse(row.sensor_type),
    rule: row.rule,
    severity: alertSeveritySchema.parse(row.severity),
    status: alertGroupStatusSchema.parse(row.status),
    members: row.members,
    activeMembers: row.active_members,
    peakValue: row.peak_value,
    createdAt: iso(row.created_at)!,
    lastJoinedAt: iso(row.last_joined_at)!,
    updatedAt: iso(row.updated_at)!,
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by,
    note: row.note,
  };
}
