import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  resolveActiveAlertsOf,
  twoPeople,
  useTheme,
} from '../support';

const BIN = 'kolkata-waste-park-street';
const PLACE = 'Park Street';

/** The page in a theme at a width (the theme switch is in the header only on wide screens). */
async function lookAt(page: Page, width: number, theme: 'light' | 'dark', name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await useTheme(page, theme);
  await page.setViewportSize({ width, height: 900 });
  await page.screenshot({
    path: test.info().outputPath(`${name}-${width}-${theme}.png`),
    fullPage: true,
  });
}

test('an alert tells the truth: enough on its page to act on, the service it hurts, and resolved once it is', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const {
    pages: [operator, citizen],
    errors: [operatorErrors, citizenErrors],
    close,
  } = await twoPeople(browser, 'operator', 'citizen');

  // A bin past its overflow level raises a critical alert.
  await resolveActiveAlertsOf(operator, baseURL!, BIN);
  const ingest = await operator.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: BIN, value: 99 }] },
  });
  expect(ingest.status()).toBe(202);
  let alertId = '';
  await expect(async () => {
    const res = await operator.request.get(`/api/alerts?q=${BIN}&status=active&limit=5`);
    const [alert] = (await res.json()) as { id: string; severity: string }[];
    expect(alert?.severity).toBe('critical');
    alertId = alert!.id;
  }).toPass({ timeout: 10_000 });

  // Its page: the reading with its unit, the sensor's last day with the thresholds, a way to the
  // sensor, the exact time in the city's zone and what the escalation policy does next.
  await operator.goto(`/alerts/${alertId}`);
  await expect(ui.alerts.detail.summary(operator)).toContainText(
    `Waste bin nearly full at ${PLACE}`,
  );
  await expect(operator.getByTestId('alert-message')).toContainText(/99\s?%/);
  await expect(operator.getByTestId('alert-reading')).toContainText(/\d\s?%/);
  await expect(operator.getByTestId('alert-raised-exact')).toContainText(/IST/);
  await expect(operator.getByTestId('alert-sensor-chart')).toBeVisible({ timeout: 15_000 });
  await expect(operator.getByTestId('alert-sensor-link')).toHaveAttribute('href', new RegExp(BIN));
  await expect(operator.getByTestId('alert-next-step')).toContainText(/operators/i);
  for (const width of [1440, 375]) {
    for (const theme of ['light', 'dark'] as const) {
      await lookAt(operator, width, theme, 'alert-detail');
      await expectNoSeriousA11yViolations(operator);
    }
  }
  await operator.setViewportSize({ width: 1440, height: 900 });
  await useTheme(operator, 'light');

  // City Services tells the citizen about the service, in their words: an overflowing bin.
  await citizen.goto('/services');
  const waste = citizen.getByTestId('service-status-waste');
  await expect(waste).toContainText(`Bins overflowing at ${PLACE}`);
  await expect(waste).toHaveAttribute('data-tone', 'bad');
  await expect(citizen.getByTestId('service-card-waste')).not.toContainText(/sensor/i);
  await expectNoSeriousA11yViolations(citizen);

  // Resolved, it leaves the service's status at once, and reads as resolved wherever it shows.
  const resolved = await operator.request.post(`/api/alerts/${alertId}/resolve`, {
    headers: { Origin: baseURL! },
    data: { note: 'Bins emptied' },
  });
  expect(resolved.status()).toBe(200);
  await expect(waste).not.toContainText(PLACE, { timeout: 10_000 });

  await operator.reload();
  await expect(ui.alerts.status(ui.alerts.detail.summary(operator))).toHaveText('Resolved');
  await expect(operator.getByTestId('alert-next-step')).toHaveCount(0);

  // On a phone the citizen's filters are one control; the ended alert says it ended.
  await citizen.setViewportSize({ width: 375, height: 800 });
  await citizen.goto('/alerts');
  const toggle = citizen.getByTestId('alerts-filters-toggle');
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(ui.alerts.statusFilter(citizen, 'ended')).toBeHidden();
  await toggle.click();
  await ui.alerts.statusFilter(citizen, 'ended').click();
  await expect(citizen).toHaveURL(/status=ended/);
  await expect(toggle).toContainText('Ended');
  const card = ui.alerts.card(citizen, alertId);
  await expect(card).toHaveAttribute('data-ended', 'true');
  await expect(ui.alerts.status(card)).toHaveText('Resolved');
  // The action row does not stack one button per line: nothing on the page is wider than it.
  expect(
    await citizen.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
  ).toBe(true);
  for (const theme of ['light', 'dark'] as const) {
    await lookAt(citizen, 375, theme, 'citizen-alerts');
    await expectNoSeriousA11yViolations(citizen);
  }

  expect(operatorErrors).toEqual([]);
  expect(citizenErrors).toEqual([]);
  await close();
});
