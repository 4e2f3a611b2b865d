import { expect, test } from '@playwright/test';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  resolveActiveAlertsOf,
  signInAsDemo,
  twoPeople,
  useTheme,
  watchConsole,
} from '../support';

const SENSOR = 'kolkata-waste-park-street';
const TITLE = 'Waste bin nearly full at Park Street';

test('an operator acknowledges an alert; a citizen sees it recorded live and verifies the ledger in the browser', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const {
    pages: [operator, citizen],
    errors,
    close,
  } = await twoPeople(browser, 'operator', 'citizen');

  await citizen.goto('/blockchain?tab=monitor');
  await expect(ui.live.headerStatus(citizen)).toHaveText('Connected', { timeout: 15_000 });
  await expect(citizen.getByTestId('ledger-feed')).toBeVisible();

  await resolveActiveAlertsOf(operator, baseURL!, SENSOR);
  const ingest = await operator.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: SENSOR, value: 99 }] },
  });
  expect(ingest.status()).toBe(202);
  const listed = await operator.request.get(`/api/alerts?q=${SENSOR}&status=open&limit=1`);
  const [alert] = (await listed.json()) as { id: string; title: string }[];
  expect(alert?.title).toBe(TITLE);

  await operator.goto('/alerts');
  const card = ui.alerts.card(operator, alert!.id);
  await ui.alerts.action(card, 'acknowledge').click();
  await ui.alerts.note(card).fill('Collection truck rerouted');
  await ui.alerts.submitAction(card).click();
  await expect(ui.alerts.status(card)).toHaveText('Acknowledged');

  // The citizen's open Monitor shows the entry without a reload: an operator, by pseudonym.
  const recorded = ui.ledger
    .entries(citizen)
    .and(citizen.locator('[data-type="alert.acknowledged"]'))
    .filter({ hasText: alert!.title });
  await expect(recorded).toBeVisible({ timeout: 10_000 });
  await expect(recorded).toContainText(/by operator p-/);
  await expect(recorded).not.toContainText('System Operator');

  // A checkpoint covers it within seconds; the browser checks everything up to it.
  await expect(async () => {
    const res = await citizen.request.get('/api/ledger/checkpoints?limit=1');
    const { items } = (await res.json()) as { items: { treeSize: number }[] };
    const seq = Number(await recorded.getAttribute('data-seq'));
    expect(items[0]?.treeSize ?? 0).toBeGreaterThanOrEqual(seq);
  }).toPass({ timeout: 15_000 });
  await citizen.reload();
  await ui.ledger.tab(citizen, 'verify').click();
  await ui.ledger.verifyStart(citizen).click();
  const result = ui.ledger.verifyResult(citizen);
  await expect(result).toContainText('The ledger checks out', { timeout: 20_000 });
  await expect(result).toContainText('was rebuilt from every entry and matches its signed root');

  for (const list of errors) expect(list).toEqual([]);
  await close();
});

test('every ledger tab passes axe in both themes', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  await page.goto('/blockchain');
  await expect(ui.ledger.entryCount(page)).not.toHaveText('…');
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    for (const tab of ['contracts', 'monitor', 'feedback', 'verify', 'admin'] as const) {
      await ui.ledger.tab(page, tab).click();
      await expect(ui.ledger.tab(page, tab)).toHaveAttribute('aria-selected', 'true');
      if (tab === 'verify') {
        await ui.ledger.verifyStart(page).click();
        await expect(ui.ledger.verifyResult(page)).toBeVisible({ timeout: 20_000 });
      }
      await expectNoSeriousA11yViolations(page);
    }
  }
  expect(errors).toEqual([]);
});
