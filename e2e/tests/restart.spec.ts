import { expect, test } from '@playwright/test';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
import { ui } from '../selectors';
import { signInAsDemo } from '../support';

const SENSOR = 'kolkata-traffic-howrah-bridge';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(OWN_SERVER_PORT);
});

test.afterAll(async () => {
  await server?.dispose();
});

test('an alert raised while the page was cut off and the server restarted shows once the page is back, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  // Cuts the page off from the live connection on demand. Chromium's offline mode would not do:
  // it leaves WebSockets alone, and the page would hear of the alert live.
  let cutOff = false;
  await context.routeWebSocket(/\/live\//, (ws) => {
    if (cutOff) return ws.close();
    ws.connectToServer();
  });
  await context.route(/\/live\//, (route) => (cutOff ? route.abort() : route.continue()));

  const page = await context.newPage();
  await signInAsDemo(page, 'operator');
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  await page.getByRole('navigation').getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts/);
  // The screen has loaded before the server goes away (its code is fetched when first opened).
  await expect(ui.alerts.search(page)).toBeVisible({ timeout: 15_000 });
  // Survives only if the page is never loaded again.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // The server restarts, and the page cannot get back to it for now.
  cutOff = true;
  await server.restart();
  await expect(ui.live.headerStatus(page)).toHaveText('Offline', { timeout: 15_000 });

  // A critical reading arrives while the page cannot hear of it.
  const res = await context.request.post('/api/ingest/readings', {
    headers: { Origin: server.url },
    data: { readings: [{ sensorId: SENSOR, value: 97 }] },
  });
  expect(res.status()).toBe(202);
  const listed = await context.request.get(`/api/alerts?q=${SENSOR}&status=open`);
  const [alert] = (await listed.json()) as { id: string; title: string }[];
  expect(alert).toBeDefined();
  await expect(ui.alerts.card(page, alert!.id)).toHaveCount(0);

  cutOff = false;
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 30_000 });
  const card = ui.alerts.card(page, alert!.id);
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card).toContainText(alert!.title);
  await expect(ui.alerts.status(card)).toHaveText(/open/i);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await context.close();
});
