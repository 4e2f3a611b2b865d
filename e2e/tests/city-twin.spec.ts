import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { isRed, readCanvas } from '../canvas';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, watchConsole } from '../support';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CITY = 'kolkata';
/** A registry of GRID × GRID sensors over the city, imported before the server starts. */
const GRID = 40;
const TYPES = ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'] as const;
const UNITS = {
  traffic: '%',
  air_quality: 'AQI',
  energy: 'MW',
  water: 'ML/day',
  waste: '%',
  population: 'people',
};

function registry() {
  return Array.from({ length: GRID * GRID }, (_, i) => {
    const row = Math.floor(i / GRID);
    const col = i % GRID;
    const type = TYPES[i % TYPES.length]!;
    return {
      id: `kolkata-twin-${String(row).padStart(2, '0')}-${String(col).padStart(2, '0')}`,
      name: `Twin row ${row} post ${col}`,
      type,
      city: CITY,
      location: `Row ${row}`,
      lat: 22.47 + row * 0.0065,
      lng: 88.22 + col * 0.0065,
      unit: UNITS[type],
      status: i % 97 === 0 ? 'offline' : 'active',
      metadata: type === 'energy' ? { ratedMw: 40 } : {},
    };
  });
}

// WebGL in headless Chromium without a GPU: SwiftShader draws it on the CPU. Only this journey
// needs it; the others keep the project's arguments.
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
    ],
  },
});

let server: OwnServer;

