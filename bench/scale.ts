// A city of 100,000 sensors on PostgreSQL: seeds a throwaway database with BENCH_SENSORS sensors in
// Kolkata and BENCH_READINGS readings (a week of one-minute history for as many of them as that
// takes), starts the real server on it (simulator off) and prints, against the goals:
// - the list API's p95 (first page by name, a page of a map area, the counts and the map's marks);
// - history p95 for 1h, 24h and 7d;
// - the IoT Sensors screen in headless Chromium: time until the list and the map are drawn and a
//   click on a sensor has opened its details, main-thread long tasks, JS heap (also after scrolling
//   deep into the list), for someone who has opened the screen before (its code in the browser's
//   cache: the goal's case) and for a first visit after signing in;
// - an alarm flood: BENCH_FLOOD (10,000) air-quality sensors past the critical level at once,
//   through the ingest API, over BENCH_ALERT_HISTORY (400,000) alerts of the last 30 days already
//   resolved; then the p95 of the city's figures (/api/stats), the active alerts list and its
//   counts, and the flood groups;
// - the dashboard until its figures, health, map, trend, recent alerts and flood banner are shown,
//   returning and first visits;
// - the idle server's CPU;
// - HTTP ingest (4 posters, rules on) with the registry in place.
// Needs PostgreSQL (BENCH_DATABASE_URL, default the local server) and Chromium (CHROMIUM_PATH),
// and a web build (`npm run build`). BENCH_SENSORS, BENCH_READINGS, BENCH_REQUESTS, BENCH_LOADS,
// BENCH_SECONDS, BENCH_POSTERS and BENCH_BATCH change the sizes; BENCH_KEEP=1 keeps the database;
// BENCH_PARTS (api,browser,idle,ingest) measures only some of it; BENCH_STORM=0 leaves out the
// alarm storm. The server admits the posters' batches at once (INGEST_MAX_IN_FLIGHT = posters ×
// batch, as a deployment sizes the bound to its gateways) unless INGEST_MAX_IN_FLIGHT is set.
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  demoCookie,
  deviceKey,
  percentile,
  startBenchServer,
  typicalValueFor,
  untilFolded,
  valueFor,
} from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SENSORS = Number(process.env.BENCH_SENSORS ?? 100_000);
const READINGS = Number(process.env.BENCH_READINGS ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
// Long enough for several folds (they come up to 15 s apart under load).
const INGEST_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 5_000);
const IN_FLIGHT = Number(process.env.INGEST_MAX_IN_FLIGHT ?? POSTERS * BATCH);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Keeps the database afterwards (its name is printed), to look at plans or the screens by hand.
const KEEP = process.env.BENCH_KEEP === '1';
const PARTS = new Set((process.env.BENCH_PARTS ?? 'api,browser,idle,ingest').split(','));
// BENCH_STORM=0 leaves out the alarm storm (ingest of typical values only).
const STORM = process.env.BENCH_STORM !== '0';
// The alarm flood raised before the measures, and the resolved alerts of the month before it.
const FLOOD = Number(process.env.BENCH_FLOOD ?? 10_000);
const ALERT_HISTORY = Number(process.env.BENCH_ALERT_HISTORY ?? 400_000);
const CITY = 'kolkata';
const HISTORY_MINUTES = 7 * 24 * 60;
const WEB_DIST = new URL('../apps/web/dist/index.html', import.meta.url).pathname;

type Row = { measure: string; figure: string; goal: string; met: string };
const rows: Row[] = [];
function report(measure: string, value: number, unit: string, goal: number, lowerIsBetter = true) {
  const met = lowerIsBetter ? value < goal : value >= goal;
  const shown = unit === 'readings/s' ? Math.round(value).toLocaleString('en') : value.toFixed(1);
  rows.push({
    measure,
    figure: `${shown} ${unit}`,
    goal: `${lowerIsBetter ? '<' : '≥'} ${goal.toLocaleString('en')} ${unit}`,
    met: met ? 'yes' : 'NO',
  });
}
const note = (measure: string, figure: string) => rows.push({ measure, figure, goal: '', met: '' });

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

