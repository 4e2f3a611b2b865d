import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { ui } from '../selectors';

/** Fails the test on any console error or uncaught page error. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

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
    await expect(ui.cityCard(page, name!)).toContainText(`${population} residents`);
  }
  await expect(ui.signIn(page)).toHaveAttribute('href', '/login');
  expect(errors).toEqual([]);
});

test('switching city changes the header and survives a reload', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(ui.selectedCity(page)).toContainText('Kolkata');
  await expect(ui.selectedCity(page)).toContainText('14.9M residents');

  await ui.cityCard(page, 'New York').click();
  await expect(ui.selectedCity(page)).toContainText('New York');
  await expect(ui.selectedCity(page)).toContainText('8.3M residents');
  await expect(ui.selectedCity(page)).toContainText('America/New_York');
  await expect(ui.cityCard(page, 'New York')).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(ui.selectedCity(page)).toContainText('New York');
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
  await expect(ui.hero(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-out visitor sent to a guarded screen lands on the landing page', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(ui.hero(page)).toBeVisible();
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
