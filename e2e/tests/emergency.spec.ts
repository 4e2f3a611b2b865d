import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

/** Gives the signed-in person a phone on their profile, so booking forms start with it. */
async function setProfilePhone(page: Page, baseURL: string, phone: string) {
  const res = await page.request.patch('/api/profile', {
    headers: { Origin: baseURL },
    data: { phone },
  });
  expect(res.status()).toBe(200);
}

/** Opens quick booking with the header's Emergency button: an ambulance, high urgency. */
async function openQuickBooking(page: Page) {
  await ui.emergency.headerButton(page).click();
  await expect(page).toHaveURL(/\/services\/emergency\/quick\?service=ambulance$/);
  await expect(ui.emergency.quick.service(page)).toHaveValue('ambulance');
  await expect(ui.emergency.quick.urgency(page)).toHaveValue('high');
}

/** Books the open quick booking screen for a place; returns the booking id. */
async function confirmQuickBooking(page: Page, location: string) {
  await ui.emergency.form.location(page).fill(location);
  // A profile without a phone leaves the field to fill.
  if ((await ui.emergency.form.phone(page).inputValue()) === '') {
    await ui.emergency.form.phone(page).fill('9830012345');
  }
  // 150 × 1.5 = ₹225.00 and 18 % GST: the server's quote, before anything is booked.
  await expect(ui.emergency.form.feeTotal(page)).toHaveText('₹265.50');
  await ui.emergency.quick.confirm(page).click();
  await expect(page).toHaveURL(/\/services\/emergency\/success\?booking=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('booking')!;
}

async function quickBook(page: Page, location: string) {
  await openQuickBooking(page);
  return confirmQuickBooking(page, location);
}

test('a citizen books an ambulance from the header, an operator dispatches it, and the citizen sees it live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const citizenContext = await browser.newContext();
  const citizen = await citizenContext.newPage();
  const citizenErrors = watchConsole(citizen);
  await signInAsDemo(citizen, 'citizen');
  await setProfilePhone(citizen, baseURL!, '+91 98300 12345');
  await citizen.reload();

  // The quick booking starts from the profile: name and phone are there already.
  await openQuickBooking(citizen);
  await expect(ui.emergency.form.contactName(citizen)).toHaveValue('Demo Citizen');
  await expect(ui.emergency.form.phone(citizen)).toHaveValue('+91 98300 12345');
  const bookingId = await confirmQuickBooking(citizen, 'Park Street, opposite the metro gate');

  await expect(ui.emergency.result.bookingId(citizen)).toHaveText(/^KOL-\d{4}-\d{4,}$/);
  await expect(ui.emergency.result.service(citizen)).toContainText('Ambulance Service');
  await expect(ui.emergency.result.total(citizen)).toHaveText('₹265.50');
  await expect(ui.emergency.status(ui.emergency.result.next(citizen))).toHaveText(
    'Waiting for a unit',
  );

  // To My Bookings without a reload, live before the operator acts.
  await ui.emergency.result.myBookings(citizen).click();
  const citizenCard = ui.emergency.card(citizen, bookingId);
  await expect(ui.emergency.status(citizenCard)).toHaveText('Waiting for a unit');
  await expect(ui.live.headerStatus(citizen)).toHaveText('Connected', { timeout: 15_000 });

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  const operatorErrors = watchConsole(operator);
  await signInAsDemo(operator, 'operator');
  await operator.goto('/services/dispatch');
  const queued = ui.emergency.card(operator, bookingId);
  await expect(queued).toContainText('Park Street, opposite the metro gate');
  await expect(queued).toContainText('+919830012345');
  await ui.emergency.action(queued, 'dispatch').click();
  await ui.emergency.dispatchUnit(queued).fill('AMB-12');
  await ui.emergency.dispatchEta(queued).fill('8');
  await ui.emergency.submitAction(queued).click();
  await expect(operator.getByText('Unit dispatched')).toBeVisible();
  await expect(ui.emergency.status(queued)).toHaveText('Unit on its way');

  // The citizen never reloaded: the live event moves the booking on.
  await expect(ui.emergency.status(citizenCard)).toHaveText('Unit on its way', {
    timeout: 5_000,
  });
  await expect(citizenCard).toContainText('AMB-12 · ETA 8 minutes');
  await expect(ui.emergency.action(citizenCard, 'cancel')).toHaveCount(0);

  await operatorContext.close();
  await citizenContext.close();
  expect(operatorErrors).toEqual([]);
  expect(citizenErrors).toEqual([]);
});

test('a booking cancelled before dispatch lands on the cancel screen with nothing charged', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'citizen');
  const bookingId = await quickBook(page, 'Gariahat market');
  await ui.emergency.action(page.locator('main'), 'cancel').click();
  await ui.emergency.submitAction(page).click();
  await expect(page).toHaveURL(new RegExp(`/services/emergency/cancel\\?booking=${bookingId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeVisible();
  await expect(ui.emergency.result.outcome(page)).toContainText('Nothing was charged');
  await expect(ui.emergency.result.bookingId(page)).toHaveText(/^KOL-\d{4}-\d{4,}$/);
  await expect(ui.emergency.result.retry(page)).toHaveAttribute(
    'href',
    '/services/emergency/quick?service=ambulance&urgency=high',
  );

  // The provider's cancel page also stands on its own.
  await page.goto('/services/emergency/cancel');
  await expect(ui.emergency.result.outcome(page)).toContainText('Nothing was charged');
  await expect(ui.emergency.result.retry(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test('the service screens have no serious accessibility findings, in both themes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // An admin sees every service screen: the booking tabs, Dispatch and Billing.
  await signInAsDemo(page, 'admin');
  const bookingId = await quickBook(page, 'Esplanade crossing');
  const cancelRes = await page.request.post(`/api/emergency/bookings/${bookingId}/cancel`, {
    headers: { Origin: new URL(page.url()).origin },
    data: {},
  });
  expect(cancelRes.status()).toBe(200);
  const routes: [string, () => Promise<void>][] = [
    ['/services', () => expect(ui.emergency.serviceCards(page)).toBeVisible()],
    ['/services/emergency', () => expect(ui.emergency.form.feeTotal(page)).toBeVisible()],
    ['/services/emergency?tab=mine', () => expect(page.getByTestId('statement')).toBeVisible()],
    [
      '/services/dispatch',
      () => expect(page.getByRole('heading', { name: /^Dispatch queue/ })).toBeVisible(),
    ],
    ['/services/billing', () => expect(ui.emergency.billing.overview(page)).toBeVisible()],
    [
      '/services/emergency/quick?service=ambulance',
      () => expect(ui.emergency.form.feeTotal(page)).toBeVisible(),
    ],
    [
      `/services/emergency/success?booking=${bookingId}`,
      () => expect(ui.emergency.result.receipt(page)).toBeVisible(),
    ],
    [
      `/services/emergency/cancel?booking=${bookingId}`,
      () => expect(ui.emergency.result.outcome(page)).toBeVisible(),
    ],
  ];
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    for (const [path, ready] of routes) {
      await page.goto(path);
      await ready();
      await expectNoSeriousA11yViolations(page);
    }
  }
});
