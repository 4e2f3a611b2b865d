import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, twoPeople, useTheme } from '../support';

/** More than the flood threshold (20) of one kind, so they become one group. */
const FLOOD_SIZE = 24;

type ApiGroup = { id: string; status: string; members: number; sensorType: string; rule: string };

/** Opens a screen and waits until the live connection follows the city, so no event is missed. */
async function openLive(page: Page, path: string) {
  const snapshot = page.waitForResponse((res) => res.url().includes('/api/stats?city=kolkata'));
  await page.goto(path);
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  await snapshot;
}

async function activeAirGroup(request: APIRequestContext): Promise<ApiGroup | undefined> {
  const res = await request.get('/api/alert-groups?city=kolkata&status=active');
  expect(res.status()).toBe(200);
  const groups = (await res.json()) as ApiGroup[];
  return groups.find((group) => group.sensorType === 'air_quality' && group.rule === 'threshold');
}

test('an alarm flood shows as one incident: one toast, the banner, the card, acknowledged as one', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const {
    pages: [admin, operator],
    errors: [adminErrors, operatorErrors],
    close,
  } = await twoPeople(browser, 'admin', 'operator');
  const run = Date.now().toString(36);
  const ids = Array.from({ length: FLOOD_SIZE }, (_, index) => `e2e-flood-${run}-${index + 1}`);

  // The city has few air-quality sensors of its own: the admin registers enough for a flood.
  const registered = await admin.request.post('/api/sensors', {
    headers: { Origin: baseURL! },
    data: {
      sensors: ids.map((id, index) => ({
        id,
        name: `Flood test air ${index + 1}`,
        type: 'air_quality',
        city: 'kolkata',
        location: `Flood test stop ${index + 1}`,
        lat: 22.55 + index * 0.001,
        lng: 88.35 + index * 0.001,
      })),
    },
  });
  expect(registered.ok()).toBe(true);

  await openLive(operator, '/dashboard');
  const ingest = await operator.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: ids.map((sensorId) => ({ sensorId, value: 450 })) },
  });
  expect(ingest.status()).toBe(202);

  // One toast for the flood, linking to its group, and the dashboard's banner.
  await expect(ui.floods.toast(operator)).toHaveCount(1, { timeout: 15_000 });
  await expect(ui.floods.toast(operator)).toContainText(
    /Alarm flood in Kolkata: [\d,]+ air quality sensors over their limits/,
  );
  await expect(ui.floods.banner(operator)).toContainText(
    /Alarm flood: [\d,]+ air quality sensors over their limits/,
  );
  const group = await activeAirGroup(operator.request);
  expect(group).toBeDefined();
  expect(group!.members).toBeGreaterThanOrEqual(FLOOD_SIZE);
  await expect(ui.floods.bannerLink(operator)).toHaveAttribute(
    'href',
    `/alerts/groups/${group!.id}`,
  );

  // The Alerts screen: the incident above the alerts, acknowledged with a note, as one.
  await operator.goto('/alerts');
  const card = ui.floods.card(operator, group!.id);
  await expect(card).toBeVisible();
  await ui.floods.action(card, 'acknowledge').click();
  await ui.floods.note(card).fill('Crop burning upwind; advisory issued');
  await ui.floods.submitAction(card).click();
  await expect(card.getByTestId('alert-status')).toHaveText('Acknowledged');
  await expect(ui.floods.action(card, 'acknowledge')).toHaveCount(0);
  await expect
    .poll(async () => (await activeAirGroup(operator.request))?.status)
    .toBe('acknowledged');

  // Its page lists its alerts, a page at a time, every one acknowledged with it.
  await card.getByTestId('alert-group-open').click();
  await expect(operator).toHaveURL(new RegExp(`/alerts/groups/${group!.id}$`));
  await expect(ui.floods.members(operator).first()).toBeVisible();
  expect(await ui.floods.members(operator).count()).toBeLessThanOrEqual(50);
  await expect(ui.floods.members(operator).first().getByTestId('alert-status')).toHaveText(
    'Acknowledged',
  );

  // The incident's page reads in each language and meets axe in both themes.
  for (const [language, lang] of [
    ['hi', 'hi-IN'],
    ['bn', 'bn-IN'],
    ['en', 'en-IN'],
  ] as const) {
    await operator.evaluate((l) => window.localStorage.setItem('smartcity_language', l), language);
    await operator.reload();
    await expect(operator.locator('html')).toHaveAttribute('lang', lang);
    await expect(ui.floods.members(operator).first()).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(operator, theme);
      await expectNoSeriousA11yViolations(operator);
    }
  }

  expect(adminErrors).toEqual([]);
  expect(operatorErrors).toEqual([]);
  await close();
});
