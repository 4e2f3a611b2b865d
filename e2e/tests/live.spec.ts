import { expect, test } from '@playwright/test';
import { ui } from '../selectors';
import { resolveActiveAlertsOf, signInAsDemo, watchConsole } from '../support';

test('a signed-in operator is connected live, and an ingested critical reading raises a toast and a notification', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'operator');

  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  await expect(ui.live.sidebarStatus(page)).toHaveText('Connected');
  await expect(page.getByText('Real-time connection established')).toBeVisible();
  await expect(ui.live.banner(page)).toHaveCount(0);

  // Another journey or the simulator may have left this sensor's alert open: ours must be new.
  await resolveActiveAlertsOf(page, baseURL!, 'kolkata-traffic-howrah-bridge');
  // The operator's own session may post readings, like a device with a key.
  const res = await page.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: 'kolkata-traffic-howrah-bridge', value: 97 }] },
  });
  expect(res.status()).toBe(202);
  expect(await res.json()).toEqual({ accepted: 1, duplicates: 0 });

  const title = 'High traffic congestion at Howrah Bridge';
  await expect(page.getByText(`Critical Alert: ${title}`)).toBeVisible({ timeout: 10_000 });
  await expect(ui.live.criticalBadge(page)).toBeVisible();

  await ui.live.notificationsButton(page).click();
  const item = ui.live.notificationItems(page).filter({ hasText: title });
  await expect(item).toHaveAttribute('data-severity', 'critical');
  await item.click();
  await expect(page).toHaveURL(/\/alerts\?alert=/);
  expect(errors).toEqual([]);
});

test('a citizen cannot post readings', async ({ page, baseURL }) => {
  await page.goto('/login');
  await ui.login.demo(page, 'citizen').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const res = await page.request.post('/api/ingest/readings', {
    headers: { Origin: baseURL! },
    data: { readings: [{ sensorId: 'kolkata-traffic-howrah-bridge', value: 97 }] },
  });
  expect(res.status()).toBe(403);
});
