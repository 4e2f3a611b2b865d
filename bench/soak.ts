// Months of readings on PostgreSQL: on a throwaway database with SOAK_SENSORS sensors (100,000) in
// Kolkata, writes history until the raw readings table holds SOAK_ROWS readings (100 million), and
// at a tenth, half and all of them measures, against the goals:
// - sustained HTTP ingest (posters sending batches of readings of now), and its ratio to the rate
//   at the first measure (goal ≥ 0.8);
// - history p95 of random sensors for 1h, 24h, 7d, 30d and 1y (goal ≤ 20 ms each);
// - the city's analytics over 30 days, each answer computed, not taken from the server's short
//   reuse of a series (goal p95 ≤ 100 ms);
// - bytes on disk per raw reading (tables and indexes), and what the rollups add.
// Then it runs the server's retention, dropping the oldest whole day of raw readings, while readings
// arrive at half the rate measured last, and prints how long it took and the slowest ingest request
// meanwhile (goal: none slower than 1 s).
//
// The history is raw rows inserted by SQL and rolled up by the server's own fold: an hour of every
// sensor at a time, oldest first, each sensor one reading every SOAK_CADENCE_MIN (10) minutes, so
// 100 million readings of 100,000 sensors are about a week before the bench started. Each hour is
// folded before the next is written, and the hours that pass while the bench runs are written at
// the end, so the last measure's short windows hold readings too. As each hour of history ends, the
// bench vacuums what the server's storage job vacuums in its hourly run: the rollups still being
// written and, once a day has ended, its partitions. The sensors are registered straight in the database.
//
// Needs PostgreSQL (BENCH_DATABASE_URL, default the local server). SOAK_ROWS, SOAK_SENSORS,
// SOAK_CADENCE_MIN, SOAK_SECONDS (of ingest per measure), SOAK_POSTERS, SOAK_BATCH, SOAK_REQUESTS
// (per history window) and SOAK_ANALYTICS (analytics requests) change the sizes; SOAK_MAX_DB_GB stops
// the bench once the database is larger; BENCH_KEEP=1 keeps the database.
//
// SOAK_PG_TUNE=1 gives the PostgreSQL server the checkpoint settings of docs/deploy/postgresql.md
// for the run (ALTER SYSTEM and a reload, put back at the end): at 100,000 sensors the defaults
// (max_wal_size 1 GB, checkpoint_timeout 5 min) force a checkpoint every few seconds, and every page
// written after one is written to the WAL whole. Each measure says how many checkpoints ran.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { READING_WINDOWS, SENSOR_UNITS, type SensorType } from '@smart-city/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { SERIES_REUSE_MS } from '../apps/server/src/features/analytics/analytics.service';
import {
  ensurePartition,
  listPartitions,
  PARTITIONED_TABLES,
  partitionsBetween,
} from '../apps/server/src/features/readings/partitions.repository';
import {
  createReadingsService,
  DEFAULT_RETENTION_HOURLY_DAYS,
} from '../apps/server/src/features/readings/readings.service';
import type { SensorsService } from '../apps/server/src/features/sensors/sensors.service';
import {
  demoCookie,
  percentile,
  startBenchServer,
  typicalValueFor,
  untilFolded,
  withPostgresBenchDatabase,
  type BenchDatabase,
} from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_TUNE = process.env.SOAK_PG_TUNE === '1';
/** The server settings SOAK_PG_TUNE gives for the run (docs/deploy/postgresql.md); all reloadable. */
const PG_SETTINGS: Record<string, string> = {
  max_wal_size: '16GB',
  checkpoint_timeout: '15min',
  wal_compression: 'on',
};

/** Checkpoints the server has run since its statistics were reset: on time and asked for. */
async function checkpoints(client: pg.Client) {
  const { rows } = await client.query<{ timed: string; requested: string }>(
    'select checkpoints_timed::text as timed, checkpoints_req::text as requested from pg_stat_bgwriter',
  );
  return { timed: Number(rows[0]!.timed), requested: Number(rows[0]!.requested) };
}

