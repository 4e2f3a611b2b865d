import { expect, test, type Locator, type Page } from '@playwright/test';
import { marksOnMap, pointOnMap } from '../map';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

const CITY = 'kolkata';
const METRICS = ['traffic', 'air_quality', 'energy', 'water', 'waste', 'population'] as const;
const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1440, height: 900 },
] as const;

/** Whether an element lies wholly inside the window. */
async function expectInView(page: Page, element: Locator, name: string) {
  const box = await element.boundingBox();
  expect(box, `${name} is on screen`).not.toBeNull();
  const { width, height } = page.viewportSize()!;
  expect(box!.x, `${name} left`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} right`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.y + box!.height, `${name} bottom`).toBeLessThanOrEqual(height + 0.5);
}

/** Every piece of visible text on the page smaller than 16 px, with its size. */
function textsBelow16px(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      const box = element.getBoundingClientRect();
      // Text for screen readers only is clipped to a pixel; a chart library's measuring text is
      // placed far off the page. Neither is seen.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.bottom <= 0 || box.right <= 0) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < 16) {
        // Says where: the element and the nearest part of the screen with a test id.
        const part = element.closest('[data-testid]')?.getAttribute('data-testid') ?? 'page';
        small.push(
          `"${text.slice(0, 40)}" ${size}px in <${element.tagName.toLowerCase()}> of ${part}`,
        );
      }
    }
    return small;
  });
}

/** Opens the wall from the dashboard's button and waits for its figures, map and alerts. */
async function openWall(page: Page) {
  await ui.wall.open(page).click();
  await expect(page).toHaveURL(/\/dashboard\?wall=1$/);
  await expect(ui.wall.screen(page)).toBeVisible();
  await expect(ui.wall.card(page, 'traffic')).toBeVisible({ timeout: 15_000 });
  await expect(ui.sensors.map(page)).toHaveAttribute('data-map-ready', 'true', {
    timeout: 30_000,
  });
}

test.describe('the wall screen', () => {
  test('shows cards, map and alerts in one view at 1920×1080 and 1440×900, in large text, with a label for the sensor under the pointer', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await page.setViewportSize(SCREENS[0]);
    await signInAsDemo(page, 'operator');
    await openWall(page);
    // No app frame and nothing floating over the wall.
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('latest-notice-card')).toHaveCount(0);
    await expect(ui.wall.connection(page)).toHaveAttribute('data-state', 'connected', {
      timeout: 15_000,
    });
    await expect(ui.wall.clock(page)).toHaveText(/\d:\d\d\s?(AM|PM) IST/i);
    await expect(ui.wall.trend(page).first()).toBeVisible({ timeout: 15_000 });
    await expect(ui.wall.legend(page)).toContainText('Offline');

    // Critical first, then high, warning, info; the newest first within each.
    const rank = { critical: 3, high: 2, warning: 1, info: 0 } as Record<string, number>;
    const severities = await ui.wall
      .alert(page)
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-severity') ?? ''));
    const ranks = severities.map((severity) => rank[severity]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));

    for (const size of SCREENS) {
      await page.setViewportSize(size);
      for (const theme of ['dark', 'light'] as const) {
        await useTheme(page, theme);
        await expect(ui.sensors.map(page)).toHaveAttribute('data-map-ready', 'true');
        for (const metric of METRICS) {
          await expectInView(page, ui.wall.card(page, metric), `the ${metric} card`);
        }
        await expectInView(page, ui.wall.map(page), 'the map');
        await expectInView(page, ui.wall.alerts(page), 'the alerts');
        for (const alert of await ui.wall.alert(page).all()) {
          await expectInView(page, alert, 'an alert');
        }
        expect(
          await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight),
        ).toBe(true);
        expect(await textsBelow16px(page)).toEqual([]);
        await page.screenshot({
          path: testInfo.outputPath(`wall-${size.width}x${size.height}-${theme}.png`),
        });
      }
      await expectNoSeriousA11yViolations(page);
    }

    // Pointing at a sensor names it and says its latest value.
    const map = ui.sensors.map(page);
    const marks = await marksOnMap(page, map, CITY);
    let hovered = false;
    for (const mark of marks.filter((m) => m.sensor)) {
      const point = await pointOnMap(map, mark.lng, mark.lat);
      if (!point.clickable) continue;
      await page.mouse.move(point.x, point.y);
      const label = ui.wall.hoverLabel(page);
      await expect(label).toBeVisible();
      await expect(label).toContainText(mark.sensor!.name);
      await expect(label).not.toContainText('Reading…', { timeout: 10_000 });
      expect(await textsBelow16px(page)).toEqual([]);
      hovered = true;
      break;
    }
    expect(hovered, 'a single sensor was in view to point at').toBe(true);
    await page.mouse.move(5, 5);
    await expect(ui.wall.hoverLabel(page)).toHaveCount(0);

    await ui.wall.exit(page).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // Offline, the map draws its plain bounds view and nothing fails.
    expect(errors).toEqual([]);
  });

  test('rotates through the cities when asked to', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(SCREENS[1]);
    await signInAsDemo(page, 'admin');
    await page.goto('/dashboard?wall=1&rotate=10');
    const wall = ui.wall.screen(page);
    const first = await wall.getAttribute('data-city');
    await expect(ui.wall.rotation(page)).toContainText(/Next: \S+/);
    await expect(wall).not.toHaveAttribute('data-city', first!, { timeout: 15_000 });
    await expect(ui.wall.card(page, 'traffic')).toBeVisible({ timeout: 15_000 });
  });

  test('a citizen who follows the wall link sees the ordinary dashboard', async ({ page }) => {
    await signInAsDemo(page, 'citizen');
    await expect(ui.wall.open(page)).toHaveCount(0);
    await page.goto('/dashboard?wall=1');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(ui.wall.screen(page)).toHaveCount(0);
  });
});

test.describe('the wall screen across a server restart', () => {
  const SENSOR = 'kolkata-traffic-howrah-bridge';
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await startOwnServer(OWN_SERVER_PORT);
  });

  test.afterAll(async () => {
    await server?.dispose();
  });

  test('reconnects by itself and shows what happened while its server was away', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: SCREENS[1],
    });
    const page = await context.newPage();
    await signInAsDemo(page, 'operator');
    await openWall(page);
    const connection = ui.wall.connection(page);
    await expect(connection).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    // Every state the indicator goes through, and a mark that survives only without a reload.
    await page.evaluate(() => {
      const states: string[] = [];
      const indicator = document.querySelector('[data-testid="wall-connection"]')!;
      new MutationObserver(() => states.push(indicator.getAttribute('data-state') ?? '')).observe(
        indicator,
        { attributes: true, attributeFilter: ['data-state'] },
      );
      Object.assign(window, { sameDocument: true, wallStates: states });
    });

    await server.restart();
    // It noticed the server go, and came back by itself.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { wallStates: string[] }).wallStates))
      .toContain('disconnected');
    await expect(connection).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
    await expect(connection).toHaveText(/Live$/);

    // A critical reading after the restart: its figure and its alert reach the wall live.
    const res = await context.request.post('/api/ingest/readings', {
      headers: { Origin: server.url },
      data: { readings: [{ sensorId: SENSOR, value: 97 }] },
    });
    expect(res.status()).toBe(202);
    await expect(ui.wall.cardValue(ui.wall.card(page, 'traffic'))).toHaveText(/97/, {
      timeout: 20_000,
    });
    const first = ui.wall.alert(page).first();
    await expect(first).toHaveAttribute('data-severity', 'critical', { timeout: 20_000 });
    await expect(first).toContainText('Howrah Bridge');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await context.close();
  });
});
