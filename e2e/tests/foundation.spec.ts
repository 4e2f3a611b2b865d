import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { watchConsole } from '../support';

test('the landing page shows the platform and the cities from the server', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Smart City');
  await expect(page.getByRole('heading', { level: 1, name: 'Smart City' })).toBeVisible();
  for (const [name, population] of [
    ['Kolkata', '14.9M'],
    ['Kharagpur', '0.4M'],
    ['New York', '8.3M'],
  ]) {
    await expect(ui.landing.cityCard(page, name!)).toContainText(`${population} residents`);
  }
  await expect(ui.landing.signIn(page)).toHaveAttribute('href', '/login');
  expect(errors).toEqual([]);
});

test('switching city on the landing page changes its header and survives a reload', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(ui.landing.selectedCity(page)).toContainText('Kolkata');
  await expect(ui.landing.selectedCity(page)).toContainText('14.9M residents');

  await ui.landing.cityCard(page, 'New York').click();
  await expect(ui.landing.selectedCity(page)).toContainText('New York');
  await expect(ui.landing.selectedCity(page)).toContainText('8.3M residents');
  await expect(ui.landing.selectedCity(page)).toContainText('Eastern Time');
  await expect(ui.landing.cityCard(page, 'New York')).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(ui.landing.selectedCity(page)).toContainText('New York');
  expect(errors).toEqual([]);
});

test('the theme is dark by default, toggles, and survives a reload with no flash', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);

  await ui.themeToggle(page).click();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);

  // The stored theme must be applied before the app's script runs: check the first parsed document.
  const response = await page.reload({ waitUntil: 'commit' });
  expect(response?.status()).toBe(200);
  const themeAtFirstPaint = await page.evaluate(() => document.documentElement.className);
  expect(themeAtFirstPaint).not.toMatch(/(^|\s)dark(\s|$)/);
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(ui.themeToggle(page)).toHaveAccessibleName('Switch to dark theme');
  expect(errors).toEqual([]);
});

test('an unknown path lands on the landing page', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/$/);
  await expect(ui.landing.hero(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the API answers beside the app', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
  const missing = await request.get('/api/nothing');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
});

/** The most JavaScript, gzipped, that opening the landing or the sign-in page may download. */
const PUBLIC_PAGE_JS_BUDGET_KB = 150;

/** Every script the page downloads while it opens, gzipped as a server would send it. */
async function javascriptOpening(page: Page, path: string, ready: () => Promise<void>) {
  const scripts: Promise<{ url: string; kb: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .body()
        .then((body) => ({ url: response.url(), kb: gzipSync(body, { level: 9 }).length / 1024 })),
    );
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  const downloaded = await Promise.all(scripts);
  return {
    kb: downloaded.reduce((sum, script) => sum + script.kb, 0),
    files: downloaded.map((script) => `${new URL(script.url).pathname} ${script.kb.toFixed(1)} KB`),
  };
}

test('the landing and sign-in pages download at most 150 KB of JavaScript (gzip)', async ({
  browser,
}) => {
  // Each page in a context of its own: measured from nothing cached, as a first visit.
  for (const [path, ready] of [
    ['/', (page: Page) => expect(ui.landing.hero(page)).toBeVisible()],
    ['/login', (page: Page) => expect(ui.login.submit(page)).toBeVisible()],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const opened = await javascriptOpening(page, path, () => ready(page));
    expect(opened.kb, `${path}:\n${opened.files.join('\n')}`).toBeLessThanOrEqual(
      PUBLIC_PAGE_JS_BUDGET_KB,
    );
    await context.close();
  }
});