function dbUrl(name: string) {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The registry and the history, written straight into the tables (the server is the subject). */
async function seed(url: string, places: { location: string; lat: number; lng: number }[]) {
  const historySensors = Math.min(SENSORS, Math.ceil(READINGS / (HISTORY_MINUTES + 1)));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await timed(`${SENSORS.toLocaleString('en')} sensors`, () =>
    client.query(
      `
      with kinds(n, type, unit, label, metadata) as (values
        (0, 'traffic', '%', 'Traffic', '{"metric":"congestion"}'::jsonb),
        (1, 'air_quality', 'AQI', 'Air Quality', '{"metric":"aqi","scale":"US EPA"}'::jsonb),
        (2, 'energy', 'MW', 'Energy Feeder', '{"metric":"load","ratedMw":40}'::jsonb),
        (3, 'water', 'ML/day', 'Water Supply', '{"metric":"supply"}'::jsonb),
        (4, 'waste', '%', 'Waste Bin', '{"metric":"fill"}'::jsonb),
        (5, 'population', 'people', 'Footfall', '{"metric":"people"}'::jsonb)),
      places as (
        select row_number() over () - 1 as n, location, lat, lng
        from unnest($2::text[], $3::float8[], $4::float8[]) as p(location, lat, lng)),
      spots as (
        select g, g % 6 as kind, g % (select count(*) from places) as place,
          random() < 0.7 as near,
          random() + random() + random() - 1.5 as dy, random() + random() + random() - 1.5 as dx,
          random() as ry, random() as rx, random() as rs
        from generate_series(1, $1::int) g)
      insert into sensors (id, name, type, city_key, location, lat, lng, status, unit, metadata)
      select 'kolkata-scale-' || lpad(s.g::text, 6, '0'),
        p.location || ' ' || k.label || ' ' || s.g, k.type, 'kolkata', p.location,
        case when s.near then p.lat + s.dy * 0.012 else 22.46 + s.ry * 0.28 end,
        case when s.near then p.lng + s.dx * 0.012 else 88.21 + s.rx * 0.28 end,
        case when s.rs < 0.01 then 'offline' when s.rs < 0.015 then 'maintenance'
          when s.rs < 0.02 then 'inactive' else 'active' end,
        k.unit, k.metadata
      from spots s join kinds k on k.n = s.kind join places p on p.n = s.place`,
      [SENSORS, places.map((p) => p.location), places.map((p) => p.lat), places.map((p) => p.lng)],
    ),
  );
  // Each sensor's latest reading, as a running city's fold would have left it.
  await timed('their latest readings', () =>
    client.query(`
      update sensor_latest l set
        value = case s.type when 'population' then round(r.v * 5000) when 'air_quality' then round(40 + r.v * 160)
          when 'energy' then round((10 + r.v * 28)::numeric, 1) when 'water' then round((90 + r.v * 90)::numeric, 1)
          else round((5 + r.v * 85)::numeric, 1) end,
        last_reading = now() - (r.v * interval '4 minutes'),
        reading_metadata = case s.type when 'air_quality' then jsonb_build_object('pm25', round((24 + r.v * 96)::numeric, 1), 'no2', round((12 + r.v * 48)::numeric, 1))
          when 'water' then jsonb_build_object('ph', round((6.9 + r.v * 0.8)::numeric, 2), 'turbidity', round((0.5 + r.v * 2.5)::numeric, 2))
          else null end
      from sensors s, lateral (select random() + 0 * length(s.id) as v) r
      where s.id = l.sensor_id and s.id like 'kolkata-scale-%'`),
  );
  const historyIds = `id between 'kolkata-scale-000001' and 'kolkata-scale-${String(historySensors).padStart(6, '0')}'`;
  // The raw readings and their minute rollups are written side by side on two connections.
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query('set synchronous_commit = off');
  const minutes = `generate_series(date_trunc('minute', now()) - interval '${HISTORY_MINUTES} minutes', date_trunc('minute', now()), interval '1 minute')`;
  const value = `(50 + 30 * sin(extract(epoch from t) / 3600.0) + 10 * random())`;
  await timed(
    `${(historySensors * (HISTORY_MINUTES + 1)).toLocaleString('en')} readings and their rollups (${historySensors} sensors, 7 days a minute apart)`,
    () =>
      Promise.all([
        client.query(
          // Written with their rollups beside them: marked as folded (xact 0).
          `insert into sensor_data (sensor_id, value, unit, "timestamp", xact)
           select s.id, ${value}, s.unit, t, 0 from sensors s, ${minutes} t where ${historyIds}`,
        ),
        other.query(
          `insert into sensor_readings_minute (sensor_id, minute, min, max, sum, count)
           select s.id, t, v, v, v, 1 from sensors s, ${minutes} t, lateral (select ${value} as v) x
           where ${historyIds}`,
        ),
      ]),
  );
  await other.end();
  // The quarter-hours that have ended, as the fold would have built them from those minutes.
  await timed('their quarter-hours', () =>
    client.query(`
      insert into sensor_readings_quarter (sensor_id, quarter, min, max, sum, count)
      select sensor_id, date_bin('15 minutes', minute, timestamptz 'epoch'), min(min), max(max),
        sum(sum), sum(count)::int
      from sensor_readings_minute
      where minute < (select quarters_below from readings_fold)
      group by 1, 2`),
  );
  // A month of alerts already dealt with, as floods of the past leave them (raised, resolved).
  await timed(`${ALERT_HISTORY.toLocaleString('en')} resolved alerts of the last 30 days`, () =>
    client.query(
      `insert into alerts (id, sensor_id, sensor_type, city_key, location, rule, title, message,
         severity, status, value, created_at, updated_at, resolved_at, resolved_by)
       select 'history-' || g, s.id, s.type, 'kolkata', s.location, 'threshold',
         'Past alert at ' || s.location, 'Back in range', 'warning', 'resolved', 50, t, t + interval '20 minutes',
         t + interval '20 minutes', 'system'
       from generate_series(1, $1::int) g
       join sensors s on s.id = 'kolkata-scale-' || lpad((1 + g % $2::int)::text, 6, '0'),
       lateral (select now() - interval '30 days' + (g::float8 / $1) * interval '29 days' as t) x`,
      [ALERT_HISTORY, SENSORS],
    ),
  );
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  const { rows: counts } = await client.query<{ sensors: number; readings: number }>(
    `select (select count(*) from sensors)::int as sensors, (select count(*) from sensor_data)::int as readings`,
  );
  await client.end();
  return { historySensors, ...counts[0]! };
}

async function latencies(base: string, cookie: string, paths: () => string) {
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + paths(), {
      headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' },
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${paths()} answered ${res.status}`);
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95) };
}

/** Counts long tasks from the first byte on, for the main thread's responsiveness. */
const LONG_TASKS_SCRIPT = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

async function heapMb(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const { metrics } = await session.send('Performance.getMetrics');
  await session.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024;
}

async function longTasks(page: Page) {
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: number[] }).__longTasks,
  );
  return {
    blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    longestMs: tasks.reduce((max, d) => Math.max(max, d), 0),
  };
}

/**
 * How a screen is opened: `first`, by someone who has opened only the sign-in page in this browser
 * (the screen's code is downloaded and compiled on the way); `returning`, by someone who has opened
 * that screen before (its code in the browser's cache), as people who use the dashboard daily do.
 */
type Visit = 'first' | 'returning';

const SENSORS_READY = () =>
  document.querySelector('[data-testid="sensor-card"]') !== null &&
  document.querySelector('[data-testid="sensor-map"][data-map-ready="true"]') !== null;

const DASHBOARD_READY = (flood: boolean) =>
  document.querySelectorAll('[data-metric] [data-testid="metric-value"]').length +
    document.querySelectorAll('[data-metric] [data-testid="metric-empty"]').length >=
    6 &&
  document.querySelector('[data-testid="sensor-health-total"]') !== null &&
  document.querySelector('[data-testid="sensor-map"][data-map-ready="true"]') !== null &&
  document.querySelector('[data-testid="traffic-trend"]') !== null &&
  document.querySelector('[data-testid="traffic-trend-loading"]') === null &&
  document.querySelector('[data-testid="recent-alerts-list"]') !== null &&
  (!flood || document.querySelector('[data-testid="flood-banner"]') !== null);

/**
 * A fresh browser context, signed in, on the sign-in page with its code cached; for a returning
 * visit it has opened `path` once before and waited until it was ready.
 */
async function openContext(
  browser: Browser,
  base: string,
  cookie: string,
  visit: Visit,
  path: string,
  ready: (page: Page) => Promise<unknown>,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name: name!, value: rest.join('='), url: base };
    }),
  );
  await context.addInitScript(LONG_TASKS_SCRIPT);
  const page = await context.newPage();
  if (visit === 'returning') {
    await page.goto(`${base}${path}`);
    await ready(page);
  }
  await page.goto(`${base}/login`);
  await page.waitForLoadState('load');
  return { context, page };
}

/** One load of the IoT Sensors screen until it answers a click, in ms since navigation began. */
async function loadSensorsScreen(browser: Browser, base: string, cookie: string, visit: Visit) {
  const until = (page: Page) =>
    page.waitForFunction(SENSORS_READY, undefined, { timeout: 60_000, polling: 16 });
  const { context, page } = await openContext(browser, base, cookie, visit, '/sensors', until);
  await page.goto(`${base}/sensors`, { waitUntil: 'commit' });
  await until(page);
  const drawnMs = await page.evaluate(() => performance.now());
  // A click on a row of the list, timed in the page from the click to its details on screen.
  const clickMs = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const card = document.querySelectorAll<HTMLElement>('[data-testid="sensor-card"]')[2];
        const id = card?.dataset.sensorId;
        if (!card || !id) return reject(new Error('no sensor in the list'));
        const selector = `[data-testid="sensor-detail"][data-sensor-id="${id}"]`;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        card.click();
      }),
  );
  const usableMs = drawnMs + clickMs;
  const tasks = await longTasks(page);
  const heap = await heapMb(page);
  const marks = await page.locator('[data-testid="sensor-map"]').getAttribute('data-sensors');
  return { page, context, drawnMs, clickMs, usableMs, heap, marks: Number(marks), ...tasks };
}

async function scrollDeep(page: Page, rows: number) {
  const scroller = page.locator('[data-testid="sensor-list-scroller"]');
  let seen = 0;
  for (let i = 0; i < 400 && seen < rows; i++) {
    await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight * 4));
    await page.waitForTimeout(30);
    seen = Number(
      await page
        .locator('[data-testid="sensor-card"]')
        .last()
        .evaluate((el) => el.closest('li')?.getAttribute('aria-posinset') ?? 0),
    );
  }
  return seen;
}

/** One load of the dashboard until everything on it is shown, in ms since navigation began. */
async function loadDashboard(browser: Browser, base: string, cookie: string, visit: Visit) {
  const until = (page: Page) =>
    page.waitForFunction(DASHBOARD_READY, FLOOD > 0, { timeout: 60_000, polling: 16 });
  const { context, page } = await openContext(browser, base, cookie, visit, '/dashboard', until);
  await page.goto(`${base}/dashboard`, { waitUntil: 'commit' });
  await until(page);
  const shownMs = await page.evaluate(() => performance.now());
  const heap = await heapMb(page);
  await context.close();
  return { shownMs, heap };
}

async function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/**
 * CPU seconds so far of the server and of the database's processes serving this database (when the
 * database runs on this machine): what ingest costs, whatever else the machine is doing.
 */
async function ingestCpu(serverPid: number, database: string): Promise<Map<number, number>> {
  const cpu = new Map<number, number>([[serverPid, await cpuSeconds(serverPid)]]);
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    );
    for (const { pid } of rows) {
      try {
        cpu.set(pid, await cpuSeconds(pid));
      } catch {
        // A database on another machine, or a process that just ended: not counted.
      }
    }
  } finally {
    await client.end();
  }
  return cpu;
}

/** CPU seconds spent between two samples: the server's own, and the database's. */
function cpuSpent(serverPid: number, before: Map<number, number>, after: Map<number, number>) {
  let server = 0;
  let database = 0;
  for (const [pid, seconds] of after) {
    const spent = seconds - (before.get(pid) ?? 0);
    if (pid === serverPid) server += spent;
    else database += spent;
  }
  return { server, database };
}

async function ingest(
  base: string,
  ids: { id: string; type: string }[],
  valueOf: (type: string) => number,
  serverPid: number,
  cpu: () => Promise<Map<number, number>>,
  folded: () => Promise<number>,
) {
  const admin = await demoCookie(base, 'admin@smartcity.local');
  const created = await fetch(`${base}/api/device-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: admin },
    body: JSON.stringify({ name: 'scale bench' }),
  });
  if (created.status !== 201) throw new Error(`creating a device key answered ${created.status}`);
  const { key } = (await created.json()) as { key: string };
  let accepted = 0;
  let failures = 0;
  let refused = 0;
  const latencies: number[] = [];
  const cpuBefore = await cpu();
  const started = performance.now();
  const endAt = started + INGEST_SECONDS * 1000;
  // Each poster is a gateway for a quarter of the city: it sends its own sensors in turn, each once
  // per lap, and waits as long as Retry-After says when the server is busy.
  const share = Math.ceil(ids.length / POSTERS);
  await Promise.all(
    Array.from({ length: POSTERS }, async (_, poster) => {
      const own = ids.slice(poster * share, (poster + 1) * share);
      let next = 0;
      while (performance.now() < endAt) {
        const timestamp = new Date().toISOString();
        const readings = Array.from({ length: Math.min(BATCH, own.length) }, () => {
          const s = own[next++ % own.length]!;
          return { sensorId: s.id, value: valueOf(s.type), timestamp };
        });
        const t0 = performance.now();
        const res = await fetch(`${base}/api/ingest/readings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: JSON.stringify({ readings }),
        });
        const body = (await res.json()) as { accepted?: number };
        latencies.push(performance.now() - t0);
        if (res.status === 202) accepted += body.accepted ?? 0;
        else if (res.status === 429) {
          refused++;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1_000);
        } else failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // The CPU counted includes folding every reading accepted, however long after the last batch.
  const foldLagS = await folded();
  const spent = cpuSpent(serverPid, cpuBefore, await cpu());
  const perThousand = (seconds: number) => (seconds * 1_000_000) / accepted;
  const cpuMsPerThousand = {
    server: perThousand(spent.server),
    database: perThousand(spent.database),
  };
  latencies.sort((a, b) => a - b);
  return {
    perS: accepted / seconds,
    foldLagS,
    failures,
    refused,
    p95: percentile(latencies, 95),
    cpuMsPerThousand,
  };
}

/**
 * Puts FLOOD air-quality sensors past the critical level at once through the ingest API, each with
 * two readings five minutes apart (past any rule's on-delay), and waits until their alerts are
 * raised; returns the flood groups the city then has.
 */
async function raiseFlood(base: string, url: string) {
  const { key } = await deviceKey(base);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Air-quality sensors in service (an inactive or maintained one raises nothing).
    const { rows: picked } = await client.query<{ id: string }>(
      `select id from sensors where city_key = $1 and type = 'air_quality'
       and status not in ('inactive', 'maintenance') order by id limit $2`,
      [CITY, FLOOD],
    );
    const air = picked.map((r) => r.id);
    const now = Date.now();
    for (let i = 0; i < air.length; i += BATCH / 2) {
      const readings = air.slice(i, i + BATCH / 2).flatMap((sensorId) => [
        { sensorId, value: 420, timestamp: new Date(now - 300_000).toISOString() },
        { sensorId, value: 430, timestamp: new Date(now).toISOString() },
      ]);
      const res = await fetch(`${base}/api/ingest/readings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ readings }),
      });
      if (res.status !== 202) throw new Error(`ingesting the flood answered ${res.status}`);
    }
    await untilFolded(url);
    const { rows } = await client.query<{ open: number }>(
      `select count(*)::int as open from alerts where status = 'open' and sensor_id = any($1)`,
      [air],
    );
    return rows[0]!.open;
  } finally {
    await client.end();
  }
}

