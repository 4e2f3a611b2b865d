import { expect, test, type Page } from '@playwright/test';
import { marksOnMap, pointOnMap } from '../map';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

interface ApiSensor {
  id: string;
  name: string;
  type: string;
  status: string;
  value: number | null;
  unit: string;
}

const CITY = 'kolkata';

async function citySensors(page: Page): Promise<ApiSensor[]> {
  const res = await page.request.get(`/api/sensors?city=${CITY}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiSensor[];
}

/** The value each card shows, by sensor id, as the raw number behind the formatted text. */
async function valuesOnScreen(page: Page): Promise<Record<string, number | null>> {
  return ui.sensors.cards(page).evaluateAll((cards) =>
    Object.fromEntries(
      cards.map((card): [string, number | null] => {
        const raw = card.querySelector('[data-testid="sensor-value"]')?.getAttribute('data-value');
        return [card.getAttribute('data-sensor-id') ?? '', raw ? Number(raw) : null];
      }),
    ),
  );
}

function isLocal(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost';
}

test.describe('IoT Sensors as an operator', () => {
  // The map and live updates take a while on a busy machine.
  test.slow();

  test.beforeEach(async ({ page }) => {
    // The screen must work without the internet: anything off this machine is refused.
    await page.route(
      (url) => !isLocal(url),
      (route) => route.abort(),
    );
    await signInAsDemo(page, 'operator');
  });

  test("lists the city's sensors with the server's values, and they change live", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/sensors');
    await expect(page.getByRole('heading', { level: 1, name: 'IoT Sensors' })).toBeVisible();

    const sensors = await citySensors(page);
    const byId = new Map(sensors.map((s) => [s.id, s]));
    expect(sensors.length).toBeGreaterThanOrEqual(40);
    // The list counts the city's sensors and draws the rows in view, each one of them by name.
    await expect(ui.sensors.shownCount(page)).toHaveText(
      `${sensors.length.toLocaleString('en-US')} sensors shown`,
    );
    await expect(ui.sensors.cards(page).first()).toBeVisible();
    const shownIds = await ui.sensors
      .cards(page)
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-sensor-id') ?? ''));
    expect(shownIds.length).toBeGreaterThan(5);
    for (const id of shownIds) {
      expect(byId.has(id)).toBe(true);
      await expect(ui.sensors.card(page, id)).toContainText(byId.get(id)!.name);
    }
    // Readings arrive every few seconds: compare screen and server at the same moment.
    await expect
      .poll(
        async () => {
          const [expected, shown] = await Promise.all([citySensors(page), valuesOnScreen(page)]);
          const now = new Map(expected.map((s) => [s.id, s.value]));
          return Object.entries(shown).every(([id, value]) => now.get(id) === value);
        },
        { timeout: 15_000, intervals: [250, 500, 1_000] },
      )
      .toBe(true);

    // The type filter's counts are what it shows.
    const trafficCount = sensors.filter((s) => s.type === 'traffic').length;
    await expect(ui.sensors.typeFilter(page, 'all')).toContainText(String(sensors.length));
    await expect(ui.sensors.typeFilter(page, 'traffic')).toContainText(String(trafficCount));
    await ui.sensors.typeFilter(page, 'traffic').click();
    await expect(ui.sensors.typeFilter(page, 'traffic')).toHaveAttribute('aria-pressed', 'true');
    await expect(ui.sensors.shownCount(page)).toHaveText(`${trafficCount} sensors shown`);
    await expect
      .poll(() =>
        ui.sensors
          .cards(page)
          .evaluateAll((cards) =>
            cards.every((card) =>
              card.getAttribute('data-sensor-id')?.startsWith('kolkata-traffic-'),
            ),
          ),
      )
      .toBe(true);
    await ui.sensors.typeFilter(page, 'all').click();
    await ui.sensors.search(page).fill('Howrah');
    await expect(ui.sensors.cards(page)).toHaveCount(
      sensors.filter((s) => s.name.includes('Howrah')).length,
    );
    await ui.sensors.search(page).fill('');

    const before = await valuesOnScreen(page);
    await expect
      .poll(async () => JSON.stringify(await valuesOnScreen(page)), { timeout: 10_000 })
      .not.toBe(JSON.stringify(before));
    expect(errors).toEqual([]);
  });

  test('draws the map offline: every sensor counted on it, a popup for a sensor clicked', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/sensors');
    const sensors = await citySensors(page);
    const map = ui.sensors.map(page);
    await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 20_000 });
    // Drawn on WebGL: the map says what it shows, every sensor of the city as a dot or in a cluster.
    await expect(map).toHaveAttribute('data-sensors', String(sensors.length));
    const marks = await marksOnMap(page, map, CITY);
    const single = [];
    for (const mark of marks.filter((m) => m.sensor)) {
      const point = await pointOnMap(map, mark.lng, mark.lat);
      if (point.clickable) single.push({ mark, point });
    }
    expect(single.length).toBeGreaterThan(0);
    const { mark, point } = single[0]!;
    await page.mouse.click(point.x, point.y);
    await expect(ui.sensors.mapPopup(page)).toContainText(mark.sensor!.name);
    await expect(ui.sensors.mapPopup(page)).toContainText('Latest value');
    await expect(page).toHaveURL(new RegExp(`sensor=${mark.sensor!.id}`));
    await expect(ui.sensors.detail(page)).toHaveAttribute('data-sensor-id', mark.sensor!.id);
    expect(errors).toEqual([]);
  });

  test('opens a sensor by deep link, switches the history window, and puts it into maintenance and back', async ({
    page,
    context,
  }) => {
    const errors = watchConsole(page);
    const sensor = (await citySensors(page)).find((s) => s.type === 'traffic')!;
    // Active to begin with, also when a try before this one stopped half-way.
    const reset = await page.request.patch(`/api/sensors/${sensor.id}`, {
      data: { status: 'active' },
    });
    expect(reset.status()).toBe(200);
    const historyOf = (window: string) =>
      page.waitForResponse(
        (res) =>
          res.url().endsWith(`/api/sensors/${sensor.id}/readings?window=${window}`) &&
          res.status() === 200,
      );

    const firstHistory = historyOf('24h');
    await page.goto(`/sensors?sensor=${sensor.id}`);
    await firstHistory;
    const detail = ui.sensors.detail(page);
    await expect(detail.getByRole('heading', { name: sensor.name })).toBeVisible();
    await expect(ui.sensors.window(page, '24h')).toHaveAttribute('aria-pressed', 'true');
    await expect(detail).toContainText('Warning at 70.0 %');
    for (const window of ['1h', '7d'] as const) {
      const answered = historyOf(window);
      await ui.sensors.window(page, window).click();
      await answered;
      await expect(ui.sensors.window(page, window)).toHaveAttribute('aria-pressed', 'true');
      await expect(ui.sensors.history(page)).toHaveAttribute('data-window', window);
    }
    // Back to 24 hours: the answer it already had is drawn again.
    await ui.sensors.window(page, '24h').click();
    await expect(ui.sensors.history(page)).toHaveAttribute('data-window', '24h');

    // A second tab of the same operator follows the change through the live connection.
    const other = await context.newPage();
    await other.goto('/sensors');
    const otherCard = ui.sensors.card(other, sensor.id);
    await expect(otherCard.getByTestId('sensor-status')).toHaveText('Active');

    await ui.sensors.maintenanceToggle(page).click();
    // The success toast shows for 2 s: looked for first.
    await expect(page.getByText(`${sensor.name} is in maintenance`)).toBeVisible();
    await expect(detail.getByTestId('sensor-status')).toHaveText('Maintenance');
    await expect(ui.sensors.maintenanceToggle(page)).toHaveText('Return to service');
    await expect(otherCard.getByTestId('sensor-status')).toHaveText('Maintenance', {
      timeout: 10_000,
    });

    await ui.sensors.maintenanceToggle(page).click();
    await expect(detail.getByTestId('sensor-status')).toHaveText('Active');
    await expect(ui.sensors.maintenanceToggle(page)).toHaveText('Put into maintenance');
    await expect(otherCard.getByTestId('sensor-status')).toHaveText('Active', {
      timeout: 10_000,
    });
    const res = await page.request.get(`/api/sensors/${sensor.id}`);
    expect(((await res.json()) as ApiSensor).status).toBe('active');
    await other.close();
    expect(errors).toEqual([]);
  });

  test('has no serious accessibility violations in either theme', async ({ page }) => {
    const errors = watchConsole(page);
    const sensor = (await citySensors(page))[0]!;
    await page.goto(`/sensors?sensor=${sensor.id}`);
    await expect(ui.sensors.map(page)).toHaveAttribute('data-map-ready', 'true', {
      timeout: 20_000,
    });
    await expect(ui.sensors.history(page)).toBeVisible();
    for (const theme of ['dark', 'light'] as const) {
      await useTheme(page, theme);
      await expectNoSeriousA11yViolations(page);
    }
    expect(errors).toEqual([]);
  });
});

test('a citizen sees the sensors but no maintenance button', async ({ page }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'citizen');
  const sensor = (await citySensors(page))[0]!;
  await page.goto(`/sensors?sensor=${sensor.id}`);
  await expect(ui.sensors.detail(page).getByRole('heading', { name: sensor.name })).toBeVisible();
  await expect(ui.sensors.history(page)).toBeVisible();
  await expect(ui.sensors.maintenanceToggle(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Put into maintenance' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