test.describe('the 3D City Twin', () => {
  test.slow();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const file = path.join(tmpdir(), `smart-city-e2e-twin-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(registry()));
    server = await startOwnServer(OWN_SERVER_PORT, { sensorsFile: file });
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test.use({ baseURL: `http://127.0.0.1:${OWN_SERVER_PORT}` });

  /** Opens the twin (without motion, so the view holds still) and waits until it is drawn. */
  async function openTwin(page: Page, query = '') {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/city-twin${query}`);
    const scene = ui.cityTwin.scene(page);
    await expect(scene).toHaveAttribute('data-twin-ready', 'true', { timeout: 60_000 });
    return scene;
  }

  async function apiJson<T>(page: Page, url: string): Promise<T> {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    return (await res.json()) as T;
  }

  test('draws the city and every sensor the API counts, with the same statistics', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signInAsDemo(page, 'operator');
    const scene = await openTwin(page);

    const counts = await apiJson<{ total: number }>(page, `/api/sensors/counts?city=${CITY}`);
    const stats = await apiJson<{ totalSensors: number; activeSensors: number; alerts: number }>(
      page,
      `/api/stats?city=${CITY}`,
    );
    expect(counts.total).toBeGreaterThan(GRID * GRID);
    expect(stats.totalSensors).toBe(counts.total);
    await expect(scene).toHaveAttribute('data-sensors', String(counts.total));
    await expect(ui.cityTwin.sensorCount(page)).toHaveText(
      `${counts.total.toLocaleString('en')} sensors`,
    );
    await expect(ui.cityTwin.landmarks(page)).toHaveCount(6);
    for (const name of [
      'City Hall',
      'Hospital',
      'School',
      'Office Complex',
      'Fire Station',
      'Library',
    ])
      await expect(ui.cityTwin.landmarks(page).filter({ hasText: name })).toHaveCount(1);

    // Ground, blocks, buildings and sensors cover much of the view, not the background alone.
    const { drawnShare } = await readCanvas(scene.locator('canvas'));
    expect(drawnShare).toBeGreaterThan(0.25);

    await ui.cityTwin.statsToggle(page).click();
    await expect(ui.cityTwin.statsTotal(page)).toHaveText(stats.totalSensors.toLocaleString('en'));
    await expect(ui.cityTwin.statsActive(page)).toHaveText(
      stats.activeSensors.toLocaleString('en'),
    );
    await expect(ui.cityTwin.statsAlerts(page)).toHaveText(String(stats.alerts));

    // Another city: the scene is built again with that city's sensors.
    await ui.header.citySelect(page).selectOption('new-york');
    const newYork = await apiJson<{ total: number }>(page, '/api/sensors/counts?city=new-york');
    await expect(scene).toHaveAttribute('data-city', 'new-york');
    await expect(ui.cityTwin.scene(page)).toHaveAttribute('data-twin-ready', 'true', {
      timeout: 60_000,
    });
    await expect(ui.cityTwin.scene(page)).toHaveAttribute('data-sensors', String(newYork.total));
    expect(errors).toEqual([]);
  });

  test('Tab and Enter open a sensor from the keyboard; a click in the view opens the one under it', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signInAsDemo(page, 'operator');
    const scene = await openTwin(page);

    // The view takes the keyboard for its camera; Tab goes on to the scene's sensors.
    await scene.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    await page.keyboard.press('Tab');
    const first = await ui.cityTwin
      .mirror(page)
      .getByRole('button')
      .first()
      .getAttribute('data-sensor-id');
    await expect(page.locator(':focus')).toHaveAttribute('data-sensor-id', first!);
    await expect(scene).toHaveAttribute('data-focus-id', first!);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const third = (await page.locator(':focus').getAttribute('data-sensor-id'))!;
    await expect(scene).toHaveAttribute('data-focus-id', third);
    await page.keyboard.press('Enter');
    await expect(ui.cityTwin.panel(page)).toHaveAttribute('data-sensor-id', third);
    await expect(ui.cityTwin.panel(page).getByRole('heading', { level: 2 })).toBeFocused();
    await expect(ui.cityTwin.panelDetail(page)).toHaveAttribute('href', `/sensors?sensor=${third}`);

    // Tab to another sensor to learn where the view draws it, then click there. Sensors can be
    // drawn on one spot (one behind another as the camera sees them), and a click there opens the
    // one in front: the pointer is first held on the spot with the list let go, and a sensor the
    // view does not mark under the pointer is passed over for the next.
    const canvas = scene.locator('canvas');
    let target: string | null = null;
    for (let step = 6; step < 16 && target === null; step++) {
      await ui.cityTwin.mirror(page).getByRole('button').first().focus();
      for (let i = 0; i < step; i++) await page.keyboard.press('Tab');
      const candidate = (await page.locator(':focus').getAttribute('data-sensor-id'))!;
      await expect(scene).toHaveAttribute('data-focus-id', candidate);
      const point = (await scene.getAttribute('data-focus-point'))!.split(',').map(Number);
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(0, 0);
      await scene.focus();
      await page.mouse.move(box.x + point[0]!, box.y + point[1]!);
      const marked = await expect
        .poll(() => scene.getAttribute('data-focus-id'), { timeout: 2_000 })
        .toBe(candidate)
        .then(
          () => true,
          () => false,
        );
      if (marked) target = candidate;
    }
    expect(target, 'a sensor alone under the pointer among the ten tried').not.toBeNull();
    await page.mouse.down();
    await page.mouse.up();
    await expect(ui.cityTwin.panel(page)).toHaveAttribute('data-sensor-id', target!);
    await expect(page).toHaveURL(new RegExp(`sensor=${target}`));
    expect(errors).toEqual([]);
  });

  test('a critical reading sent through the API turns its sensor red within 5 s, and it rings', async ({
    page,
    baseURL,
  }) => {
    const errors = watchConsole(page);
    await signInAsDemo(page, 'operator');
    const sensor = 'kolkata-twin-20-16'; // a traffic sensor near the middle of the city
    const scene = await openTwin(page, `?sensor=${sensor}`);
    await expect(scene).toHaveAttribute('data-focus-id', sensor);
    await expect(scene).not.toHaveAttribute('data-focus-level', 'critical');
    const canvas = scene.locator('canvas');
    const pointOf = async () => {
      const [x, y] = (await scene.getAttribute('data-focus-point'))!.split(',').map(Number);
      return { x: x!, y: y! };
    };
    const before = await readCanvas(canvas, [await pointOf()]);
    expect(isRed(before.colours[0]!)).toBe(false);

    const sent = Date.now();
    const ingest = await page.request.post('/api/ingest/readings', {
      headers: { Origin: baseURL! },
      data: { readings: [{ sensorId: sensor, value: 97 }] },
    });
    expect(ingest.status()).toBe(202);
    await expect(scene).toHaveAttribute('data-focus-level', 'critical', { timeout: 5_000 });
    await expect
      .poll(async () => isRed((await readCanvas(canvas, [await pointOf()])).colours[0]!), {
        timeout: 5_000 - (Date.now() - sent),
      })
      .toBe(true);
    await expect(ui.cityTwin.panelValue(page)).toHaveText('97.0 %');
    await expect(ui.cityTwin.panelLevel(page)).toHaveText('Critical');
    await expect(ui.cityTwin.panelAlert(page)).toContainText('Critical');
    expect(errors).toEqual([]);
  });

  test('has no serious accessibility problems, with a sensor open and the statistics shown', async ({
    page,
  }) => {
    await signInAsDemo(page, 'operator');
    await openTwin(page, '?sensor=kolkata-twin-10-10');
    await ui.cityTwin.statsToggle(page).click();
    await expect(ui.cityTwin.panel(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('fits a phone: the view, the panel under it, nothing wider than the screen', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInAsDemo(page, 'operator');
    const scene = await openTwin(page, '?sensor=kolkata-twin-10-10');
    const view = (await scene.boundingBox())!;
    expect(view.width).toBeLessThanOrEqual(375);
    const panel = (await ui.cityTwin.panel(page).boundingBox())!;
    expect(panel.y).toBeGreaterThan(view.y + view.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await testInfo.attach('city-twin-375', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  });
});
