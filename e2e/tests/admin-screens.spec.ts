import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  signInAsDemo,
  uniqueEmail,
  useTheme,
  watchConsole,
} from '../support';

/** A sensor of the seeded city; a normal value for it raises no alert. */
const SENSOR = 'kolkata-traffic-howrah-bridge';

const WIDE = { width: 1440, height: 900 };
/** A screen's first visit downloads its code; on a busy machine that takes a while. */
const FIRST_VISIT = { timeout: 20_000 };
const PHONE = { width: 375, height: 812 };

/** The administration's own screens: nobody but an admin opens them, or sees them offered. */
const ADMIN_ONLY_ROUTES = ['/admin/people', '/admin/device-keys', '/admin/maintenance'];

/** The readings endpoint as a device calls it: a bearer device key and no session. */
async function sendReadingWithKey(baseURL: string, key: string): Promise<number> {
  const device = await apiRequest.newContext({ baseURL });
  const res = await device.post('/api/ingest/readings', {
    headers: { Authorization: `Bearer ${key}` },
    data: { readings: [{ sensorId: SENSOR, value: 40 }] },
  });
  await device.dispose();
  return res.status();
}

/** Publishes a notice through the API as the signed-in admin of `page`; returns its id. */
async function publishThroughApi(page: Page, baseURL: string, title: string) {
  const res = await page.request.post('/api/notices', {
    headers: { Origin: baseURL },
    data: { title, content: 'Water supply is paused for maintenance from 10:00 to 14:00.' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Whether anything is wider than the window, which a phone would show as a sideways scroll. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('operators and citizens are refused the admin screens and are not offered them', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  for (const who of ['operator', 'citizen'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signInAsDemo(page, who);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'People and roles' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Device keys' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Maintenance windows' })).toHaveCount(0);
    for (const route of ADMIN_ONLY_ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible(FIRST_VISIT);
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('an admin makes a citizen an operator and back, but cannot demote themself', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const person = { email: uniqueEmail('mina'), password: 'correct-horse-battery' };
  const signUp = await apiRequest.newContext({ baseURL });
  const signedUp = await signUp.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL! },
    data: { ...person, firstName: 'Mina', lastName: 'Ghosh' },
  });
  expect(signedUp.status()).toBe(200);
  await signUp.dispose();

  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'People and roles' })
    .click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(ui.admin.peopleList(page)).toBeVisible(FIRST_VISIT);

  // The admin's own row: the role is fixed, with the reason beside it.
  const mine = ui.admin.accountRow(page, 'admin@smartcity.local');
  await expect(ui.admin.accountRole(mine)).toBeDisabled();
  await expect(mine.getByText(/cannot change your own role here/)).toBeVisible();

  await ui.admin.peopleSearch(page).fill(person.email);
  await ui.admin.peopleSearchField(page).selectOption('email');
  await ui.admin.peopleSearchSubmit(page).click();
  const row = ui.admin.accountRow(page, person.email);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  await expect(ui.admin.accountRole(row)).toHaveValue('citizen');

  await ui.admin.accountRole(row).selectOption('operator');
  await expect(ui.admin.roleDialog(page)).toContainText('Mina Ghosh goes from Citizen to Operator');
  await ui.admin.roleDialogConfirm(page).click();
  await expect(page.getByText('Mina Ghosh is now Operator.')).toBeVisible();
  await expect(ui.admin.roleDialog(page)).toHaveCount(0);
  await expect(ui.admin.accountRole(row)).toHaveValue('operator');

  // The server says the same: the account is an operator now.
  const listed = await page.request.get(
    `/api/auth/admin/list-users?searchValue=${encodeURIComponent(person.email)}&searchField=email`,
  );
  expect(((await listed.json()) as { users: { role: string }[] }).users[0]?.role).toBe('operator');

  await ui.admin.accountRole(row).selectOption('citizen');
  await ui.admin.roleDialogConfirm(page).click();
  await expect(page.getByText('Mina Ghosh is now Citizen.')).toBeVisible();
  await expect(ui.admin.accountRole(row)).toHaveValue('citizen');
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin creates a device key, sees its secret once, and revoking it shuts the device out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  await page.goto('/admin/device-keys');
  await expect(ui.admin.keyName(page)).toBeVisible(FIRST_VISIT);

  const name = `Howrah gauge ${Date.now().toString(36)}`;
  await ui.admin.keyName(page).fill(name);
  await ui.admin.keyCity(page).selectOption('kolkata');
  await ui.admin.keyCreate(page).click();
  await expect(ui.admin.keySecret(page)).toContainText(
    'Copy this key now: you will not see it again.',
  );
  const key = await ui.admin.keyValue(page).inputValue();
  expect(key).toMatch(/^sk_/);
  await ui.admin.keyCopy(page).click();
  await expect(page.getByText('Key copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = ui.admin.keyRow(page, name);
  await expect(row).toContainText(key.slice(0, 7));
  await expect(row).toContainText('Kolkata');
  // Only the prefix is ever listed: the secret leaves the screen with Done and does not come back.
  await ui.admin.keyDone(page).click();
  await expect(ui.admin.keySecret(page)).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  expect(await sendReadingWithKey(baseURL!, key)).toBe(202);

  await ui.admin.keyRevoke(row).click();
  await expect(ui.admin.revokeDialog(page)).toContainText('Readings sent with it are refused');
  await ui.admin.revokeDialogConfirm(page).click();
  await expect(page.getByText(`The key for ${name} was revoked.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  expect(await sendReadingWithKey(baseURL!, key)).toBe(401);
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin edits a published notice’s title and deletes another, both on the record', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  const stamp = Date.now().toString(36);
  const kept = await publishThroughApi(page, baseURL!, `Ward 12 water cut ${stamp}`);
  const removed = await publishThroughApi(page, baseURL!, `Ward 14 water cut ${stamp}`);

  await page.goto(`/announcements/${kept}`);
  await expect(
    page.getByText('Changes and deletions are recorded in the transparency ledger.'),
  ).toBeVisible(FIRST_VISIT);
  await ui.notices.editPublished(page).click();
  await expect(page).toHaveURL(new RegExp(`/announcements/${kept}/edit$`));
  await expect(ui.notices.form.title(page)).toBeVisible(FIRST_VISIT);
  await expect(ui.notices.form.title(page)).toHaveValue(`Ward 12 water cut ${stamp}`);
  await ui.notices.form.title(page).fill(`Ward 12 water cut moved to Sunday ${stamp}`);
  await ui.notices.form.publish(page).click();
  await expect(page).toHaveURL(new RegExp(`/announcements/${kept}$`));
  await expect(ui.notices.title(page)).toHaveText(`Ward 12 water cut moved to Sunday ${stamp}`);
  await page.reload();
  await expect(ui.notices.title(page)).toHaveText(`Ward 12 water cut moved to Sunday ${stamp}`);

  await page.goto(`/announcements/${removed}`);
  await ui.notices.deletePublished(page).click();
  await expect(ui.notices.deleteDialog(page)).toContainText('It disappears for every reader.');
  await ui.notices.deleteDialogConfirm(page).click();
  await expect(page).toHaveURL(/\/announcements$/);
  await expect(page.getByText('The notice was deleted.')).toBeVisible();
  await expect(ui.notices.items(page).first()).toBeVisible();
  await expect(page.getByText(`Ward 14 water cut ${stamp}`)).toHaveCount(0);
  await expect(page.getByText(`Ward 12 water cut moved to Sunday ${stamp}`)).toBeVisible();
  expect((await page.request.get(`/api/notices/${removed}`)).status()).toBe(404);

  // Both actions are on the public record, once the sequencer has chained them.
  const recorded = async (type: string) => {
    const res = await page.request.get(`/api/ledger/entries?type=${type}&limit=500`);
    const { items } = (await res.json()) as { items: { payload: { noticeId?: string } }[] };
    return items.map((entry) => entry.payload.noticeId);
  };
  await expect.poll(() => recorded('notice.edited')).toContain(kept);
  await expect.poll(() => recorded('notice.removed')).toContain(removed);
  expect(errors).toEqual([]);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the admin screens are accessible and fit a phone and a wide screen, ${theme}`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // Sixteen axe scans and as many photographs.
    test.setTimeout(300_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signInAsDemo(page, 'admin');
    const notice = await publishThroughApi(page, baseURL!, `Park Street lights ${Date.now()}`);
    // One key, so the list shows a row as well as the form.
    const made = await page.request.post('/api/device-keys', {
      headers: { Origin: baseURL! },
      data: { name: `Sealdah gateway ${theme}` },
    });
    expect(made.status()).toBe(201);

    const screens = [
      { name: 'people', route: '/admin/people', ready: ui.admin.peopleList(page) },
      {
        name: 'device-keys',
        route: '/admin/device-keys',
        ready: page.getByTestId('device-key-list'),
      },
      { name: 'notice', route: `/announcements/${notice}`, ready: ui.notices.editPublished(page) },
      {
        name: 'notice-edit',
        route: `/announcements/${notice}/edit`,
        ready: ui.notices.form.title(page),
      },
    ];
    for (const [width, size] of [
      ['1440', WIDE],
      ['375', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      for (const screen of screens) {
        await page.goto(screen.route);
        await useTheme(page, theme);
        await expect(screen.ready).toBeVisible(FIRST_VISIT);
        await expectNoSeriousA11yViolations(page);
        expect(await scrollsSideways(page), `${screen.name} at ${width} px, ${theme}`).toBe(false);
        await page.screenshot({
          path: testInfo.outputPath(`${screen.name}-${width}-${theme}.png`),
          fullPage: true,
        });
      }
      // The open dialogs and the one-time secret are screens of their own.
      await page.goto('/admin/people');
      await expect(ui.admin.peopleList(page)).toBeVisible();
      const someone = page
        .getByTestId('account-row')
        .filter({ has: page.locator('select:not([disabled])') })
        .first();
      const current = await ui.admin.accountRole(someone).inputValue();
      await ui.admin
        .accountRole(someone)
        .selectOption(current === 'operator' ? 'citizen' : 'operator');
      await expect(ui.admin.roleDialog(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`people-dialog-${width}-${theme}.png`) });
      await page.keyboard.press('Escape');
      await expect(ui.admin.roleDialog(page)).toHaveCount(0);

      await page.goto('/admin/device-keys');
      await ui.admin.keyName(page).fill(`Screen check ${width} ${theme}`);
      await ui.admin.keyCreate(page).click();
      await expect(ui.admin.keySecret(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(await scrollsSideways(page), `the secret at ${width} px, ${theme}`).toBe(false);
      await page.screenshot({
        path: testInfo.outputPath(`device-key-secret-${width}-${theme}.png`),
        fullPage: true,
      });
      await ui.admin.keyDone(page).click();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}
