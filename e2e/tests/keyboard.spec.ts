import { expect, test, type Locator, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { resolveActiveAlertsOf, watchConsole } from '../support';

const SENSOR = 'kolkata-traffic-sealdah-station';
const DEMO_PASSWORD = 'smartcity-demo';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would: fails when it
 * cannot be reached in `max` presses. Every stop on the way must show where the focus is.
 */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
  }
  throw new Error(`could not reach ${target.toString()} with the keyboard in ${max} presses`);
}

/** The focused element draws an outline or a ring: focus is never invisible. */
async function expectVisibleFocus(page: Page) {
  const unseen = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    if (outline || ring) return null;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()} data-testid="${el.getAttribute('data-testid') ?? ''}"> ${name}`;
  });
  expect(unseen, 'every focused element shows that it has the focus').toBeNull();
}

test('sign in, acknowledge an alert with a note, switch city and sign out, by keyboard only', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);

  // A critical alert to acknowledge, raised through the API.
  const api = await page.request.post('/api/auth/sign-in/email', {
    headers: { Origin: baseURL! },
    data: { email: 'operator@smartcity.local', password: DEMO_PASSWORD },
  });
  expect(api.status()).toBe(200);
  await resolveActiveAlertsOf(page, baseURL!, SENSOR);
  const raised = await page.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: SENSOR, value: 96 }] },
  });
  expect(raised.status()).toBe(202);
  await page.context().clearCookies();

  // Sign in.
  await page.goto('/login');
  await tabTo(page, ui.login.email(page));
  await page.keyboard.type('operator@smartcity.local');
  await page.keyboard.press('Tab');
  await expect(ui.login.password(page)).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The skip link comes first and takes the focus to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Open the alerts from the menu.
  const alertsLink = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Alerts/ });
  await tabTo(page, alertsLink, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  // Acknowledge the alert with a note.
  const card = ui.alerts.cards(page).filter({ hasText: 'Sealdah' }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await tabTo(page, ui.alerts.action(card, 'acknowledge'), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(ui.alerts.note(card)).toBeFocused();
  await page.keyboard.type('Checked by keyboard');
  await tabTo(page, ui.alerts.submitAction(card), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(ui.alerts.status(card)).toHaveText('Acknowledged');

  // Switch the city in the header.
  const city = ui.header.citySelect(page);
  await tabTo(page, city, { back: true, max: 150 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('header-city-name')).not.toHaveText('Kolkata');

  // Sign out from the user menu: it opens, its items take the focus, Escape would return it.
  const userMenu = ui.header.userMenu(page);
  await tabTo(page, userMenu, { max: 10 });
  await page.keyboard.press('Enter');
  const signOut = ui.header.signOut(page);
  await expect(signOut).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(signOut).toBeHidden();
  await expect(userMenu).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, signOut, { max: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  expect(errors).toEqual([]);
});
