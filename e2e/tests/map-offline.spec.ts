import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { isRed, readCanvas } from '../canvas';
import { marksOnMap, pointOnMap } from '../map';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, watchConsole } from '../support';

const SENSOR = 'kolkata-traffic-howrah-bridge';

let server: OwnServer;

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A tile server the city named, which cannot be reached.
  const port = await closedPort();
  server = await startOwnServer(OWN_SERVER_PORT, {
    env: { MAP_TILE_URL: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` },
  });
});

test.afterAll(async () => {
  await server?.dispose();
});

test("without its tiles the map says so, draws the city's areas, and colours a sensor by its alert", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');

  // A reading past the critical level raises a critical alert on the sensor.
  const ingest = await page.request.post('/api/ingest/readings', {
    headers: { Origin: server.url },
    data: { readings: [{ sensorId: SENSOR, value: 97 }] },
  });
  expect(ingest.status()).toBe(202);

  const place = (await (await page.request.get(`/api/sensors/${SENSOR}`)).json()) as {
    lng: number;
    lat: number;
  };

  await page.goto('/sensors');
  const map = ui.sensors.map(page);
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
  // The tiles never come: the plain view of the areas takes their place, and the map says why.
  await expect(map).toHaveAttribute('data-basemap', 'plain', { timeout: 20_000 });
  await expect(ui.sensors.basemapUnavailable(page)).toContainText('Base map unavailable');

  // The mark holding the sensor carries its critical alert, and is drawn in the alert's red: a
  // group filled with it (read below its count), a single sensor haloed by it (read between the
  // dot's ring, radius 9.5, and the halo's edge, radius 12).
  await expect(async () => {
    const marks = await marksOnMap(page, map, 'kolkata');
    const holding = marks.find((mark) => {
      const [west, south, east, north] = mark.bounds;
      return west <= place.lng && place.lng <= east && south <= place.lat && place.lat <= north;
    });
    expect(holding).toBeDefined();
    expect(holding!.worstAlert).toBe('critical');
    const point = await pointOnMap(map, holding!.lng, holding!.lat);
    const box = (await map.boundingBox())!;
    const offset = holding!.count === 1 ? { x: 11, y: 0 } : { x: 0, y: 8 };
    const { colours } = await readCanvas(map.locator('canvas'), [
      { x: point.x - box.x + offset.x, y: point.y - box.y + offset.y },
    ]);
    expect(isRed(colours[0]!)).toBe(true);
  }).toPass({ timeout: 30_000 });

  await expect(ui.sensors.legend(page).getByTestId('sensor-map-legend-alert')).toHaveText([
    'Critical',
    'High',
    'Warning',
  ]);
  await expectNoSeriousA11yViolations(page);
  // The browser reports each refused tile itself; nothing else went wrong.
  expect(errors.filter((error) => !error.includes('net::ERR_CONNECTION_REFUSED'))).toEqual([]);
  await context.close();
});
