import { expect, test } from '@playwright/test';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
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

  // The browser checks every entry up to the newest, this one too, whether or not a checkpoint
  // covers it yet, and says how many of the newest none does.
  const seq = Number(await recorded.getAttribute('data-seq'));
  await ui.ledger.tab(citizen, 'verify').click();
  await ui.ledger.verifyStart(citizen).click();
  const result = ui.ledger.verifyResult(citizen);
  await expect(result).toContainText('The ledger checks out', { timeout: 20_000 });
  const checked = Number(await ui.ledger.verifyChecked(citizen).getAttribute('data-count'));
  expect(checked).toBeGreaterThanOrEqual(seq);
  await expect(ui.ledger.verifyChecked(citizen)).toHaveText(
    checked === 1
      ? 'The ledger’s 1 entry is verified: its hash, its link and its signature are valid.'
      : `All ${checked.toLocaleString('en-IN')} entries verified: every hash link, hash and signature is valid.`,
  );
  const beyond = Number(await ui.ledger.verifyBeyond(citizen).getAttribute('data-count'));
  const covered = checked - beyond;
  const cadence = '(one is made every 64 entries and at least hourly)';
  if (covered === 0) {
    // Before the server's first checkpoint (one follows within seconds here).
    await expect(ui.ledger.verifyBeyond(citizen)).toHaveText(
      checked === 1
        ? `No checkpoint is signed yet, so no signed root covers this entry ${cadence}.`
        : `No checkpoint is signed yet, so none of these ${checked.toLocaleString('en-IN')} entries is under one ${cadence}.`,
    );
  } else {
    // What was checked against is a checkpoint the server really signed, `beyond` entries back.
    const signed = await citizen.request.get('/api/ledger/checkpoints?limit=500');
    const { items } = (await signed.json()) as { items: { treeSize: number }[] };
    expect(items.map((c) => c.treeSize)).toContain(covered);
    await expect(result).toContainText(
      `The Merkle root of checkpoint ${covered.toLocaleString('en-IN')} was rebuilt from every entry it covers and matches its signed root.`,
    );
    await expect(ui.ledger.verifyBeyond(citizen)).toHaveText(
      beyond === 0
        ? 'Every one of them is under that signed checkpoint.'
        : beyond === 1
          ? `The newest entry is not yet under a signed checkpoint ${cadence}.`
          : `The newest ${beyond} are not yet under a signed checkpoint ${cadence}.`,
    );
  }

  for (const list of errors) expect(list).toEqual([]);
  await close();
});

test('every ledger tab passes axe in both themes', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  await page.goto('/blockchain');
  // The first screen after a sign-in loads its parts lazily, slowly on a busy machine.
  await expect(ui.ledger.entryCount(page)).not.toHaveText('…', { timeout: 20_000 });
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

test.describe('entries past the latest checkpoint', () => {
  // A server of its own: no simulator and an hourly checkpoint, so its newest entries stay past
  // the checkpoint for the whole journey.
  let server: OwnServer;
  test.beforeAll(async () => {
    // A cold start on a busy machine takes longer than a hook's default 30 s.
    test.setTimeout(90_000);
    server = await startOwnServer(OWN_SERVER_PORT);
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('are verified one by one in the browser, counted, and a changed or missing one fails at its seq', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signInAsDemo(page, 'admin');

    // 70 notices: a checkpoint is signed at the 64th entry, and the 6 after it wait for the next.
    for (let n = 1; n <= 70; n++) {
      const res = await page.request.post('/api/notices', {
        headers: { Origin: server.url },
        data: { title: `Ward office hours, notice ${n}`, content: 'Open 10:00–17:00 on weekdays.' },
      });
      expect(res.status()).toBe(201);
    }
    const summary = async () =>
      (await (await page.request.get('/api/ledger/summary')).json()) as {
        entries: number;
        latestCheckpoint: { treeSize: number } | null;
      };
    await expect.poll(async () => (await summary()).entries).toBeGreaterThanOrEqual(70);
    const { entries, latestCheckpoint } = await summary();
    const covered = latestCheckpoint!.treeSize;
    expect(covered % 64).toBe(0);
    const beyond = entries - covered;
    expect(beyond).toBeGreaterThan(1);

    await page.goto('/blockchain?tab=verify');
    await expect(page.getByTestId('verify-to')).toHaveValue(String(entries), { timeout: 20_000 });
    await ui.ledger.verifyStart(page).click();
    const result = ui.ledger.verifyResult(page);
    await expect(result).toContainText('The ledger checks out', { timeout: 20_000 });
    await expect(ui.ledger.verifyChecked(page)).toHaveText(
      `All ${entries} entries verified: every hash link, hash and signature is valid.`,
    );
    await expect(result).toContainText(
      `The Merkle root of checkpoint ${covered} was rebuilt from every entry it covers and matches its signed root.`,
    );
    await expect(ui.ledger.verifyBeyond(page)).toHaveText(
      `The newest ${beyond} are not yet under a signed checkpoint (one is made every 64 entries and at least hourly).`,
    );
    await expectNoSeriousA11yViolations(page);

    // The server's answers changed on their way to the browser, as anyone in between could: the
    // browser holds them to the city's signatures, past the checkpoint as before it.
    const changed = covered + 2;
    await page.route('**/api/ledger/entries?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items: { seq: number; payload: object }[] };
      for (const item of body.items)
        if (item.seq === changed) item.payload = { ...item.payload, title: 'Ward office closed' };
      await route.fulfill({ response, json: body });
    });
    await ui.ledger.verifyStart(page).click();
    await expect(result).toContainText('The ledger does not check out', { timeout: 20_000 });
    await expect(ui.ledger.verifyFailedSeq(page)).toHaveAttribute('data-seq', String(changed));
    await expect(result).toContainText(
      `It fails at entry ${changed}: its contents do not match its hash`,
    );

    // The newest entry left out of the listing, while the summary still counts it.
    await page.unroute('**/api/ledger/entries?*');
    await page.route('**/api/ledger/entries?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items: { seq: number }[] };
      await route.fulfill({
        response,
        json: { ...body, items: body.items.filter((item) => item.seq !== entries) },
      });
    });
    await ui.ledger.verifyStart(page).click();
    await expect(ui.ledger.verifyFailedSeq(page)).toHaveAttribute('data-seq', String(entries), {
      timeout: 20_000,
    });
    await expect(result).toContainText(`It fails at entry ${entries}: the entry is missing`);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
