import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  resolveActiveAlertsOf,
  signInAsDemo,
  twoPeople,
  useTheme,
  watchConsole,
} from '../support';

const SENSOR = 'kolkata-traffic-howrah-bridge';
const TITLE = 'High traffic congestion at Howrah Bridge';

type ApiAlert = { id: string; title: string; severity: string; status: string };

async function activeAlertsOf(request: APIRequestContext, sensorId: string) {
  const res = await request.get(`/api/alerts?city=kolkata&q=${sensorId}&limit=500`);
  expect(res.status()).toBe(200);
  const alerts = (await res.json()) as ApiAlert[];
  return alerts.filter((alert) => alert.status === 'open' || alert.status === 'acknowledged');
}

/** Opens /alerts and waits until the live connection has loaded the city (so no event is missed). */
async function openAlertsLive(page: Page) {
  const snapshot = page.waitForResponse((res) => res.url().includes('/api/stats?city=kolkata'));
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  await snapshot;
}

/** Every status chip's count equals the number of cards it lists (one page at most). */
async function expectCountsMatchList(
  page: Page,
  testIdOfChip: () => ReturnType<Page['getByTestId']>,
) {
  await expect(async () => {
    const count = Number(await testIdOfChip().getAttribute('data-count'));
    const shown = await ui.alerts.cards(page).count();
    expect(shown).toBe(Math.min(count, 50));
    if (count === 0) await expect(ui.alerts.empty(page)).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 10_000 });
}

test('an operator and a citizen follow one alert live, from raised to resolved', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const {
    pages: [operator, citizen],
    errors: [operatorErrors, citizenErrors],
    close,
  } = await twoPeople(browser, 'operator', 'citizen');
  await openAlertsLive(operator);
  await openAlertsLive(citizen);

  // The simulator may already have raised this sensor's alert: close it, so ours is a new one.
  await resolveActiveAlertsOf(operator, baseURL!, SENSOR);
  const ingest = await operator.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: SENSOR, value: 97 }] },
  });
  expect(ingest.status()).toBe(202);

  for (const page of [operator, citizen]) {
    await expect(page.getByText(`Critical Alert: ${TITLE}`)).toBeVisible({ timeout: 10_000 });
  }
  const [raised] = await activeAlertsOf(operator.request, SENSOR);
  expect(raised).toMatchObject({ title: TITLE, severity: 'critical', status: 'open' });
  const operatorCard = ui.alerts.card(operator, raised!.id);
  const citizenCard = ui.alerts.card(citizen, raised!.id);
  for (const card of [operatorCard, citizenCard]) {
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(card).toContainText('Howrah Bridge');
  }
  // The operator reads the workflow's words and the sensor; the citizen plain words and advice.
  await expect(ui.alerts.severity(operatorCard)).toHaveText('Critical');
  await expect(ui.alerts.status(operatorCard)).toHaveText('Open');
  await expect(operatorCard).toContainText(SENSOR);
  await expect(ui.alerts.severity(citizenCard)).toHaveText('Severe');
  await expect(ui.alerts.status(citizenCard)).toHaveText('Active');
  await expect(citizenCard).not.toContainText(SENSOR);
  await expect(citizenCard.getByTestId('alert-advice')).toContainText('What to do');

  // Citizens read alerts but see no actions.
  await expect(ui.alerts.anyAction(citizen)).toHaveCount(0);

  // The operator acknowledges it with a note.
  const note = 'Traffic police on the way';
  await ui.alerts.action(operatorCard, 'acknowledge').click();
  await ui.alerts.note(operatorCard).fill(note);
  await ui.alerts.submitAction(operatorCard).click();
  await expect(operator.getByText('Alert acknowledged')).toBeVisible();
  await expect(ui.alerts.status(operatorCard)).toHaveText('Acknowledged');
  await expect(ui.alerts.action(operatorCard, 'acknowledge')).toHaveCount(0);

  // For the citizen it is still simply active, and still offers no actions.
  await expect(ui.alerts.status(citizenCard)).toHaveText('Active');
  await expect(ui.alerts.anyAction(citizen)).toHaveCount(0);

  // Its history, for the operator, names who acknowledged it and the note.
  await ui.alerts.historyToggle(operatorCard).click();
  const acknowledgement = ui.alerts
    .historyEntries(operatorCard)
    .filter({ hasText: 'by System Operator' });
  await expect(acknowledgement).toContainText('Acknowledged');
  await expect(acknowledgement).toContainText(note);
  await expect(ui.alerts.historyEntries(operatorCard).first()).toContainText('Raised');

  // Resolved, it leaves both lists of active alerts; the operator finds it under Resolved, the
  // citizen under Ended, saying so in words.
  await ui.alerts.action(operatorCard, 'resolve').click();
  await ui.alerts.note(operatorCard).fill('Traffic cleared');
  await ui.alerts.submitAction(operatorCard).click();
  await expect(operator.getByText('Alert resolved')).toBeVisible();
  await expect(operatorCard).toHaveCount(0);
  await expect(citizenCard).toHaveCount(0, { timeout: 10_000 });
  await ui.alerts.statusFilter(operator, 'resolved').click();
  await expect(operator).toHaveURL(/status=resolved/);
  await expect(ui.alerts.status(operatorCard)).toHaveText('Resolved');
  await expect(operatorCard).toContainText('Resolved by System Operator');
  await ui.alerts.statusFilter(citizen, 'ended').click();
  await expect(ui.alerts.status(citizenCard)).toHaveText('Resolved');
  await expect(citizenCard).toHaveAttribute('data-ended', 'true');

  expect(operatorErrors).toEqual([]);
  expect(citizenErrors).toEqual([]);
  await close();
});

