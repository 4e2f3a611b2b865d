// The 3D City Twin in headless Chromium with software WebGL (SwiftShader): for a city of 1,000 and
// of 10,000 sensors (BENCH_TWIN_SIZES), imports the registry into a fresh embedded database, starts
// the real server (simulator off), opens /city-twin signed in and counts the frames drawn over
// BENCH_TWIN_SECONDS (10) while the view turns and readings for random sensors arrive through the
// ingest API every 250 ms (BENCH_TWIN_READINGS per batch, 100). Then prints the gzip size of the
// twin's own JavaScript (its screen and the lazily loaded scene, beyond what every screen loads).
// Per frame it also prints the WebGL draw calls (instanced ones apart) and the main thread's
// milliseconds: all its tasks (Chrome's TaskDuration) and the animation-frame callbacks alone (the
// scene's update and its draw calls issued). These decide 60 fps on a machine with a GPU, where
// drawing itself is not the main thread's work; software WebGL only slows the frame rate.
// Needs a web build (`npm run build`) and Chromium (CHROMIUM_PATH).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { demoCookie, percentile, startBenchServer, valueFor } from './support';

const SIZES = (process.env.BENCH_TWIN_SIZES ?? '1000,10000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_TWIN_SECONDS ?? 10);
const READINGS_PER_BATCH = Number(process.env.BENCH_TWIN_READINGS ?? 100);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1440, height: 900 };
const CITY = 'kolkata';
const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps', 'web', 'dist');
const IMPORT_CLI = path.join(ROOT, 'apps', 'server', 'src', 'sensors-import-cli.ts');
const TYPES = ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'] as const;
const UNITS: Record<string, string> = {
  traffic: '%',
  air_quality: 'AQI',
  energy: 'MW',
  water: 'ML/day',
  waste: '%',
  population: 'people',
};

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error(`No build at ${DIST}: run \`npm run build\` first.`);
  process.exit(1);
}

/** `count` sensors spread over Kolkata's bounds (22.45–22.75 N, 88.20–88.50 E), a few offline. */
function registry(count: number) {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    return {
      id: `kolkata-bench-${String(i).padStart(6, '0')}`,
      name: `Bench post ${i}`,
      type,
      city: CITY,
      location: `Grid ${Math.floor(i / side)}`,
      lat: 22.46 + (Math.floor(i / side) / side) * 0.28,
      lng: 88.21 + ((i % side) / side) * 0.28,
      unit: UNITS[type]!,
      status: i % 97 === 0 ? 'offline' : 'active',
      metadata: type === 'energy' ? { ratedMw: 40 } : {},
    };
  });
}

/**
 * Runs in the page before its own scripts: counts WebGL draw calls (three.js issues one per mesh,
 * one per instanced mesh however many instances it holds) and the milliseconds animation-frame
 * callbacks take. Text, not a function: tsx would name it with a helper the page lacks.
 */
const COUNTERS = `(() => {
  const counts = { draws: 0, instanced: 0, frameMs: 0 };
  window.__twinCounters = counts;
  for (const context of [WebGLRenderingContext, WebGL2RenderingContext]) {
    for (const name of ['drawArrays', 'drawElements', 'drawRangeElements',
        'drawArraysInstanced', 'drawElementsInstanced']) {
      const draw = context.prototype[name];
      if (!draw) continue;
      const instanced = name.endsWith('Instanced');
      context.prototype[name] = function (...args) {
        counts.draws++;
        if (instanced) counts.instanced++;
        return draw.apply(this, args);
      };
    }
  }
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => request((time) => {
    const start = performance.now();
    try { callback(time); } finally { counts.frameMs += performance.now() - start; }
  });
})()`;

type Counters = {
  draws: number;
  instanced: number;
  frameMs: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
};

/**
 * The page's counters, and the renderer main thread's busy time so far (Chrome's TaskDuration: every
 * task, React's work and the socket's messages included), with its script and its style and layout
 * apart, in milliseconds.
 */
async function counters(page: Page, cdp: CDPSession): Promise<Counters> {
  const inPage = await page.evaluate<Pick<Counters, 'draws' | 'instanced' | 'frameMs'>>(
    '({ ...window.__twinCounters })',
  );
  const { metrics } = await cdp.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1_000;
  return {
    ...inPage,
    taskMs: ms('TaskDuration'),
    scriptMs: ms('ScriptDuration'),
    layoutMs: ms('RecalcStyleDuration') + ms('LayoutDuration'),
  };
}

