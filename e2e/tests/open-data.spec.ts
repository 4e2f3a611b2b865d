import { expect, request as apiRequest, test } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, watchConsole } from '../support';

/** A screen's first visit downloads its code; on a busy machine that takes a while. */
const FIRST_VISIT = { timeout: 20_000 };

type AirQuality = { index: number | null; categoryName: string | null; standard: string };

test('a visitor reads the open data page and the API without signing in; an admin’s key carries its own limit', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const errors = watchConsole(page);
  await page.goto('/open-data');
  await expect(ui.openData.cities(page)).toBeVisible(FIRST_VISIT);
  await expect(ui.openData.licence(page)).toContainText('CC BY 4.0');
  await expect(ui.openData.endpoints(page)).toHaveCount(7);

  // Each city by its own standard, the figure the API gives.
  for (const [key, name, standard] of [
    ['kolkata', 'Kolkata', "India's National Air Quality Index (CPCB)"],
    ['new-york', 'New York', 'US EPA Air Quality Index'],
  ] as const) {
    const city = ui.openData.city(page, name);
    await expect(city).toContainText(standard);
    const res = await page.request.get(`/api/public/v1/cities/${key}/air-quality`);
    expect(res.status()).toBe(200);
    expect(res.headers()['ratelimit-policy']).toMatch(/^"open-data";q=\d+;w=60$/);
    const aq = (await res.json()) as AirQuality;
    if (aq.index === null) await expect(ui.openData.incomplete(city)).toBeVisible();
    else {
      await expect(ui.openData.index(city)).toHaveText(String(aq.index));
      await expect(ui.openData.category(city)).toHaveText(aq.categoryName!);
    }
  }
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
  await visitor.close();

  // An admin makes a key with a limit of its own for a research group.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsDemo(admin, 'admin');
  await admin.goto('/admin/device-keys');
  await expect(ui.admin.keyName(admin)).toBeVisible(FIRST_VISIT);
  await ui.admin.keyName(admin).fill(`Air research ${Date.now().toString(36)}`);
  await ui.admin.keyKind(admin).selectOption('open-data');
  await expect(ui.admin.keyCity(admin)).toHaveCount(0);
  await ui.admin.keyRateLimit(admin).fill('3');
  await ui.admin.keyCreate(admin).click();
  const key = await ui.admin.keyValue(admin).inputValue();
  expect(key).toMatch(/^sk_/);
  await adminContext.close();

  const client = await apiRequest.newContext({ baseURL });
  const read = () =>
    client.get('/api/public/v1/cities/kolkata/latest.csv?limit=2', {
      headers: { 'X-API-Key': key },
    });
  // Limits count in the clock's minutes: the four requests stay within one.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  const first = await read();
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(first.headers()['ratelimit-policy']).toBe('"open-data";q=3;w=60');
  expect(first.headers()['ratelimit']).toMatch(/^"open-data";r=2;t=\d+$/);
  expect((await first.text()).split('\r\n')[0]).toMatch(/^sensor_id,type,status,value,unit,at/);
  await read();
  await read();
  const refused = await read();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  await client.dispose();
});
