import { expect, test, type Browser, type Page } from '@playwright/test';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  resolveActiveAlertsOf,
  signInAsDemo,
  useTheme,
  watchConsole,
} from '../support';

/** A sensor of the seeded city; 99 % congestion is beyond its critical limit. */
const SENSOR = 'kolkata-traffic-howrah-bridge';
/** A screen's first visit downloads its code; on a busy machine that takes a while. */
const FIRST_VISIT = { timeout: 20_000 };
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

type Figures = { shelvedNow: number; announced: number; from: string; to: string };

/** axe in both themes, wide and on a phone. */
async function expectAccessible(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize(WIDE);
    await useTheme(page, theme);
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await expectNoSeriousA11yViolations(page);
    }
  }
  await page.setViewportSize(WIDE);
}

test('an operator reads the alarm KPIs of the city and follows figures to the alerts behind them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');

  // An alert of our own, shelved: the figures must count it, and its link must list it.
  await resolveActiveAlertsOf(page, baseURL!, SENSOR);
  const ingest = await page.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: SENSOR, value: 99 }] },
  });
  expect(ingest.status()).toBe(202);
  let alertId = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/alerts?q=${SENSOR}&status=active&limit=5`);
        const alerts = (await res.json()) as { id: string }[];
        alertId = alerts[0]?.id ?? '';
        return alertId;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const shelved = await page.request.post(`/api/alerts/${alertId}/shelve`, {
    headers: { Origin: baseURL! },
    data: { minutes: 60, reason: 'Alarm KPIs journey' },
  });
  expect(shelved.status()).toBe(200);

  await page.goto('/alerts');
  await ui.alarmKpis.link(page).click(FIRST_VISIT);
  await expect(page).toHaveURL(/\/alerts\/kpis\?city=kolkata$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alarm KPIs');
  await expect(ui.alarmKpis.value(page, 'average')).toBeVisible(FIRST_VISIT);

  // The page shows what the server answers.
  const figures = (await (
    await page.request.get('/api/alarm-kpis?city=kolkata')
  ).json()) as Figures;
  expect(figures.shelvedNow).toBeGreaterThanOrEqual(1);
  await expect(ui.alarmKpis.value(page, 'shelved')).toHaveText(String(figures.shelvedNow));
  await expect(ui.alarmKpis.method(page)).toContainText('How this is measured');
  await expect(ui.alarmKpis.chart(page)).toBeVisible();
  await expectAccessible(page);

  await ui.alarmKpis.window(page, '7d').click();
  await expect(page).toHaveURL(/window=7d/);
  await expect(ui.alarmKpis.window(page, '7d')).toHaveAttribute('aria-pressed', 'true');
  await ui.alarmKpis.window(page, '24h').click();
  await expect(page).not.toHaveURL(/window=/);

  // Shelved now: the list of the shelved alerts holds ours.
  await ui.alarmKpis.figureLink(page, 'shelved').click();
  await expect(page).toHaveURL(/\/alerts\?status=shelved$/);
  await expect(ui.alerts.card(page, alertId)).toBeVisible(FIRST_VISIT);
  await expect(ui.alerts.cards(page)).toHaveCount(figures.shelvedNow);

  // Average per 10 minutes: the alerts announced in the window, ours among them, said so.
  await page.goBack();
  await ui.alarmKpis.figureLink(page, 'average').click(FIRST_VISIT);
  await expect(page).toHaveURL(/\/alerts\?status=announced&from=.+&to=.+/);
  await expect(ui.alarmKpis.narrowed(page)).toContainText('Filtered:');
  await expect(ui.alerts.card(page, alertId)).toBeVisible(FIRST_VISIT);
  await expectNoSeriousA11yViolations(page);
  await ui.alarmKpis.clearNarrowed(page).click();
  await expect(ui.alarmKpis.narrowed(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/from=/);

  await resolveActiveAlertsOf(page, baseURL!, SENSOR);
  expect(errors).toEqual([]);
});

/** A browser of its own in a language: the device's choice, leaving the account's untouched. */
async function operatorIn(browser: Browser, language: 'hi' | 'bn') {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript((chosen) => {
    if (!window.localStorage.getItem('smartcity_language')) {
      window.localStorage.setItem('smartcity_language', chosen);
    }
  }, language);
  const page = await context.newPage();
  return { context, page };
}

for (const [language, locale, title] of [
  ['hi', 'hi-IN', 'अलार्म KPI'],
  ['bn', 'bn-IN', 'অ্যালার্ম KPI'],
] as const) {
  test(`the alarm KPIs read in ${language} and meet axe`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await operatorIn(browser, language);
    const errors = watchConsole(page);
    await signInAsDemo(page, 'operator');
    await page.goto('/alerts/kpis?city=kolkata&window=7d');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, FIRST_VISIT);
    await expect(ui.alarmKpis.value(page, 'average')).toBeVisible(FIRST_VISIT);
    await expect(ui.alarmKpis.window(page, '7d')).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
}