if (!existsSync(WEB_DIST)) {
  console.error('No web build: run `npm run build` first.');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: set CHROMIUM_PATH.`);
  process.exit(1);
}

const loadBefore = loadAverage();
console.log(
  `City scale: ${SENSORS.toLocaleString('en')} sensors in ${CITY}, ≥ ${READINGS.toLocaleString('en')} readings, PostgreSQL; load average ${loadBefore}`,
);
const name = `smartcity_scale_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = dbUrl(name);
let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
try {
  // A first start migrates and seeds the three cities; the registry and history go in beside it.
  server = await startBenchServer({ DATABASE_URL: url, DEMO_ACCOUNTS: 'on', SIMULATOR: 'off' });
  const cookie = await demoCookie(server.base, 'operator@smartcity.local');
  const seeded = (await (
    await fetch(`${server.base}/api/sensors?city=${CITY}`, { headers: { Cookie: cookie } })
  ).json()) as { location: string; lat: number; lng: number }[];
  const places = [...new Map(seeded.map((s) => [s.location, s])).values()];
  await server.stop();
  console.log('Seeding:');
  const seededCounts = await seed(url, places);
  note(
    'database',
    `${seededCounts.sensors.toLocaleString('en')} sensors, ${seededCounts.readings.toLocaleString('en')} raw readings`,
  );

  // The registry was written minutes ago: its sensors are made to have reported just now, or the
  // offline check would take the whole city offline in the middle of the measurements.
  const fresh = new pg.Client({ connectionString: url });
  await fresh.connect();
  await fresh.query(
    `update sensor_latest set last_reading = now() - random() * interval '30 seconds' where sensor_id like 'kolkata-scale-%'`,
  );
  await fresh.query('vacuum analyze sensors');
  await fresh.query('vacuum analyze sensor_latest');
  await fresh.end();
  server = await startBenchServer({
    DATABASE_URL: url,
    DEMO_ACCOUNTS: 'on',
    SIMULATOR: 'off',
    INGEST_MAX_IN_FLIGHT: String(IN_FLIGHT),
  });
  const { base, pid } = server;
  const operator = await demoCookie(base, 'operator@smartcity.local');

  if (FLOOD > 0) {
    console.log('Alarm flood:');
    const open = await timed(`${FLOOD.toLocaleString('en')} sensors past the critical level`, () =>
      raiseFlood(base, url),
    );
    const groups = (await (
      await fetch(`${base}/api/alert-groups?city=${CITY}`, { headers: { Cookie: operator } })
    ).json()) as { members: number; activeMembers: number }[];
    note(
      'alarm flood',
      `${open.toLocaleString('en')} open alerts raised, in ${groups.length} group(s) of ${groups.map((g) => g.activeMembers.toLocaleString('en')).join(', ')}; ${ALERT_HISTORY.toLocaleString('en')} resolved before`,
    );
  }

  if (PARTS.has('api')) {
    console.log('API:');
    const firstPage = await latencies(
      base,
      operator,
      () => `/api/sensors?city=${CITY}&sort=name&limit=100`,
    );
    report('list, first page (100 by name)', firstPage.p95, 'ms p95', 50);
    // A map area of a sixteenth of the city around its busiest places.
    const bboxPage = await latencies(
      base,
      operator,
      () => `/api/sensors?city=${CITY}&sort=name&limit=100&bbox=88.33,22.54,88.40,22.61`,
    );
    report('list, page of a map area', bboxPage.p95, 'ms p95', 50);
    const counts = await latencies(base, operator, () => `/api/sensors/counts?city=${CITY}`);
    report('sensor counts of the city', counts.p95, 'ms p95', 50);
    const marks = await latencies(
      base,
      operator,
      () => `/api/sensors/clusters?city=${CITY}&zoom=10&bbox=88.0,22.3,88.7,22.9`,
    );
    report('map marks of the whole city', marks.p95, 'ms p95', 50);
    const stats = await latencies(base, operator, () => `/api/stats?city=${CITY}`);
    report("the city's figures (/api/stats)", stats.p95, 'ms p95', 50);
    const overview = await latencies(base, operator, () => `/api/analytics/overview?city=${CITY}`);
    report("the dashboard's six figures (/api/analytics/overview)", overview.p95, 'ms p95', 50);
    const alerts = await latencies(
      base,
      operator,
      () => `/api/alerts?city=${CITY}&status=active&order=severity&limit=50`,
    );
    report('active alerts, first page of 50, worst first', alerts.p95, 'ms p95', 50);
    const alertCounts = await latencies(base, operator, () => `/api/alerts/counts?city=${CITY}`);
    report('alert counts of the city', alertCounts.p95, 'ms p95', 50);
    const activeCounts = await latencies(
      base,
      operator,
      () => `/api/alerts/counts?city=${CITY}&status=active`,
    );
    report('active alert counts of the city', activeCounts.p95, 'ms p95', 50);
    const groups = await latencies(base, operator, () => `/api/alert-groups?city=${CITY}`);
    report('flood groups of the city', groups.p95, 'ms p95', 50);
    const pick = () =>
      `kolkata-scale-${String(1 + Math.floor(Math.random() * seededCounts.historySensors)).padStart(6, '0')}`;
    for (const window of ['1h', '24h', '7d'] as const) {
      const history = await latencies(
        base,
        operator,
        () => `/api/sensors/${pick()}/readings?window=${window}`,
      );
      report(`history ${window}`, history.p95, 'ms p95', 20.0001);
    }
  }

  if (PARTS.has('browser')) {
    console.log('Browser:');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const median = <T>(list: T[], key: (t: T) => number) =>
      list.map(key).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    // Returning visits are the goal's case; first visits (the screen's code downloaded and
    // compiled on the way) are measured beside them.
    const sensorLoads: Record<Visit, Awaited<ReturnType<typeof loadSensorsScreen>>[]> = {
      first: [],
      returning: [],
    };
    for (const visit of ['returning', 'first'] as const) {
      for (let i = 0; i < LOADS; i++) {
        const load = await loadSensorsScreen(browser, base, operator, visit);
        console.log(
          `  sensors screen, ${visit} visit ${i + 1}: drawn ${load.drawnMs.toFixed(0)} ms, a click answered in ${load.clickMs.toFixed(0)} ms, usable ${load.usableMs.toFixed(0)} ms, heap ${load.heap.toFixed(1)} MB, blocking ${load.blockingMs.toFixed(0)} ms, longest task ${load.longestMs.toFixed(0)} ms`,
        );
        if (visit === 'first' || i < LOADS - 1) await load.context.close();
        sensorLoads[visit].push(load);
      }
    }
    const loads = sensorLoads.returning;
    note('sensors on the map', loads[0]!.marks.toLocaleString('en'));
    report(
      'sensors screen, returning visit: list and map drawn',
      median(loads, (l) => l.drawnMs),
      'ms',
      2_000,
    );
    note(
      'sensors screen: a click on the list answered',
      `${median(loads, (l) => l.clickMs).toFixed(0)} ms`,
    );
    report(
      'sensors screen, returning visit: usable (drawn, then a click answered)',
      median(loads, (l) => l.usableMs),
      'ms',
      2_000,
    );
    report(
      'sensors screen, first visit: usable',
      median(sensorLoads.first, (l) => l.usableMs),
      'ms',
      2_000,
    );
    report(
      'sensors screen: main-thread blocking time',
      median(loads, (l) => l.blockingMs),
      'ms',
      2_000,
    );
    note('sensors screen: longest task', `${median(loads, (l) => l.longestMs).toFixed(0)} ms`);
    report(
      'sensors screen: JS heap',
      median(loads, (l) => l.heap),
      'MB',
      150,
    );
    const last = loads[loads.length - 1]!;
    const deep = await scrollDeep(last.page, 3_000);
    const heapDeep = await heapMb(last.page);
    report(
      `sensors screen: JS heap after scrolling to row ${deep.toLocaleString('en')}`,
      heapDeep,
      'MB',
      150,
    );
    await last.context.close();

    const shown = `figures, health, map, trend and recent alerts shown${FLOOD > 0 ? ', flood banner too' : ''}`;
    const dashboards: Record<Visit, Awaited<ReturnType<typeof loadDashboard>>[]> = {
      first: [],
      returning: [],
    };
    for (const visit of ['returning', 'first'] as const) {
      for (let i = 0; i < LOADS; i++) {
        const load = await loadDashboard(browser, base, operator, visit);
        console.log(`  dashboard, ${visit} visit ${i + 1}: shown ${load.shownMs.toFixed(0)} ms`);
        dashboards[visit].push(load);
      }
    }
    report(
      `dashboard, returning visit: ${shown}`,
      median(dashboards.returning, (d) => d.shownMs),
      'ms',
      2_000,
    );
    report(
      'dashboard, first visit: the same',
      median(dashboards.first, (d) => d.shownMs),
      'ms',
      2_000,
    );
    report(
      'dashboard: JS heap',
      median(dashboards.returning, (d) => d.heap),
      'MB',
      150,
    );
    await browser.close();
    browser = undefined;
  }

  if (PARTS.has('idle')) {
    console.log('Idle server:');
    await sleep(5_000);
    const cpuStart = await cpuSeconds(pid);
    const idleSeconds = 15;
    await sleep(idleSeconds * 1_000);
    const cpu = ((await cpuSeconds(pid)) - cpuStart) / idleSeconds;
    report('idle server CPU', cpu * 100, '% of a core', 5);
  }

  if (PARTS.has('ingest')) {
    console.log(
      `Ingest: ${POSTERS} posters, batches of ${BATCH.toLocaleString('en-US')}, at most ${IN_FLIGHT.toLocaleString('en-US')} readings in flight:`,
    );
    const registry = Array.from({ length: SENSORS }, (_, i) => ({
      id: `kolkata-scale-${String(i + 1).padStart(6, '0')}`,
      type: ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'][(i + 1) % 6]!,
    }));
    // As a city reports most days, then with a quarter of the readings past a threshold: every
    // sensor of the registry raises its first alert at once, an alarm storm.
    for (const [label, valueOf] of [
      ['typical values, 1 % past a threshold', typicalValueFor] as const,
      ...(STORM ? [['alarm storm, a quarter past a threshold', valueFor] as const] : []),
    ]) {
      const ingested = await ingest(
        base,
        registry,
        valueOf,
        pid,
        () => ingestCpu(pid, name),
        () => untilFolded(url),
      );
      report(
        `HTTP ingest (${label}), ${POSTERS} posters, batches of ${BATCH.toLocaleString('en')}, rules on`,
        ingested.perS,
        'readings/s',
        50_000,
        false,
      );
      note(
        `ingest batch p95 (${label})`,
        `${ingested.p95.toFixed(0)} ms, ${ingested.refused} refused as busy (429), ${ingested.failures} failed`,
      );
      note(
        `every reading folded into rollups and latest values (${label})`,
        `${ingested.foldLagS.toFixed(1)} s after the last batch`,
      );
      // Throughput depends on what else the machine runs; the work per reading does not. Both
      // include the fold of every accepted reading.
      note(
        `CPU per 1,000 readings, server and database (${label})`,
        `${(ingested.cpuMsPerThousand.server + ingested.cpuMsPerThousand.database).toFixed(1)} ms (server ${ingested.cpuMsPerThousand.server.toFixed(1)}, database ${ingested.cpuMsPerThousand.database.toFixed(1)})`,
      );
    }
  }
} finally {
  await browser?.close();
  await server?.stop();
  if (KEEP) console.log(`Kept the database ${dbUrl(name)}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
note('load average before / after', `${loadBefore} / ${loadAverage()}`);
console.table(rows);
