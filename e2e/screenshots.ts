/**
 * Takes the README's screenshots: starts the production build on a fresh embedded database with
 * the demo accounts and the simulated sensors, signs in as each demo account and photographs the
 * screens a city shows first, into docs/screenshots/. Run with `npm run screenshots` (it builds
 * the web app first); Chromium comes from CHROMIUM_PATH or /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';

const ROOT = path.join(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs', 'screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3997);
const BASE = `http://127.0.0.1:${PORT}`;
/** Readings of the simulated city arrive every few seconds; a minute of them fills the charts. */
const WARM_UP_MS = Number(process.env.SCREENSHOTS_WARM_UP_MS ?? 20_000);

type Shot = {
  file: string;
  route: string;
  account: 'demo' | 'operator' | 'admin';
  width: number;
  height: number;
  theme: 'light' | 'dark';
  /** Shown once the screen has loaded: what the photograph waits for. */
  ready: string;
};

const SHOTS: Shot[] = [
  {
    file: 'citizen-home.png',
    route: '/dashboard',
    account: 'demo',
    width: 1440,
    height: 900,
    theme: 'light',
    ready: 'h1',
  },
  {
    file: 'citizen-home-phone.png',
    route: '/dashboard',
    account: 'demo',
    width: 375,
    height: 812,
    theme: 'dark',
    ready: 'h1',
  },
  {
    file: 'emergency-booking.png',
    route: '/services/emergency/quick?service=ambulance',
    account: 'demo',
    width: 1440,
    height: 900,
    theme: 'light',
    ready: 'h1',
  },
  {
    file: 'dispatch.png',
    route: '/services/dispatch',
    account: 'operator',
    width: 1440,
    height: 900,
    theme: 'dark',
    ready: 'h1',
  },
  {
    file: 'alerts.png',
    route: '/alerts',
    account: 'operator',
    width: 1440,
    height: 900,
    theme: 'dark',
    ready: 'h1',
  },
  {
    file: 'sensors.png',
    route: '/sensors',
    account: 'operator',
    width: 1440,
    height: 900,
    theme: 'light',
    ready: '[data-testid="sensor-card"]',
  },
  {
    file: 'wall.png',
    route: '/dashboard?wall=1',
    account: 'operator',
    width: 1920,
    height: 1080,
    theme: 'dark',
    ready: '[data-map-ready="true"]',
  },
];

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server at ${BASE} did not answer in time`);
}

async function photograph(browser: Browser, shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    colorScheme: shot.theme,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  await context.addInitScript((theme) => {
    window.localStorage.setItem('smartcity_theme', theme);
  }, shot.theme);
  const page = await context.newPage();
  const signedIn = await page.request.post(`${BASE}/api/auth/demo-sign-in`, {
    headers: { Origin: BASE },
    data: { username: shot.account },
  });
  if (!signedIn.ok()) throw new Error(`signing in as ${shot.account}: ${signedIn.status()}`);
  await page.goto(`${BASE}${shot.route}`);
  await page.locator(shot.ready).first().waitFor({ timeout: 30_000 });
  // Let the charts and the map draw and the toasts of the sign-in fade.
  await page.waitForTimeout(4_000);
  await page.screenshot({ path: path.join(OUT, shot.file) });
  await context.close();
  console.log(`docs/screenshots/${shot.file}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-city-screenshots-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // A plain map unless tiles are asked for: the photographs must not depend on a tile server.
    MAP_TILE_URL: process.env.SCREENSHOTS_TILES ?? 'off',
    // The alerts photographed are raised by one reading each.
    ALERT_ON_DELAY: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const JSON_HEADERS = { Origin: BASE, 'Content-Type': 'application/json' };

/** A demo account's session cookie. */
async function cookieOf(account: Shot['account']): Promise<string> {
  const signIn = await fetch(`${BASE}/api/auth/demo-sign-in`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ username: account }),
  });
  if (!signIn.ok) throw new Error(`signing in as ${account}: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A morning's trouble in Kolkata, sent as its sensors would: the Alerts screen has work on it. */
async function raiseSomeAlerts(): Promise<void> {
  const timestamp = new Date().toISOString();
  const readings = [
    { sensorId: 'kolkata-air-quality-park-street', value: 236, timestamp },
    { sensorId: 'kolkata-traffic-howrah-bridge', value: 86, timestamp },
    { sensorId: 'kolkata-waste-park-street', value: 93, timestamp },
  ];
  const res = await fetch(`${BASE}/api/ingest/readings`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Cookie: await cookieOf('operator') },
    body: JSON.stringify({ readings }),
  });
  if (res.status !== 202) throw new Error(`raising alerts: ${res.status} ${await res.text()}`);
}

/** Bookings a resident made this morning, so the dispatch queue shows what a dispatcher works on. */
async function bookSomeHelp(): Promise<void> {
  const headers = JSON_HEADERS;
  const cookie = await cookieOf('demo');
  const bookings = [
    {
      service: 'ambulance',
      urgency: 'critical',
      location: 'Park Street metro, gate 2',
      lat: 22.5535,
      lng: 88.3525,
      description: 'Elderly man fainted on the stairs, breathing.',
    },
    {
      service: 'fire',
      urgency: 'high',
      location: 'Salt Lake Sector V, Block EP',
      lat: 22.5735,
      lng: 88.4331,
      description: 'Smoke from a transformer box beside the road.',
    },
    {
      service: 'police',
      urgency: 'medium',
      location: 'Esplanade bus stand',
      lat: 22.5646,
      lng: 88.3513,
    },
  ];
  for (const booking of bookings) {
    const res = await fetch(`${BASE}/api/emergency/bookings`, {
      method: 'POST',
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({ ...booking, city: 'kolkata', contactPhone: '9830012345' }),
    });
    if (!res.ok) throw new Error(`booking ${booking.service}: ${res.status} ${await res.text()}`);
  }
}

try {
  await waitForHealth(Date.now() + 90_000);
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  await bookSomeHelp();
  await raiseSomeAlerts();
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const shot of SHOTS) await photograph(browser, shot);
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
