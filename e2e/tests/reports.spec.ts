import { expect, test, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  signInAsDemo,
  signInWithPassword,
  watchConsole,
} from '../support';

/** Where the residents stand: Park Street, Kolkata. */
const PARK_STREET = { latitude: 22.5526, longitude: 88.3525 };
const PHONE = { width: 375, height: 812 };

/** A resident's phone, its position given to the page when asked. */
async function phoneOf(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    geolocation: PARK_STREET,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

/** A phone's photo of the road: a JPEG that says where it was taken, as a phone's does. */
async function photoOfThePothole() {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#5b5347' } })
    .jpeg({ quality: 80 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 33/1 9/1' } })
    .toBuffer();
}

/** The ledger's entries about one report, oldest first: each step's name and status. */
async function ledgerStepsOf(baseURL: string, browser: Browser, id: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.get('/api/ledger/entries?limit=500');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as {
    items: { seq: number; type: string; payload: Record<string, unknown> }[];
  };
  await context.close();
  return items
    .filter((entry) => entry.payload.reportId === id)
    .sort((a, b) => a.seq - b.seq)
    .map((entry) => `${String(entry.payload.step)}:${String(entry.payload.status)}`);
}

test('a resident reports a pothole with a photo at their place on a phone; a neighbour adds their voice; the operator assigns and closes it; the resident is told, and the tracker and the ledger show each step', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const description = `A deep pothole in the left lane by the metro gate (${Date.now()})`;

  // The resident, on their phone: a pothole, their place, a photo.
  const resident = await phoneOf(browser, baseURL!);
  await signInAsDemo(resident.page, 'citizen');
  await resident.page.goto('/reports/new');
  await ui.reports.category(resident.page, 'pothole').click();
  await ui.reports.locate(resident.page).click();
  await expect(ui.reports.point(resident.page)).toContainText('Park Street');
  await ui.reports.description(resident.page).fill(description);
  await ui.reports.photoInput(resident.page).setInputFiles({
    name: 'pothole.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoOfThePothole(),
  });
  await expect(ui.reports.photos(resident.page)).toHaveAttribute('data-state', 'uploaded');
  await ui.reports.send(resident.page).click();
  await expect(resident.page).toHaveURL(/\/reports\/\d+$/);
  const id = /\/reports\/(\d+)$/.exec(resident.page.url())![1]!;
  await expect(ui.reports.status(resident.page)).toHaveAttribute('data-status', 'open');
  await expect(ui.reports.shownPhotos(resident.page)).toHaveCount(1);

  // The photo served is the cleaned one: no place in it.
  const src = await ui.reports.shownPhotos(resident.page).getAttribute('src');
  const served = await resident.page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

  // A neighbour on the same corner starts the same report and is offered to add their voice.
  const neighbour = await phoneOf(browser, baseURL!);
  await neighbour.page.goto('/login');
  await signInWithPassword(neighbour.page, 'test@smartcity.local', 'smartcity-demo');
  await expect(neighbour.page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await neighbour.page.goto('/reports/new');
  await ui.reports.category(neighbour.page, 'pothole').click();
  await ui.reports.locate(neighbour.page).click();
  const duplicate = ui.reports.nearby(neighbour.page).filter({ hasText: `#${id}` });
  await expect(duplicate).toBeVisible();
  await duplicate.getByRole('button').click();
  await expect(neighbour.page).toHaveURL(new RegExp(`/reports/${id}$`));
  await expect(ui.reports.followButton(neighbour.page)).toHaveText('Unfollow');

  // The operator, at a desk: the report in the queue, given to the roads department and closed.
  const desk = await browser.newContext({ baseURL });
  const operator = await desk.newPage();
  const operatorErrors = watchConsole(operator);
  await signInAsDemo(operator, 'operator');
  await operator.goto('/reports/queue');
  await ui.triage.item(operator, id).getByRole('link').click();
  await expect(ui.triage.panel(operator)).toContainText(description);
  await expect(ui.triage.assignDepartment(operator)).toHaveValue('roads');
  await ui.triage.assignPerson(operator).selectOption({ label: 'System Operator (Operator)' });
  await ui.triage.assignSubmit(operator).click();
  await expect(ui.triage.assignee(operator)).toContainText('System Operator');
  await expectNoSeriousA11yViolations(operator);
  await ui.triage.status(operator).getByRole('radio', { name: 'Closed' }).check();
  await ui.triage.statusNote(operator).fill('Filled and resurfaced on Tuesday night.');
  await ui.triage.statusSubmit(operator).click();
  await expect(ui.triage.panel(operator)).toContainText('Filled and resurfaced');

  // The resident, still on the report's page, sees it closed without reloading, and is told.
  await expect(ui.reports.status(resident.page)).toHaveAttribute('data-status', 'closed', {
    timeout: 10_000,
  });
  await expect(ui.reports.statusNote(resident.page)).toContainText('Filled and resurfaced');
  await expect(ui.notifications.unreadBadge(resident.page)).toBeVisible({ timeout: 10_000 });
  await ui.live.notificationsButton(resident.page).click();
  const told = ui.notifications.mine(ui.notifications.forYou(resident.page)).first();
  await expect(told).toContainText(`Report #${id} was closed`);
  await expect(told).toHaveAttribute('href', `/reports/${id}`);

  // Anyone, signed in or not, sees it closed on the public tracker.
  const visitor = await browser.newContext({ baseURL });
  const tracker = await visitor.newPage();
  await tracker.goto('/reports?city=kolkata&status=closed');
  await expect(ui.reports.item(tracker, id)).toContainText('Closed');
  await visitor.close();

  // The ledger holds each step, in order.
  await expect
    .poll(() => ledgerStepsOf(baseURL!, browser, id), { timeout: 15_000 })
    .toEqual(['created:open', 'assigned:open', 'status:closed']);

  expect(resident.errors).toEqual([]);
  expect(neighbour.errors).toEqual([]);
  expect(operatorErrors).toEqual([]);
  await Promise.all([resident.context.close(), neighbour.context.close(), desk.close()]);
});