/** The server's checkpoint settings as they stand, for the log. */
async function checkpointSettings(client: pg.Client) {
  const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings where name = any($1::text[]) order by name`,
    [Object.keys(PG_SETTINGS)],
  );
  return rows.map((r) => `${r.name} ${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ');
}

/** Gives the server PG_SETTINGS (or puts its own back with `reset`) and reloads its configuration. */
async function tunePostgres(client: pg.Client, reset = false) {
  for (const [name, value] of Object.entries(PG_SETTINGS)) {
    // Names and values are this file's own constants.
    await client.query(
      reset ? `alter system reset ${name}` : `alter system set ${name} = '${value}'`,
    );
  }
  await client.query('select pg_reload_conf()');
}
const ROWS = Number(process.env.SOAK_ROWS ?? 100_000_000);
const SENSORS = Number(process.env.SOAK_SENSORS ?? 100_000);
const CADENCE_S = Number(process.env.SOAK_CADENCE_MIN ?? 10) * 60;
// Long enough for several folds (they come up to 15 s apart under load).
const INGEST_SECONDS = Number(process.env.SOAK_SECONDS ?? 30);
const POSTERS = Number(process.env.SOAK_POSTERS ?? 4);
const BATCH = Number(process.env.SOAK_BATCH ?? 2_000);
const REQUESTS = Number(process.env.SOAK_REQUESTS ?? 200);
const ANALYTICS_REQUESTS = Number(process.env.SOAK_ANALYTICS ?? 50);
// The bench stops (and drops the database) once the database is larger than this, if set.
const MAX_DB_GB = Number(process.env.SOAK_MAX_DB_GB ?? Infinity);
// Keeps the database afterwards (its URL is printed), to look at plans or sizes by hand.
const KEEP = process.env.BENCH_KEEP === '1';
const CITY = 'kolkata';
const MEASURES = [0.1, 0.5, 1];
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The kinds of sensor, in turn by number: their unit, metadata and the span their readings keep to. */
const KINDS: { type: SensorType; label: string; metadata: object; low: number; high: number }[] = [
  { type: 'traffic', label: 'Traffic', metadata: { metric: 'congestion' }, low: 5, high: 90 },
  {
    type: 'air_quality',
    label: 'Air Quality',
    metadata: { metric: 'aqi', scale: 'US EPA' },
    low: 30,
    high: 180,
  },
  {
    type: 'energy',
    label: 'Energy Feeder',
    metadata: { metric: 'load', ratedMw: 40 },
    low: 10,
    high: 32,
  },
  { type: 'water', label: 'Water Supply', metadata: { metric: 'supply' }, low: 90, high: 170 },
  { type: 'waste', label: 'Waste Bin', metadata: { metric: 'fill' }, low: 5, high: 90 },
  { type: 'population', label: 'Footfall', metadata: { metric: 'people' }, low: 50, high: 4_000 },
];

const sensorId = (n: number) => `${CITY}-soak-${String(n).padStart(6, '0')}`;
const REGISTRY = Array.from({ length: SENSORS }, (_, i) => ({
  id: sensorId(i + 1),
  type: KINDS[(i + 1) % KINDS.length]!.type,
}));

const count = (n: number) => Math.round(n).toLocaleString('en');
/** 10,000,000 as "10 M", 200,000 as "200 k". */
const short = (n: number) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)} k` : String(n);
const gb = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : `${Math.round(bytes / 1024 ** 2)} MB`;
const seconds = (since: number) => (performance.now() - since) / 1000;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One row of the summary: a figure per measure, and the goal. */
type Line = { measure: string; figures: string[]; goal: string; met: string };

/** What one measure found. */
type Measured = {
  label: string;
  rows: number;
  ingestPerS: number;
  ingestP95: number;
  ingestIssues: string;
  foldLagS: number;
  history: Record<string, { p95: number; p50: number; points: number }>;
  analyticsP95: number;
  analyticsCachedP95: number;
  rawBytes: number;
  rollupBytes: Record<string, number>;
  databaseBytes: number;
  elapsedMin: number;
  load: string;
};

async function run(db: BenchDatabase) {
  const url = db.env.DATABASE_URL!;
  const started = performance.now();
  // History ends at the hour the bench starts and reaches back as far as SOAK_ROWS takes.
  const benchStart = Date.now();
  const historyEnd = Math.floor(benchStart / HOUR_MS) * HOUR_MS;
  const historyHours = Math.ceil(((ROWS / SENSORS) * CADENCE_S * 1000) / HOUR_MS);
  const historyStart = historyEnd - historyHours * HOUR_MS;
  // The server makes the partitions back as far as the raw readings are kept, and drops none of
  // the history while the bench runs.
  const rawDays = Math.max(30, Math.ceil((historyHours * HOUR_MS) / DAY_MS) + 2);
  console.log(
    `History from ${new Date(historyStart).toISOString()} to ${new Date(historyEnd).toISOString()} (${(historyHours / 24).toFixed(1)} days), then up to now`,
  );

  // A first start migrates and seeds the three cities; the registry goes in beside them.
  let server = await startBenchServer({ ...db.env, SIMULATOR: 'off' });
  await server.stop();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  const t0 = performance.now();
  await client.query(
    `
    with places as (
      select row_number() over (order by location) - 1 as n, location, avg(lat) as lat, avg(lng) as lng
      from sensors where city_key = $1 group by location),
    kinds as (
      select ord - 1 as n, type, unit, label, metadata
      from unnest($3::text[], $4::text[], $5::text[], $6::jsonb[]) with ordinality
        as k(type, unit, label, metadata, ord))
    insert into sensors (id, name, type, city_key, location, lat, lng, status, unit, metadata)
    select $1 || '-soak-' || lpad(g::text, 6, '0'), p.location || ' ' || k.label || ' ' || g, k.type,
      $1, p.location, p.lat + (random() - 0.5) * 0.03, p.lng + (random() - 0.5) * 0.03, 'active',
      k.unit, k.metadata
    from generate_series(1, $2::int) g
    join kinds k on k.n = g % (select count(*) from kinds)
    join places p on p.n = g % (select count(*) from places)`,
    [
      CITY,
      SENSORS,
      KINDS.map((k) => k.type),
      KINDS.map((k) => SENSOR_UNITS[k.type]),
      KINDS.map((k) => k.label),
      KINDS.map((k) => JSON.stringify(k.metadata)),
    ],
  );
  await client.query('vacuum analyze sensors');
  await client.query('vacuum analyze sensor_latest');
  console.log(`Registered ${count(SENSORS)} sensors in ${seconds(t0).toFixed(1)} s`);

  server = await startBenchServer({
    ...db.env,
    SIMULATOR: 'off',
    INGEST_MAX_IN_FLIGHT: String(POSTERS * BATCH),
    RETENTION_RAW_DAYS: String(rawDays),
    // History arrives in bursts minutes apart: the offline check is kept out of the way.
    SENSOR_OFFLINE_AFTER_S: '604800',
  });
  const { base } = server;
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    if (PG_TUNE) {
      await tunePostgres(client);
      // A reload is taken up by the server's processes within moments.
      await sleep(1_000);
    }
    console.log(`PostgreSQL checkpoints: ${await checkpointSettings(client)}`);
    const checkpointsAtStart = await checkpoints(client);

    const operator = await demoCookie(base, 'operator@smartcity.local');
    const key = await deviceKeyOf(base);
    const post = (readings: { sensorId: string; value: number; timestamp: string }[]) =>
      postReadings(base, key, readings);

    // The partitions each hour of history lands in: the server's storage job has made them at start
    // (back RETENTION_RAW_DAYS); any it has not are made here the way it makes them.
    const ensured = new Set<string>();
    let partitionsMade = 0;
    async function ensurePartitions(from: number, to: number) {
      for (const spec of PARTITIONED_TABLES)
        for (const part of partitionsBetween(spec, new Date(from), new Date(to - 1))) {
          if (ensured.has(part.name)) continue;
          if (await ensurePartition(handle.db, spec, part)) partitionsMade++;
          ensured.add(part.name);
        }
    }

    // The server's storage job vacuums the open rollups every hour, and each day's partitions in
    // its first hourly run after the day has ended; the history's hours pass faster than that
    // here, so the bench runs the same steps as each of them ends, on the history's clock.
    let historyNow = historyStart;
    const storage = createReadingsService({
      db: handle.db,
      // Vacuuming never asks the sensors.
      sensors: {} as SensorsService,
      now: () => new Date(historyNow),
      retention: { rawDays, hourlyDays: DEFAULT_RETENTION_HOURLY_DAYS, dailyDays: null },
    });
    let vacuumS = 0;

    let rows = 0;
    const measured: Measured[] = [];
    let writtenMs = 0;
    let foldedS = 0;
    let next = 0;

    /** Writes [from, to) of every sensor's history and waits until the server has folded it. */
    async function writeHours(from: number, to: number) {
      await ensurePartitions(from, to);
      const t = performance.now();
      // Hours since the bench started may hold a reading of the measures already: it stays.
      const copies = to > benchStart ? 'on conflict do nothing' : '';
      const inserted = await client.query(
        `
        insert into sensor_data (sensor_id, value, unit, "timestamp")
        select s.id, s.value, s.unit, to_timestamp(s.at)
        from generate_series(floor($3::float8 / $1::int)::bigint - 1,
            ceil($4::float8 / $1::int)::bigint) k,
          lateral (
            select $7::text || '-soak-' || lpad(g::text, 6, '0') as id,
              ($6::text[])[1 + g % cardinality($6::text[])] as unit, k * $1::int + (g::bigint * 7919) % $1::int as at,
              round((b.low + (b.high - b.low) * (0.45 + 0.2 * random()
                + 0.35 * sin((k * $1::int + (g::bigint * 7919) % $1::int) * pi() / 43200 + g)))::numeric,
                1)::float8 as value
            from generate_series(1, $2::int) g,
              lateral (select ($5::float8[])[1 + g % cardinality($5::float8[])] as low,
                ($8::float8[])[1 + g % cardinality($8::float8[])] as high) b
          ) s
        where s.at >= $3::float8 and s.at < $4::float8
        ${copies}`,
        [
          CADENCE_S,
          SENSORS,
          from / 1000,
          to / 1000,
          KINDS.map((k) => k.low),
          KINDS.map((k) => SENSOR_UNITS[k.type]),
          CITY,
          KINDS.map((k) => k.high),
        ],
      );
      const written = inserted.rowCount ?? 0;
      const writeS = seconds(t);
      writtenMs += performance.now() - t;
      rows += written;
      // One reading through the ingest path asks the server for a fold, which takes the hour too.
      const foldBefore = await foldSeconds(base);
      const trigger = await post([
        { sensorId: REGISTRY[0]!.id, value: 50, timestamp: new Date().toISOString() },
      ]);
      rows += trigger.accepted;
      const waitedS = await untilFolded(url);
      const foldS = (await foldSeconds(base)) - foldBefore;
      foldedS += foldS;
      const size = await client.query<{ bytes: string }>(
        'select pg_database_size(current_database())::text as bytes',
      );
      console.log(
        `  ${new Date(from).toISOString().slice(0, 16)}Z: ${count(written)} readings in ${writeS.toFixed(1)} s (${count(written / writeS)}/s), folded ${waitedS.toFixed(1)} s after (fold ${foldS.toFixed(1)} s); ${count(rows)} in all, database ${gb(Number(size.rows[0]!.bytes))}`,
      );
      // The storage job's hourly run, at each hour of history: the tables still being written,
      // and the partitions of a day that has just ended.
      historyNow = to;
      const v = performance.now();
      const vacuumed = [
        ...(await storage.vacuumOpenPartitions()),
        ...(to % DAY_MS === 0 ? await storage.vacuumEndedPartitions() : []),
      ];
      vacuumS += seconds(v);
      console.log(`  vacuumed ${vacuumed.join(', ')} in ${seconds(v).toFixed(1)} s`);
      if (Number(size.rows[0]!.bytes) > MAX_DB_GB * 1024 ** 3)
        throw new Error(`the database is larger than SOAK_MAX_DB_GB (${MAX_DB_GB} GB)`);
    }

    async function measure(label: string) {
      const load = loadAverage();
      console.log(`Measuring at ${label} (${count(rows)} readings), load average ${load}:`);
      const ingest = await sustainedIngest(post);
      rows += ingest.accepted;
      const foldLagS = await untilFolded(url);
      const first = measured[0]?.ingestPerS ?? ingest.perS;
      console.log(
        `  HTTP ingest: ${count(ingest.perS)} readings/s (${(ingest.perS / first).toFixed(2)} of the first), batch p95 ${ingest.p95.toFixed(0)} ms, all folded ${foldLagS.toFixed(1)} s after`,
      );
      const history: Measured['history'] = {};
      for (const window of READING_WINDOWS) {
        history[window] = await historyLatency(base, operator, window);
        console.log(
          `  history ${window}: p95 ${history[window].p95.toFixed(1)} ms, p50 ${history[window].p50.toFixed(1)} ms, ${history[window].points.toFixed(0)} points an answer`,
        );
      }
      const analytics = await analyticsLatency(base, operator);
      console.log(
        `  analytics 30d: p95 ${analytics.p95.toFixed(1)} ms computed, ${analytics.cachedP95.toFixed(1)} ms reused`,
      );
      const sizes = await tableSizes(client);
      // Counted, not estimated: the readings the raw table holds now.
      const counted = await client.query<{ n: string }>(
        'select count(*)::text as n from sensor_data',
      );
      rows = Number(counted.rows[0]!.n);
      const rollups = Object.values(sizes.rollups).reduce((a, b) => a + b, 0);
      console.log(
        `  on disk: raw ${gb(sizes.raw)} (${(sizes.raw / rows).toFixed(1)} bytes a reading), rollups ${gb(rollups)} (${(rollups / rows).toFixed(1)} bytes a reading), database ${gb(sizes.database)}`,
      );
      const ran = await checkpoints(client);
      console.log(
        `  checkpoints since the start: ${ran.timed - checkpointsAtStart.timed} on time, ${ran.requested - checkpointsAtStart.requested} asked for by the WAL's size, ${(seconds(started) / 60).toFixed(0)} min in`,
      );
      measured.push({
        label,
        rows,
        ingestPerS: ingest.perS,
        ingestP95: ingest.p95,
        ingestIssues: `${ingest.refused} refused as busy (429), ${ingest.failures} failed`,
        foldLagS,
        history,
        analyticsP95: analytics.p95,
        analyticsCachedP95: analytics.cachedP95,
        rawBytes: sizes.raw,
        rollupBytes: sizes.rollups,
        databaseBytes: sizes.database,
        elapsedMin: seconds(started) / 60,
        load,
      });
    }

    console.log(
      `Writing history: raw rows inserted by SQL, rolled up by the server's fold, an hour at a time`,
    );
    // Whole hours until the bench's start, then the time since, until less than a reading apart.
    for (let from = historyStart; ;) {
      const to = Math.min(from + HOUR_MS, Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
      if (from >= historyEnd && to - from < CADENCE_S * 1000) break;
      await writeHours(from, to);
      from = to;
      while (next < MEASURES.length - 1 && rows >= ROWS * MEASURES[next]!)
        await measure(short(ROWS * MEASURES[next++]!));
    }
    while (next < MEASURES.length) await measure(short(ROWS * MEASURES[next++]!));
    console.log(
      `History written in ${(writtenMs / 60_000).toFixed(1)} min of inserts and ${(foldedS / 60).toFixed(1)} min of folds, ${(vacuumS / 60).toFixed(1)} min vacuuming (open rollups hourly, ended days); ${partitionsMade} partitions made by the bench`,
    );

    const retention = await retentionRun(
      handle.db,
      client,
      post,
      historyStart,
      measured.at(-1)!.ingestPerS / 2,
    );
    await summary(measured, retention, client);
  } finally {
    await handle.close();
    if (PG_TUNE) await tunePostgres(client, true);
    await client.end();
    await server.stop();
  }
}

