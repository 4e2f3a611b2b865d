import { sql, type Kysely, type Transaction } from 'kysely';
import type { AlertRow, Database, EscalationPolicyRow, EscalationStepRow } from '../../db/schema';
import type { PageCursor } from '../../http/page-cursor';

type Db = Kysely<Database> | Transaction<Database>;

/** A policy with its steps in order. */
export type PolicyRecord = EscalationPolicyRow & { steps: EscalationStepRow[] };

/** A step to store, in its place in the policy. */
export type NewStep = Omit<EscalationStepRow, 'policy_id'>;

async function withSteps(db: Db, policies: EscalationPolicyRow[]): Promise<PolicyRecord[]> {
  if (policies.length === 0) return [];
  const steps = await db
    .selectFrom('escalation_steps')
    .selectAll()
    .where(
      'policy_id',
      'in',
      policies.map((p) => p.id),
    )
    .orderBy('policy_id')
    .orderBy('position')
    .execute();
  return policies.map((policy) => ({
    ...policy,
    steps: steps
      .filter((step) => step.policy_id === policy.id)
      .map((step) => ({ ...step, position: Number(step.position) })),
  }));
}

/** Policies oldest first (of one city, when given), after `cursor`, with their steps. */
export async function listPolicies(
  db: Db,
  filter: { city?: string; limit: number; cursor?: PageCursor },
): Promise<PolicyRecord[]> {
  let query = db.selectFrom('escalation_policies').selectAll();
  if (filter.city) query = query.where('city_key', '=', filter.city);
  const { cursor } = filter;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '>', cursor.id)]),
      ]),
    );
  }
  return withSteps(
    db,
    await query.orderBy('created_at').orderBy('id').limit(filter.limit).execute(),
  );
}

export async function findPolicy(
  db: Db,
  id: string,
  forUpdate = false,
): Promise<PolicyRecord | undefined> {
  const query = db.selectFrom('escalation_policies').selectAll().where('id', '=', id);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return row ? (await withSteps(db, [row]))[0] : undefined;
}

/** Whether another policy already covers this city, sensor type (or the default) and severity. */
export async function scopeTaken(
  db: Db,
  scope: { city: string; sensorType: string | null; severity: string },
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('escalation_policies')
    .select('id')
    .where('city_key', '=', scope.city)
    .where('severity', '=', scope.severity)
    .where(sql<boolean>`coalesce(sensor_type, '') = ${scope.sensorType ?? ''}`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function replaceSteps(db: Db, policyId: string, steps: readonly NewStep[]) {
  await db.deleteFrom('escalation_steps').where('policy_id', '=', policyId).execute();
  await db
    .insertInto('escalation_steps')
    .values(steps.map((step) => ({ ...step, policy_id: policyId })))
    .execute();
}

/** Stores a new policy and its steps. */
export async function insertPolicy(
  db: Transaction<Database>,
  policy: EscalationPolicyRow,
  steps: readonly NewStep[],
): Promise<void> {
  await db.insertInto('escalation_policies').values(policy).execute();
  await replaceSteps(db, policy.id, steps);
}

/** Changes a policy's scope and, when given, replaces all of its steps. */
export async function updatePolicy(
  db: Transaction<Database>,
  id: string,
  scope: { city_key: string; sensor_type: string | null; severity: string; updated_at: Date },
  steps: readonly NewStep[] | undefined,
): Promise<void> {
  await db.updateTable('escalation_policies').set(scope).where('id', '=', id).execute();
  if (steps) await replaceSteps(db, id, steps);
}

/** Removes a policy and its steps; false when there was none. */
export async function deletePolicy(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('escalation_policies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The sensor types of a city that have a policy of their own for a severity. */
export async function sensorTypesWithPolicy(
  db: Db,
  city: string,
  severity: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('escalation_policies')
    .select('sensor_type')
    .where('city_key', '=', city)
    .where('severity', '=', severity)
    .where('sensor_type', 'is not', null)
    .execute();
  return rows.map((row) => row.sensor_type!);
}

/** An alert a preview looks at, with its sensor's type. */
export type PreviewAlert = AlertRow & { sensor_type: string | null };

/**
 * A city's alerts of one severity raised since `since`, newest first, at most `limit`, with their
 * sensor's type; `sensorType` narrows them to one type. Also how many there are in all.
 */
export async function alertsForPreview(
  db: Db,
  filter: { city: string; severity: string; sensorType: string | null; since: Date; limit: number },
): Promise<{ alerts: PreviewAlert[]; total: number }> {
  let query = db
    .selectFrom('alerts')
    .leftJoin('sensors', 'sensors.id', 'alerts.sensor_id')
    .where('alerts.city_key', '=', filter.city)
    .where('alerts.severity', '=', filter.severity)
    .where('alerts.created_at', '>=', filter.since)
    // A suppressed alert never escalates, so no policy would have notified anyone of it.
    .where('alerts.suppressed', '=', false);
  if (filter.sensorType) query = query.where('sensors.type', '=', filter.sensorType);
  const [alerts, count] = await Promise.all([
    query
      .selectAll('alerts')
      .select('sensors.type as sensor_type')
      .orderBy('alerts.created_at', 'desc')
      .orderBy('alerts.id')
      .limit(filter.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { alerts, total: count.count };
}

/** An alert with its sensor's type, as escalation judges it; undefined when there is none. */
export function findAlertWithSensorType(db: Db, id: string): Promise<PreviewAlert | undefined> {
  return db
    .selectFrom('alerts')
    .leftJoin('sensors', 'sensors.id', 'alerts.sensor_id')
    .selectAll('alerts')
    .select('sensors.type as sensor_type')
    .where('alerts.id', '=', id)
    .executeTakeFirst();
}

/**
 * The policy that covers an alert, as the escalation check picks it: the one of its city, severity
 * and sensor type, else the city-wide default of the severity.
 */
export async function policyCovering(
  db: Db,
  alert: { city_key: string; severity: string; sensor_type: string | null },
): Promise<PolicyRecord | undefined> {
  const row = await db
    .selectFrom('escalation_policies')
    .selectAll()
    .where('city_key', '=', alert.city_key)
    .where('severity', '=', alert.severity)
    .where((eb) =>
      alert.sensor_type === null
        ? eb('sensor_type', 'is', null)
        : eb.or([eb('sensor_type', 'is', null), eb('sensor_type', '=', alert.sensor_type)]),
    )
    .orderBy(sql`sensor_type nulls last`)
    .limit(1)
    .executeTakeFirst();
  return row ? (await withSteps(db, [row]))[0] : undefined;
}

/** The steps of a policy that have fired for an alert: each position's latest occurrence. */
export async function firedSteps(
  db: Db,
  alertId: string,
  policyId: string,
): Promise<{ position: number; occurrence: number }[]> {
  const rows = await db
    .selectFrom('alert_escalations')
    .select(['position', sql<number>`max(occurrence)::int`.as('occurrence')])
    .where('alert_id', '=', alertId)
    .where('policy_id', '=', policyId)
    .groupBy('position')
    .execute();
  return rows.map((row) => ({ position: Number(row.position), occurrence: row.occurrence }));
}
