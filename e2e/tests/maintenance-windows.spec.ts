import { expect, test } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

/** A sensor of the seeded city. */
const SENSOR = 'kolkata-traffic-howrah-bridge';
/** A screen's first visit downloads its code; on a busy machine that takes a while. */
const FIRST_VISIT = { timeout: 20_000 };

test('an admin schedules a maintenance window for a sensor, the sensor says until when, and the admin ends it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Maintenance windows' })
    .click();
  await expect(page).toHaveURL(/\/admin\/maintenance$/);
  await expect(ui.maintenance.form(page)).toBeVisible(FIRST_VISIT);

  const reason = `Counter replacement ${Date.now()}`;
  await ui.maintenance.scope(page, 'sensors').check();
  await ui.maintenance.sensorIds(page).fill(SENSOR);
  await ui.maintenance.reason(page).fill(reason);
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
  }
  await ui.maintenance.submit(page).click();
  const row = ui.maintenance.row(page, reason);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('maintenance-row-state')).toHaveText('In progress');
  await expect(row.getByTestId('maintenance-row-scope')).toHaveText(`1 sensor: ${SENSOR}`);

  // What the screen shows is what the server answers: the window's end is the sensor's.
  const listed = (await (
    await page.request.get('/api/maintenance-windows?city=kolkata')
  ).json()) as { reason: string; endsAt: string }[];
  const window = listed.find((w) => w.reason === reason)!;
  const sensor = (await (await page.request.get(`/api/sensors/${SENSOR}`)).json()) as {
    maintenanceUntil: string | null;
  };
  expect(sensor.maintenanceUntil).toBe(window.endsAt);

  await page.goto(`/sensors?sensor=${SENSOR}`);
  await expect(page.getByTestId('sensor-maintenance-until')).toContainText(
    'In maintenance until',
    FIRST_VISIT,
  );

  await page.goto('/admin/maintenance');
  await ui.maintenance
    .row(page, reason)
    .getByRole('button', { name: /^End now/ })
    .click();
  const dialog = ui.maintenance.endDialog(page);
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'End now' }).click();
  await expect(page.getByText('The maintenance window was ended.')).toBeVisible();
  await expect(ui.maintenance.row(page, reason)).toHaveCount(0);
  const after = (await (await page.request.get(`/api/sensors/${SENSOR}`)).json()) as {
    maintenanceUntil: string | null;
  };
  expect(after.maintenanceUntil).toBeNull();
  expect(errors).toEqual([]);
});
