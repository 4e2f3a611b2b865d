import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import {
  clearOfMidnight,
  expectNoSeriousA11yViolations,
  signInAsDemo,
  useTheme,
  watchConsole,
} from '../support';

/** A point on Park Street, inside its area and Kolkata's bounds. */
const PARK_STREET = { latitude: 22.5535, longitude: 88.3525 };

/** Checks a screen at a desktop's and a phone's width, in both themes. */
async function accessibleEverywhere(page: Page, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    // The theme switch is in the header only on wide screens.
    await page.setViewportSize({ width: 1440, height: 900 });
    await useTheme(page, theme);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await expectNoSeriousA11yViolations(page);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('booking sends help where the person says, leads with what happens next, and staff work it on their own pages', async ({
  browser,
}) => {
  test.setTimeout(540_000);
  // The booking and Billing's month must be the same month in Kolkata.
  await clearOfMidnight('Asia/Kolkata', 5 * 60_000);
  const citizenContext = await browser.newContext({
    geolocation: PARK_STREET,
    permissions: ['geolocation'],
  });
  const citizen = await citizenContext.newPage();
  const citizenErrors = watchConsole(citizen);
  await signInAsDemo(citizen, 'citizen');

  // The place starts empty; the browser's position fills it and is sent as coordinates.
  await citizen.goto('/services/emergency/quick?service=ambulance');
  await expect(ui.emergency.form.feeTotal(citizen)).toBeVisible({ timeout: 60_000 });
  await expect(ui.emergency.form.location(citizen)).toHaveValue('');
  await expect(citizen.getByRole('button', { name: /location/i })).toBeVisible();
  await ui.emergency.quick.locate(citizen).click();
  await expect(ui.emergency.quick.point(citizen)).toContainText('22.55350, 88.35250');
  await expect(ui.emergency.quick.point(citizen)).toContainText('Park Street');
  await expect(ui.emergency.form.location(citizen)).toHaveValue(
    'Near Park Street (22.55350, 88.35250)',
  );
  // The demo citizen's profile has no phone, so the form asks for one instead of claiming it.
  const profile = (await (await citizen.request.get('/api/profile')).json()) as {
    phone: string | null;
  };
  if (profile.phone) {
    await expect(ui.emergency.quick.phoneSource(citizen)).toContainText('from your profile');
  } else {
    await expect(ui.emergency.quick.phoneSource(citizen)).toContainText('no phone number');
    await ui.emergency.form.phone(citizen).fill('9830012345');
  }
  await accessibleEverywhere(citizen, () =>
    expect(ui.emergency.quick.point(citizen)).toBeVisible(),
  );
  await ui.emergency.quick.confirm(citizen).click();
  await expect(citizen).toHaveURL(/\/services\/emergency\/success\?booking=[0-9a-f-]{36}$/);
  const bookingId = new URL(citizen.url()).searchParams.get('booking')!;

  const sent = (await (
    await citizen.request.get(`/api/emergency/bookings/${bookingId}`)
  ).json()) as {
    lat: number;
    lng: number;
    reference: string;
    area: { name: string } | null;
  };
  expect(sent).toMatchObject({ lat: 22.5535, lng: 88.3525, area: { name: 'Park Street' } });
  expect(sent.reference).toMatch(/^KOL-\d{4}-\d{4,}$/);

  // What happens next, then the reference, then the fee; "Receipt" heads nothing.
  const next = ui.emergency.result.next(citizen);
  await expect(next.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(ui.emergency.status(next)).toHaveText('Waiting for a unit');
  await expect(ui.emergency.result.unit(citizen)).toHaveText('Not assigned yet');
  await expect(next.getByRole('link', { name: /Call 112/ })).toBeVisible();
  await expect(ui.emergency.result.bookingId(citizen)).toHaveText(sent.reference);
  await expect(ui.emergency.result.total(citizen)).toHaveText('₹265.50');
  const order = await citizen
    .locator(
      '[data-testid="result-next"], [data-testid="result-booking-id"], [data-testid="result-fee-total"]',
    )
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  expect(order).toEqual(['result-next', 'result-booking-id', 'result-fee-total']);
  await expect(citizen.getByRole('heading', { name: /Receipt/ })).toHaveCount(0);
  await accessibleEverywhere(citizen, () => expect(next).toBeVisible());

  // An operator works the booking on Dispatch, its place on a small map.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  const operatorErrors = watchConsole(operator);
  await signInAsDemo(operator, 'operator');
  await operator.getByRole('link', { name: 'Dispatch' }).first().click();
  await expect(operator).toHaveURL(/\/services\/dispatch$/);
  const queued = ui.emergency.card(operator, bookingId);
  await expect(ui.emergency.reference(queued)).toHaveText(sent.reference);
  await expect(ui.emergency.dispatch.map(queued)).toContainText('Park Street');
  await expect(ui.emergency.status(queued)).toHaveText('Waiting for a unit');
  await accessibleEverywhere(operator, () => expect(queued).toBeVisible());
  await ui.emergency.action(queued, 'dispatch').click();
  await ui.emergency.dispatchUnit(queued).fill('AMB-7');
  await ui.emergency.dispatchEta(queued).fill('9');
  await ui.emergency.submitAction(queued).click();
  await expect(ui.emergency.status(queued)).toHaveText('Unit on its way');
  await expect(queued).toContainText('AMB-7 · ETA 9 minutes');

  // The citizen's open page follows: the unit and the minutes the dispatcher gave.
  await expect(ui.emergency.status(next)).toHaveText('Unit on its way', { timeout: 10_000 });
  await expect(ui.emergency.result.unit(citizen)).toHaveText('AMB-7');
  await expect(ui.emergency.result.eta(citizen)).toHaveText('9 minutes');

  // The operator's own bookings are theirs only; Billing is not in their sidebar.
  await operator.goto('/services/emergency?tab=mine');
  await expect(operator.getByTestId('my-bookings-empty')).toBeVisible();
  await expect(operator.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  // An admin's Billing page lists accounts by name.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminErrors = watchConsole(admin);
  await signInAsDemo(admin, 'admin');
  await admin.getByRole('link', { name: 'Billing' }).first().click();
  await expect(admin).toHaveURL(/\/services\/billing$/);
  const accounts = ui.emergency.billing.accounts(admin);
  await expect(accounts).toContainText('Demo Citizen');
  await expect(accounts).not.toContainText('@');
  await accessibleEverywhere(admin, () => expect(accounts).toBeVisible());

  await Promise.all([citizenContext.close(), operatorContext.close(), adminContext.close()]);
  expect(citizenErrors).toEqual([]);
  expect(operatorErrors).toEqual([]);
  expect(adminErrors).toEqual([]);
});