/** A device key made as the demo admin. */
async function deviceKeyOf(base: string) {
  const cookie = await demoCookie(base, 'admin@smartcity.local');
  const created = await fetch(`${base}/api/device-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
    body: JSON.stringify({ name: 'soak bench' }),
  });
  if (created.status !== 201) throw new Error(`creating a device key answered ${created.status}`);
  return ((await created.json()) as { key: string }).key;
}

type Post = (
  readings: { sensorId: string; value: number; timestamp: string }[],
) => Promise<{ status: number; accepted: number; retryAfterS: number }>;

async function postReadings(
  base: string,
  key: string,
  readings: Parameters<Post>[0],
): ReturnType<Post> {
  const res = await fetch(`${base}/api/ingest/readings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ readings }),
  });
  const body = (await res.json()) as { accepted?: number };
  if (res.status !== 202 && res.status !== 429)
    console.log(`  ingest answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return {
    status: res.status,
    accepted: res.status === 202 ? (body.accepted ?? 0) : 0,
    retryAfterS: Number(res.headers.get('retry-after') ?? 1),
  };
}

/** One request of the posters: when it began and ended (performance.now()). */
type Sent = { start: number; end: number };

/**
 * Posters, each a gateway for its share of the city sending its sensors in turn, a batch of readings
 * of now at a time, until `done`; every `intervalMs` when set, else back to back. A poster told the
 * server is busy waits as long as Retry-After says.
 */
async function posters(post: Post, done: () => boolean, sent: Sent[], intervalMs = 0) {
  let accepted = 0;
  let refused = 0;
  let failures = 0;
  const share = Math.ceil(REGISTRY.length / POSTERS);
  await Promise.all(
    Array.from({ length: POSTERS }, async (_, poster) => {
      const own = REGISTRY.slice(poster * share, (poster + 1) * share);
      let next = 0;
      // Spread over the interval, so paced posters do not send at the same moment.
      if (intervalMs > 0) await sleep((intervalMs * poster) / POSTERS);
      while (!done()) {
        const timestamp = new Date().toISOString();
        const readings = Array.from({ length: Math.min(BATCH, own.length) }, () => {
          const s = own[next++ % own.length]!;
          return { sensorId: s.id, value: typicalValueFor(s.type), timestamp };
        });
        const start = performance.now();
        const answer = await post(readings);
        sent.push({ start, end: performance.now() });
        if (answer.status === 202) accepted += answer.accepted;
        else if (answer.status === 429) {
          refused++;
          await sleep(answer.retryAfterS * 1_000);
        } else failures++;
        const rest = start + intervalMs - performance.now();
        if (rest > 0) await sleep(rest);
      }
    }),
  );
  return { accepted, refused, failures };
}

/** Readings accepted a second over INGEST_SECONDS of posters sending back to back. */
async function sustainedIngest(post: Post) {
  const sent: Sent[] = [];
  const started = performance.now();
  const endAt = started + INGEST_SECONDS * 1000;
  const outcome = await posters(post, () => performance.now() >= endAt, sent);
  const took = seconds(started);
  const latencies = sent.map((s) => s.end - s.start).sort((a, b) => a - b);
  return { ...outcome, perS: outcome.accepted / took, p95: percentile(latencies, 95) };
}

/** REQUESTS history answers of random sensors over a window, one at a time. */
async function historyLatency(base: string, cookie: string, window: string) {
  const timings: number[] = [];
  let points = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const id = REGISTRY[Math.floor(Math.random() * REGISTRY.length)]!.id;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/sensors/${id}/readings?window=${window}`, {
      headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' },
    });
    const body = (await res.json()) as { points?: unknown[] };
    timings.push(performance.now() - t0);
    if (!res.ok) throw new Error(`history ${window} of ${id} answered ${res.status}`);
    points += body.points?.length ?? 0;
  }
  timings.sort((a, b) => a - b);
  return { p95: percentile(timings, 95), p50: percentile(timings, 50), points: points / REQUESTS };
}

