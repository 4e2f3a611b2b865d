import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { signInAsDemo, watchConsole } from '../support';

/** The lowest and highest the dashboard's traffic trend writes for its window. */
async function dashboardRange(page: Page): Promise<[string, string]> {
  const text = (await ui.dashboard.trafficSummary(page).textContent()) ?? '';
  const found = /lowest ([\d.,]+)%, highest ([\d.,]+)%/.exec(text);
  expect(found, text).not.toBeNull();
  return [found![1]!, found![2]!];
}

test('the dashboard and the analytics page state the same lowest and highest of the last 24 hours, and the population card says what it counts', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');
  await expect(ui.dashboard.metricCard(page, 'population')).toBeVisible({ timeout: 20_000 });

  const population = ui.dashboard.metricCard(page, 'population');
  await expect(population.getByTestId('metric-hint')).toHaveText(
    /^People counted at \d+ footfall sensors? now$/,
  );
  await expect(population).not.toContainText('in the city');

  // Readings keep arriving; a new extreme between the two screens is met by reading both again.
  await expect(async () => {
    await page.goto('/dashboard');
    await ui.dashboard.trafficTrend(page).scrollIntoViewIfNeeded();
    await expect(ui.dashboard.trafficSummary(page)).toBeVisible({ timeout: 30_000 });
    const [lowest, highest] = await dashboardRange(page);
    await page.goto('/analytics?city=kolkata&metric=traffic&window=24h');
    await expect(ui.analytics.summary(page, 'min')).toHaveText(lowest, { timeout: 15_000 });
    await expect(ui.analytics.summary(page, 'max')).toHaveText(highest);
  }).toPass({ timeout: 60_000, intervals: [500, 1_000] });
  expect(errors).toEqual([]);
});