/** Frames drawn per second while the view turns, measured in the page with requestAnimationFrame. */
async function measure(browser: Browser, count: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-bench-twin-'));
  const file = path.join(dataDir, 'registry.json');
  const sensors = registry(count);
  await writeFile(file, JSON.stringify(sensors));
  execFileSync(process.execPath, ['--import', 'tsx', IMPORT_CLI, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: '', SIMULATOR: 'off' });
  let feeding: NodeJS.Timeout | undefined;
  try {
    const cookie = await demoCookie(server.base, 'operator@smartcity.local');
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name!, value: rest.join('='), url: server.base };
      }),
    );
    // Counts every WebGL draw call (instanced ones apart: the sensors' markers and rings) and the
    // time spent in animation-frame callbacks (the scene's update and its draw calls being issued).
    await context.addInitScript(COUNTERS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const opened = performance.now();
    await page.goto(`${server.base}/city-twin`);
    await page.waitForSelector('[data-twin-ready="true"]', { timeout: 120_000 });
    const readyMs = performance.now() - opened;
    const drawn = Number(await page.getAttribute('[data-testid="twin-scene"]', 'data-sensors'));
    // A software renderer starts with the view still; the frames are counted while it turns.
    const rotation = page.getByTestId('twin-rotation-toggle');
    if ((await rotation.getAttribute('aria-pressed')) !== 'true') await rotation.click();

    // Readings keep arriving while frames are counted: colours change in place as they would live.
    const post = () =>
      fetch(`${server.base}/api/ingest/readings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.base, Cookie: cookie },
        body: JSON.stringify({
          readings: Array.from({ length: READINGS_PER_BATCH }, () => {
            const sensor = sensors[Math.floor(Math.random() * sensors.length)]!;
            return { sensorId: sensor.id, value: valueFor(sensor.type) };
          }),
        }),
      }).then((res) => res.arrayBuffer());
    feeding = setInterval(() => void post(), 250);
    await page.waitForTimeout(2_000);
    const before = await counters(page, cdp);
    // A script as text: tsx names the functions of this file with a helper the page lacks.
    const frames = await page.evaluate<number[]>(`new Promise((resolve) => {
      const times = [];
      const until = performance.now() + ${SECONDS * 1_000};
      const tick = (now) => {
        times.push(now);
        if (now < until) requestAnimationFrame(tick);
        else resolve(times);
      };
      requestAnimationFrame(tick);
    })`);
    const after = await counters(page, cdp);
    const perFrame = (key: keyof Counters) => (after[key] - before[key]) / (frames.length - 1);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    const fps = (gaps.length / (frames[frames.length - 1]! - frames[0]!)) * 1_000;
    const sorted = [...gaps].sort((a, b) => a - b);
    await context.close();
    return {
      sensors: drawn,
      'ready (s)': +(readyMs / 1_000).toFixed(1),
      fps: +fps.toFixed(1),
      'p95 frame (ms)': +percentile(sorted, 95).toFixed(1),
      'longest frame (ms)': +(sorted[sorted.length - 1] ?? NaN).toFixed(1),
      'draw calls a frame': +perFrame('draws').toFixed(1),
      'of them instanced': +perFrame('instanced').toFixed(1),
      'main thread ms a frame': +perFrame('taskMs').toFixed(2),
      'frame callbacks ms a frame': +perFrame('frameMs').toFixed(2),
      'of the main thread, script': +perFrame('scriptMs').toFixed(2),
      'style and layout': +perFrame('layoutMs').toFixed(2),
    };
  } finally {
    clearInterval(feeding);
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every chunk a chunk imports statically, itself included. */
function closure(sources: Map<string, string>, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const match of (sources.get(name) ?? '').matchAll(
      /(?:from\s*|import\s*)"\.\/([\w.-]+\.js)"/g,
    ))
      queue.push(match[1]!);
  }
  return seen;
}

/** The twin's own JavaScript: its screen and its scene with what they import beyond the shell. */
async function twinRouteSize() {
  const assets = path.join(DIST, 'assets');
  const sources = new Map<string, string>();
  for (const name of (await readdir(assets)).filter((f) => f.endsWith('.js')))
    sources.set(name, await readFile(path.join(assets, name), 'utf8'));
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="\/assets\/([\w.-]+\.js)"/.exec(html)![1]!;
  const shell = closure(sources, entry);
  const find = (prefix: string) => [...sources.keys()].find((name) => name.startsWith(prefix))!;
  const own = new Set(
    [find('city-twin-page-'), find('twin-scene-')]
      .flatMap((start) => [...closure(sources, start)])
      .filter((name) => !shell.has(name)),
  );
  const gzipKb = (name: string) => gzipSync(sources.get(name)!, { level: 9 }).length / 1024;
  return {
    chunks: [...own].sort(),
    ownKb: [...own].reduce((sum, name) => sum + gzipKb(name), 0),
    sceneKb: gzipKb(find('twin-scene-')),
  };
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    // WebGL through SwiftShader, the CPU's software renderer, as on a machine without a GPU.
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
  ],
});
const rows = [];
try {
  for (const size of SIZES) {
    console.log(`A city of ${size.toLocaleString('en')} sensors…`);
    rows.push(await measure(browser, size));
  }
} finally {
  await browser.close();
}
console.log(
  `3D City Twin, headless Chromium with SwiftShader, ${VIEWPORT.width}×${VIEWPORT.height}, ` +
    `${READINGS_PER_BATCH} readings every 250 ms`,
);
console.table(rows);
const route = await twinRouteSize();
console.log(
  `The twin's own JavaScript: ${route.ownKb.toFixed(1)} KB gzip (the scene: ${route.sceneKb.toFixed(1)} KB) ` +
    `in ${route.chunks.join(', ')}`,
);
