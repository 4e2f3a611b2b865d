import { POLLUTANTS, type Pollutant } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import { within, type Circle } from '../../db/circle.repository';
import type { Database } from '../../db/schema';

export type PollutantHour = {
  hour: Date;
  /** Each pollutant's mean over the sensors that measured it in the hour (each sensor's own mean). */
  means: Partial<Record<Pollutant, number>>;
  sensors: number;
};

/**
 * Each hour from `from` to before `to` that air sensors of the city (within the circle, when
 * given) reported pollutants in: per pollutant the mean of the sensors' hourly means, so a sensor
 * that reports often weighs no more than one that reports rarely; and how many sensors reported.
 */
export async function pollutantHours(
  db: Kysely<Database>,
  city: string,
  circle: Circle | null,
  from: Date,
  to: Date,
): Promise<PollutantHour[]> {
  const means = POLLUTANTS.map(
    (p) => sql`avg(a.${sql.ref(`${p}_sum`)} / nullif(a.${sql.ref(`${p}_n`)}, 0)) as ${sql.ref(p)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select a.hour, ${sql.join(means)}, count(*)::int as sensors
    from air_pollutants_hourly a
    join sensors s on s.id = a.sensor_id
    where a.hour >= ${from} and a.hour < ${to}
      and s.city_key = ${city} and s.type = 'air_quality'
      ${circle ? sql`and ${within(circle)}` : sql``}
    group by a.hour
    order by a.hour`.execute(db);
  return rows.map((row) => ({
    hour: new Date(row.hour as string | Date),
    means: Object.fromEntries(
      POLLUTANTS.flatMap((p) => (row[p] === null ? [] : [[p, Number(row[p])]])),
    ),
    sensors: Number(row.sensors),
  }));
}

/** Forgets the pollutant hours before `before`: the index looks back a day at most. */
export async function deleteOldPollutantHours(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('air_pollutants_hourly')
    .where('hour', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