/**
 * The city's series over 30 days, one metric after another. The server reuses a series for
 * SERIES_REUSE_MS, so requests are spaced for each metric's to come after that has passed: each is
 * computed. The same series asked again at once shows what a reused one costs.
 */
async function analyticsLatency(base: string, cookie: string) {
  const spacingMs = SERIES_REUSE_MS / KINDS.length + 500;
  const computed: number[] = [];
  const reused: number[] = [];
  for (let i = 0; i < ANALYTICS_REQUESTS; i++) {
    const began = performance.now();
    const path = `/api/analytics/series?city=${CITY}&metric=${KINDS[i % KINDS.length]!.type}&window=30d`;
    for (const timings of [computed, reused]) {
      const t0 = performance.now();
      const res = await fetch(base + path, {
        headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      timings.push(performance.now() - t0);
    }
    const rest = began + spacingMs - performance.now();
    if (rest > 0 && i < ANALYTICS_REQUESTS - 1) await sleep(rest);
  }
  computed.sort((a, b) => a - b);
  reused.sort((a, b) => a - b);
  return { p95: percentile(computed, 95), cachedP95: percentile(reused, 95) };
}

const ROLLUP_TABLES = [
  'sensor_readings_minute',
  'sensor_readings_quarter',
  'sensor_readings_hourly',
  'sensor_readings_daily',
  'city_readings_hourly',
  'city_readings_daily',
];

/** Bytes on disk (tables, indexes, TOAST) of the raw readings and of each rollup, with partitions. */
async function tableSizes(client: pg.Client) {
  const { rows } = await client.query<{ root: string; bytes: string }>(
    // A table that is not partitioned has no partition tree: its own size is taken.
    `select c.relname as root,
       (case when c.relkind = 'p'
         then (select coalesce(sum(pg_total_relation_size(t.relid)), 0)
           from pg_partition_tree(c.oid) t)
         else pg_total_relation_size(c.oid) end)::text as bytes
     from unnest($1::text[]) as r(root) join pg_class c on c.oid = r.root::regclass`,
    [['sensor_data', ...ROLLUP_TABLES]],
  );
  const bytes = new Map(rows.map((r) => [r.root, Number(r.bytes)]));
  const database = await client.query<{ bytes: string }>(
    'select pg_database_size(current_database())::text as bytes',
  );
  return {
    raw: bytes.get('sensor_data') ?? 0,
    rollups: Object.fromEntries(ROLLUP_TABLES.map((t) => [t, bytes.get(t) ?? 0])),
    database: Number(database.rows[0]!.bytes),
  };
}

/** Sum of the fold times the server has recorded so far, in seconds (its /metrics). */
async function foldSeconds(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^readings_fold_duration_seconds_sum (\S+)$/m.exec(text)?.[1] ?? 0);
}

type Retention = {
  rawDays: number;
  tookMs: number;
  dropped: string[];
  kept: string[];
  droppedRows: number;
  freedBytes: number;
  /** The raw partitions dropped that held readings, with how many. */
  droppedHeld: string[];
  ratePerS: number;
  before: { requests: number; p95: number; max: number };
  during: { requests: number; max: number };
  /** Requests slower than 1 s over the whole phase (before, during and after the run), of all sent. */
  slowerThan1s: number;
  sent: number;
};

/**
 * The server's retention (its own code, as its storage job runs it) with the raw readings kept for
 * as many days as drops the oldest whole day of the history, while posters send readings at
 * `ratePerS`: first for a while without it, for comparison, then during the run and a little after.
 */
async function retentionRun(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  client: pg.Client,
  post: Post,
  historyStart: number,
  ratePerS: number,
): Promise<Retention> {
  const now = Date.now();
  const firstDayEnd = Math.floor(historyStart / DAY_MS) * DAY_MS + DAY_MS;
  const wholeDayEnd = historyStart % DAY_MS === 0 ? firstDayEnd : firstDayEnd + DAY_MS;
  const until = wholeDayEnd <= now ? wholeDayEnd : firstDayEnd;
  const rawDays = Math.max(0, Math.floor((now - until) / DAY_MS));
  const readings = createReadingsService({
    db,
    // Retention never asks the sensors.
    sensors: {} as SensorsService,
    now: () => new Date(),
    retention: { rawDays, hourlyDays: DEFAULT_RETENTION_HOURLY_DAYS, dailyDays: null },
  });
  // The raw partitions past the retention, counted before it drops them.
  const before = now - rawDays * DAY_MS;
  const partitions = new Map<string, { rows: number; bytes: number }>();
  for (const part of await listPartitions(db, PARTITIONED_TABLES[0])) {
    if (part.upper.getTime() > before) break;
    const { rows } = await client.query<{ rows: string; bytes: string }>(
      `select (select count(*) from ${part.name})::text as rows,
         pg_total_relation_size($1::regclass)::text as bytes`,
      [part.name],
    );
    partitions.set(part.name, { rows: Number(rows[0]!.rows), bytes: Number(rows[0]!.bytes) });
  }
  const holding = [...partitions].filter(([, p]) => p.rows > 0).map(([name]) => name);
  console.log(
    `Retention: raw readings kept ${rawDays} days, so ${partitions.size} raw partitions go, ${holding.length} holding readings (${holding.join(', ')}); readings arriving at ${count(ratePerS)}/s`,
  );

  const sent: Sent[] = [];
  let stopAt = Infinity;
  const intervalMs = (POSTERS * Math.min(BATCH, Math.ceil(SENSORS / POSTERS)) * 1000) / ratePerS;
  const posting = posters(post, () => performance.now() >= stopAt, sent, intervalMs);
  await sleep(15_000);
  const began = performance.now();
  const outcome = await readings.applyRetention();
  const ended = performance.now();
  stopAt = ended + 5_000;
  await posting;

  const earlier = sent.filter((s) => s.end < began && s.start > began - 10_000);
  const during = sent.filter((s) => s.start < ended && s.end > began);
  const latency = (list: Sent[]) => list.map((s) => s.end - s.start).sort((a, b) => a - b);
  const droppedRaw = outcome.dropped.filter((n) => partitions.has(n));
  const result: Retention = {
    rawDays,
    tookMs: ended - began,
    dropped: outcome.dropped,
    kept: outcome.kept,
    droppedRows: droppedRaw.reduce((n, name) => n + partitions.get(name)!.rows, 0),
    freedBytes: droppedRaw.reduce((n, name) => n + partitions.get(name)!.bytes, 0),
    droppedHeld: droppedRaw
      .filter((name) => partitions.get(name)!.rows > 0)
      .map((name) => `${name} (${count(partitions.get(name)!.rows)})`),
    ratePerS,
    before: {
      requests: earlier.length,
      p95: percentile(latency(earlier), 95),
      max: latency(earlier).at(-1) ?? NaN,
    },
    during: { requests: during.length, max: latency(during).at(-1) ?? NaN },
    slowerThan1s: sent.filter((s) => s.end - s.start > 1_000).length,
    sent: sent.length,
  };
  console.log(
    `  took ${result.tookMs.toFixed(0)} ms; dropped ${outcome.dropped.length} partitions, ${droppedRaw.length} of them raw readings (${count(result.droppedRows)} readings, ${gb(result.freedBytes)}); kept for now: ${outcome.kept.join(', ') || 'none'}; ${outcome.rows} rows deleted`,
  );
  console.log(
    `  ingest: slowest request ${result.during.max.toFixed(0)} ms during it (${result.during.requests} requests), ${result.before.max.toFixed(0)} ms in the 10 s before (p95 ${result.before.p95.toFixed(0)} ms); ${result.slowerThan1s} of all ${sent.length} sent slower than 1 s`,
  );
  return result;
}

async function summary(measured: Measured[], retention: Retention, client: pg.Client) {
  const version = await client.query<{ server_version: string }>('show server_version');
  const buffers = await client.query<{ shared_buffers: string }>('show shared_buffers');
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('SOAK_') || name.startsWith('BENCH_'))
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  const lines: Line[] = [];
  const row = (measure: string, figures: string[], goal = '', met = '') =>
    lines.push({ measure, figures, goal, met });
  const first = measured[0]!.ingestPerS;
  row(
    "raw readings held (the history and the measures' ingest)",
    measured.map((m) => count(m.rows)),
  );
  row(
    'load average (1, 5, 15 min) at the measure',
    measured.map((m) => m.load),
  );
  row(
    'HTTP ingest, readings/s',
    measured.map((m) => count(m.ingestPerS)),
  );
  const ratios = measured.map((m) => m.ingestPerS / first);
  row(
    'HTTP ingest, ratio to the first measure',
    ratios.map((r) => r.toFixed(2)),
    '≥ 0.8',
    ratios.every((r) => r >= 0.8) ? 'yes' : 'NO',
  );
  row(
    'ingest batch p95, ms',
    measured.map((m) => m.ingestP95.toFixed(0)),
  );
  row(
    'ingest batches not accepted',
    measured.map((m) => m.ingestIssues),
  );
  row(
    'every reading folded, s after the last batch',
    measured.map((m) => m.foldLagS.toFixed(1)),
  );
  for (const window of READING_WINDOWS) {
    const p95 = measured.map((m) => m.history[window]!.p95);
    row(
      `history ${window} p95, ms (points an answer)`,
      measured.map(
        (m) => `${m.history[window]!.p95.toFixed(1)} (${m.history[window]!.points.toFixed(0)})`,
      ),
      '≤ 20',
      p95.every((p) => p <= 20) ? 'yes' : 'NO',
    );
  }
  row(
    `analytics ${CITY} 30d p95, ms, computed`,
    measured.map((m) => m.analyticsP95.toFixed(1)),
    '≤ 100',
    measured.every((m) => m.analyticsP95 <= 100) ? 'yes' : 'NO',
  );
  row(
    `analytics ${CITY} 30d p95, ms, reused (within ${SERIES_REUSE_MS / 1000} s)`,
    measured.map((m) => m.analyticsCachedP95.toFixed(1)),
  );
  row(
    'raw readings on disk, bytes a reading (table and indexes)',
    measured.map((m) => (m.rawBytes / m.rows).toFixed(1)),
  );
  row(
    'raw readings on disk',
    measured.map((m) => gb(m.rawBytes)),
  );
  const rollupTotal = (m: Measured) => Object.values(m.rollupBytes).reduce((a, b) => a + b, 0);
  row(
    'rollups on disk, bytes a raw reading',
    measured.map((m) => (rollupTotal(m) / m.rows).toFixed(1)),
  );
  for (const table of ROLLUP_TABLES)
    row(
      `  ${table}`,
      measured.map((m) => gb(m.rollupBytes[table]!)),
    );
  row(
    'database on disk',
    measured.map((m) => gb(m.databaseBytes)),
  );
  row(
    'minutes since the bench started',
    measured.map((m) => m.elapsedMin.toFixed(0)),
  );

  const header = ['measure', ...measured.map((m) => `at ${m.label}`), 'goal', 'met'];
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const l of lines) console.log(`| ${[l.measure, ...l.figures, l.goal, l.met].join(' | ')} |`);
  console.log('');
  const retentionLines = [
    [
      'retention run',
      `${retention.tookMs.toFixed(0)} ms; raw readings kept ${retention.rawDays} days: ${retention.dropped.length} partitions dropped (${count(retention.droppedRows)} raw readings, ${gb(retention.freedBytes)}), ${retention.kept.length} kept for now`,
      '',
      '',
    ],
    [
      `slowest ingest request during it (${count(retention.ratePerS)} readings/s arriving)`,
      `${retention.during.max.toFixed(0)} ms over ${retention.during.requests} requests (10 s before: max ${retention.before.max.toFixed(0)} ms, p95 ${retention.before.p95.toFixed(0)} ms)`,
      '< 1,000 ms',
      retention.during.max < 1_000 ? 'yes' : 'NO',
    ],
    [
      'ingest requests slower than 1 s, 15 s before the run to 5 s after',
      `${retention.slowerThan1s} of ${retention.sent}`,
      '',
      '',
    ],
  ];
  console.log('| measure | figure | goal | met |');
  console.log('| --- | --- | --- | --- |');
  for (const l of retentionLines) console.log(`| ${l.join(' | ')} |`);
  console.log('');
  console.log(`Raw readings dropped: ${retention.droppedHeld.join(', ') || 'none'}`);
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM; PostgreSQL ${version.rows[0]!.server_version}, shared_buffers ${buffers.rows[0]!.shared_buffers}; load average now ${loadAverage()}`,
  );
  console.log(`Command: ${settings}npm run bench:soak`);
}

console.log(
  `Soak: ${short(ROWS)} readings of ${count(SENSORS)} sensors in ${CITY}, one every ${CADENCE_S / 60} min, measured at ${MEASURES.map((f) => short(ROWS * f)).join(', ')}; PostgreSQL; load average ${loadAverage()}`,
);
await withPostgresBenchDatabase(PG_URL, run, { keep: KEEP });