test('filters and search really filter, survive a reload, and the page is accessible in both themes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');
  // Alerts in three severities, so every filter has something to show.
  const ingest = await page.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: {
      readings: [
        { sensorId: 'kolkata-traffic-sealdah-station', value: 72 },
        { sensorId: 'kolkata-waste-salt-lake-sector-v', value: 93 },
        { sensorId: 'kolkata-waste-park-street', value: 99 },
      ],
    },
  });
  expect(ingest.status()).toBe(202);
  await page.goto('/alerts?status=all');
  await expect(ui.alerts.cards(page).first()).toBeVisible();

  for (const status of ['open', 'acknowledged', 'resolved', 'dismissed', 'all', 'active']) {
    await ui.alerts.statusFilter(page, status).click();
    await expect(ui.alerts.statusFilter(page, status)).toHaveAttribute('aria-pressed', 'true');
    await expectCountsMatchList(page, () => ui.alerts.statusFilter(page, status));
  }
  for (const severity of ['critical', 'high', 'warning', 'info', 'all']) {
    await ui.alerts.severityFilter(page, severity).click();
    await expectCountsMatchList(page, () => ui.alerts.severityFilter(page, severity));
    if (severity !== 'all') {
      for (const card of await ui.alerts.cards(page).all()) {
        await expect(card).toHaveAttribute('data-severity', severity);
      }
    }
  }

  await ui.alerts.search(page).fill('sealdah');
  await expect(page).toHaveURL(/q=sealdah/);
  await expect(async () => {
    const cards = await ui.alerts.cards(page).all();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) await expect(card).toContainText('Sealdah Station', { timeout: 100 });
  }).toPass({ timeout: 10_000 });
  await page.reload();
  await expect(ui.alerts.search(page)).toHaveValue('sealdah');
  await expect(ui.alerts.cards(page).first()).toContainText('Sealdah Station');

  await ui.alerts.search(page).fill('no-such-place-anywhere');
  await expect(ui.alerts.empty(page)).toContainText('No Alerts Found');
  await expect(ui.alerts.empty(page)).toContainText('All systems are operating normally.');
  await expect(ui.alerts.cards(page)).toHaveCount(0);

  await page.goto('/alerts?status=all');
  await expect(ui.alerts.cards(page).first()).toBeVisible();
  await ui.alerts.action(ui.alerts.cards(page).first(), 'resolve').click();
  await ui.alerts.historyToggle(ui.alerts.cards(page).first()).click();
  await expect(ui.alerts.historyEntries(ui.alerts.cards(page).first()).first()).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    await expectNoSeriousA11yViolations(page);
  }
  expect(errors).toEqual([]);
});
