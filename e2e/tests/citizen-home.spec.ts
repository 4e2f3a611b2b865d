import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

/** Words of the operators' workflow and models, and sensor ids, which residents never see. */
const JARGON =
  /\b(Open|Acknowledged|Resolved|Dismissed|MAE|MAPE)\b|\b(kolkata|kharagpur|new-york)-[a-z]+-[a-z0-9-]+/;

/** A full-page picture of the dashboard at a width, in a theme, among the run's results. */
async function picture(page: Page, width: number, theme: 'light' | 'dark') {
  // The theme switch is in the header only on wide screens.
  await page.setViewportSize({ width: 1440, height: 900 });
  await useTheme(page, theme);
  await page.setViewportSize({ width, height: 900 });
  await expect(ui.home.air(page)).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath(`citizen-home-${width}-${theme}.png`),
    fullPage: true,
  });
}

test.describe('citizen home', () => {
  test("a citizen's dashboard shows the plain-language panel first with no workflow terms", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signInAsDemo(page, 'citizen');
    const panel = ui.home.panel(page);
    await expect(panel.getByRole('heading', { name: 'What affects you now' })).toBeVisible();
    await expect(ui.home.air(page)).toContainText(/AQI \d+|No air readings/);
    await expect(ui.home.scope(page)).toHaveText('Across Kolkata');
    await expect(panel.getByRole('link', { name: 'Choose your area' })).toBeVisible();

    // First by position: the panel ends above the city figures, which end above the cards. The
    // three are measured in one go: the latest notice may arrive above them in the meantime.
    await expect(ui.dashboard.metricCard(page, 'traffic')).toBeVisible();
    const [panelBox, figuresBox, cardsBox] = await page.evaluate(() =>
      ['citizen-home', 'city-figures-heading', 'metric-cards'].map((id) => {
        const box = document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      }),
    );
    expect(panelBox!.bottom).toBeLessThanOrEqual(figuresBox!.top);
    expect(figuresBox!.bottom).toBeLessThanOrEqual(cardsBox!.top);

    await expect(ui.home.emergency(page).getByRole('link', { name: /^Call 112/ })).toHaveAttribute(
      'href',
      'tel:112',
    );
    await expect(
      ui.home.emergency(page).getByRole('link', { name: "Call 1091: Women's helpline" }),
    ).toHaveAttribute('href', 'tel:1091');
    expect(await panel.innerText()).not.toMatch(JARGON);
    // The operators' cards below keep their figures but not their workflow words.
    await expect(
      ui.dashboard
        .recentAlerts(page)
        .getByTestId('recent-alerts-list')
        .or(ui.dashboard.recentAlerts(page).getByText('No alerts in this city')),
    ).toBeVisible();
    await expect(ui.dashboard.recentAlerts(page)).not.toContainText(/\bOpen\b|Acknowledged/);

    await expectNoSeriousA11yViolations(page);
    await picture(page, 1440, 'light');
    await picture(page, 1440, 'dark');
    await expectNoSeriousA11yViolations(page);
    await useTheme(page, 'light');
    expect(errors).toEqual([]);
  });

  test('a citizen sets their area on Profile and the panel names it', async ({ page }) => {
    const errors = watchConsole(page);
    await signInAsDemo(page, 'citizen');
    await page.goto('/profile');
    await ui.home.areaSelect(page).selectOption({ label: 'Salt Lake' });
    await ui.home.areaSave(page).click();
    await expect(ui.home.areaCurrent(page)).toHaveText('Now: Salt Lake, Kolkata');

    await page.goto('/dashboard');
    await expect(ui.home.scope(page)).toHaveText('In and around Salt Lake, Kolkata');
    await expect(ui.home.panel(page).getByRole('link', { name: 'Choose your area' })).toHaveCount(
      0,
    );
    expect(await ui.home.panel(page).innerText()).not.toMatch(JARGON);
    await picture(page, 375, 'light');
    await expectNoSeriousA11yViolations(page);
    await picture(page, 375, 'dark');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useTheme(page, 'light');

    // The demo account is shared by the other journeys: it is left without an area.
    const cleared = await page.request.patch('/api/profile', { data: { area: null } });
    expect(cleared.status()).toBe(200);
    expect(errors).toEqual([]);
  });
});
