import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type IngestSensor = {
  id: string;
  name: string;
  type: string;
  city_key: string;
  location: string;
  status: string;
  unit: string;
  metadata: Record<string, unknown>;
};

/**
 * The batch's sensors, locked in id order for the rest of the transaction: concurrent batches for the
 * same sensors then run one after the other instead of deadlocking on rollups or racing on alerts.
 */
export function lockSensors(trx: Transaction<Database>, ids: string[]): Promise<IngestSensor[]> {
  return trx
    .selectFrom('sensors')
    .select(['id', 'name', 'type', 'city_key', 'location', 'status', 'unit', 'metadata'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Sets each sensor's latest value and time (never moving back in time) and brings offline sensors back
 * to active.
 */
export async function updateLatestReadings(
  trx: Transaction<Database>,
  latest: { ids: string[]; values: number[]; timestamps: string[] },
): Promise<void> {
  await sql`
    update sensors s set
      value = case when s.last_reading is null or s.last_reading <= u.ts then u.value else s.value end,
      last_reading = greatest(s.last_reading, u.ts),
      status = case when s.status = 'offline' then 'active' else s.status end
    from unnest(${latest.ids}::text[], ${latest.values}::float8[], ${latest.timestamps}::timestamptz[])
      as u(id, value, ts)
    where s.id = u.id`.execute(trx);
}
