import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { marksOnMap, pointOnMap } from '../map';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
import { ui } from '../selectors';
import { watchConsole } from '../support';

const CITY = 'kolkata';
/** A registry far larger than a screen or a page of the list, imported before the server starts. */
const GRID = 150;
const TYPES = ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'] as const;
const UNITS = {
  traffic: '%',
  air_quality: 'AQI',
  energy: 'MW',
  water: 'ML/day',
  waste: '%',
  population: 'people',
};

/** GRID × GRID sensors in blocks around the city centre, named by lane and post. */
function largeRegistry() {
  return Array.from({ length: GRID * GRID }, (_, i) => {
    const row = Math.floor(i / GRID);
    const col = i % GRID;
    const type = TYPES[i % TYPES.length]!;
    return {
      id: `kolkata-lane-${String(row).padStart(3, '0')}-${String(col).padStart(3, '0')}`,
      name: `Lane ${row} post ${col}`,
      type,
      city: CITY,
      location: `Lane ${row}`,
      lat: 22.5 + row * 0.0012,
      lng: 88.27 + col * 0.0012,
      unit: UNITS[type],
      // Imported before they report, they are pending, except those said to be in maintenance.
      status: i % 97 === 0 ? 'maintenance' : 'active',
    };
  });
}

let server: OwnServer;

test.describe('a city of tens of thousands of sensors', () => {
  test.slow();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const file = path.join(tmpdir(), `smart-city-e2e-registry-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(largeRegistry()));
    server = await startOwnServer(OWN_SERVER_PORT, { sensorsFile: file });
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test.use({ baseURL: `http://127.0.0.1:${OWN_SERVER_PORT}` });

  async function signIn(page: Page) {
    await page.goto('/login');
    await ui.login.demo(page, 'operator').click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  }

  async function total(page: Page, query = '') {
    const res = await page.request.get(`/api/sensors?city=${CITY}&limit=1${query}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { total: number }).total;
  }

  test('the map clusters the registry with counts; a cluster zooms in, a sensor opens its popup', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page);
    await page.goto('/sensors');
    const map = ui.sensors.map(page);
    await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
    const all = await total(page);
    expect(all).toBeGreaterThan(GRID * GRID);
    await expect(map).toHaveAttribute('data-sensors', String(all));
    // Far fewer marks than sensors: clusters, each with its count and the worst status inside.
    const marks = await marksOnMap(page, map, CITY);
    expect(marks.length).toBeLessThan(400);
    expect(marks.some((m) => m.count > 100)).toBe(true);
    expect(marks.some((m) => m.count > 1 && m.worstStatus === 'maintenance')).toBe(true);

    // Clicking clusters zooms in until single sensors show; clicking one opens its popup.
    let zoom = Number(await map.getAttribute('data-zoom'));
    for (let step = 0; step < 8; step++) {
      const inView = [];
      for (const mark of await marksOnMap(page, map, CITY)) {
        const point = await pointOnMap(map, mark.lng, mark.lat);
        if (point.clickable) inView.push({ mark, point });
      }
      const single = inView.find((m) => m.mark.sensor);
      if (single) {
        await page.mouse.click(single.point.x, single.point.y);
        await expect(ui.sensors.mapPopup(page)).toContainText(single.mark.sensor!.name);
        await expect(ui.sensors.mapPopup(page)).toContainText('Latest value');
        await expect(page).toHaveURL(new RegExp(`sensor=${single.mark.sensor!.id}`));
        await expect(ui.sensors.detail(page)).toHaveAttribute(
          'data-sensor-id',
          single.mark.sensor!.id,
        );
        expect(errors).toEqual([]);
        return;
      }
      const biggest = inView.sort((a, b) => b.mark.count - a.mark.count)[0]!;
      await page.mouse.click(biggest.point.x, biggest.point.y);
      await expect
        .poll(async () => Number(await map.getAttribute('data-zoom')), { timeout: 10_000 })
        .toBeGreaterThan(zoom);
      await expect(map).toHaveAttribute('data-map-ready', 'true');
      zoom = Number(await map.getAttribute('data-zoom'));
    }
    throw new Error('no single sensor showed after zooming in eight times');
  });

  test('the list scrolls through the registry a page at a time, drawing only what is in view', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page);
    await page.goto('/sensors');
    const all = await total(page);
    await expect(ui.sensors.shownCount(page)).toHaveText(
      `${all.toLocaleString('en-IN')} sensors shown`,
    );
    const scroller = ui.sensors.listScroller(page);
    const deepest = () =>
      ui.sensors
        .cards(page)
        .last()
        .evaluate((card) => Number(card.closest('li')?.getAttribute('aria-posinset') ?? 0));
    for (let i = 0; i < 300 && (await deepest()) < 1_200; i++) {
      await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight * 3));
      await page.waitForTimeout(100);
    }
    expect(await deepest()).toBeGreaterThanOrEqual(1_200);
    // A window of rows, not twelve hundred.
    expect(await ui.sensors.cards(page).count()).toBeLessThan(40);
    expect(errors).toEqual([]);
  });

  test('the type filter and the search narrow the list and the map alike', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page);
    await page.goto('/sensors');
    const map = ui.sensors.map(page);
    await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });

    const waste = await total(page, '&type=waste');
    await ui.sensors.typeFilter(page, 'waste').click();
    await expect(ui.sensors.typeFilter(page, 'waste')).toContainText(waste.toLocaleString('en-IN'));
    await expect(ui.sensors.shownCount(page)).toHaveText(
      `${waste.toLocaleString('en-IN')} sensors shown`,
    );
    await expect(map).toHaveAttribute('data-sensors', String(waste));
    await expect(ui.sensors.cards(page).first()).toContainText('Waste');

    await ui.sensors.typeFilter(page, 'all').click();
    await ui.sensors.search(page).fill('Lane 42 post');
    const lane = await total(page, '&q=Lane%2042%20post');
    expect(lane).toBe(GRID);
    await expect(ui.sensors.shownCount(page)).toHaveText(`${lane} sensors shown`);
    await expect(map).toHaveAttribute('data-sensors', String(lane));
    for (const name of await ui.sensors.cards(page).getByTestId('sensor-name').allTextContents())
      expect(name).toMatch(/^Lane 42 post \d+$/);
    expect(errors).toEqual([]);
  });
});
