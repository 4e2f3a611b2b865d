import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWN_SERVER_PORT, startOwnServer, type OwnServer } from '../own-server';
import { ui } from '../selectors';
import {
  clearOfMidnight,
  expectNoSeriousA11yViolations,
  signInAsDemo,
  signInWithPassword,
  uniqueEmail,
  watchConsole,
} from '../support';

const SENSOR = 'kolkata-traffic-howrah-bridge';
const TITLE = 'High traffic congestion at Howrah Bridge';
/** More than both journeys below take together. */
const MIDNIGHT_MARGIN_MS = 5 * 60_000;

let server: OwnServer;

test.beforeAll(async () => {
  // A server of this journey's own, without the simulator: the only alerts are the ones it raises,
  // and its escalation policy reaches no one else's.
  server = await startOwnServer(OWN_SERVER_PORT);
});

test.afterAll(async () => {
  await server?.dispose();
});

/** Signs the request context in as the demo admin. */
async function asAdmin(request: APIRequestContext) {
  const res = await request.post('/api/auth/demo-sign-in', {
    headers: { Origin: server.url },
    data: { username: 'admin' },
  });
  expect(res.status()).toBe(200);
}

test('a critical alert nobody acknowledges escalates to the operators; one takes it and comments, another sees it live', async ({
  browser,
}) => {
  test.setTimeout(120_000 + MIDNIGHT_MARGIN_MS);
  // The next journey previews the alert raised here among Kolkata's alerts of today.
  await clearOfMidnight('Asia/Kolkata', MIDNIGHT_MARGIN_MS);
  const admin = await browser.newContext({ baseURL: server.url });
  await asAdmin(admin.request);

  // The city's policy: a critical alert not acknowledged within 3 seconds goes to the operators.
  // A fresh server starts with Kolkata's critical policy (10 and 30 minutes): its steps change.
  const policiesListed = await admin.request.get('/api/escalation-policies?city=kolkata');
  const { items } = (await policiesListed.json()) as {
    items: { id: string; severity: string; sensorType: string | null }[];
  };
  const seeded = items.find((p) => p.severity === 'critical' && p.sensorType === null);
  expect(seeded).toBeDefined();
  const policy = await admin.request.patch(`/api/escalation-policies/${seeded!.id}`, {
    headers: { Origin: server.url },
    data: { steps: [{ afterSeconds: 3, action: 'notify', audience: 'operators' }] },
  });
  expect(policy.status()).toBe(200);

  // A second operator, made by the admin from a new account.
  const second = { email: uniqueEmail('priya'), password: 'correct-horse-battery' };
  const signedUp = await admin.request.post('/api/auth/sign-up/email', {
    headers: { Origin: server.url },
    data: { ...second, firstName: 'Priya', lastName: 'Das' },
  });
  expect(signedUp.status()).toBe(200);
  const { user } = (await signedUp.json()) as { user: { id: string } };
  await asAdmin(admin.request);
  const promoted = await admin.request.post('/api/auth/admin/set-role', {
    headers: { Origin: server.url },
    data: { userId: user.id, role: 'operator' },
  });
  expect(promoted.status()).toBe(200);

  const operatorContext = await browser.newContext({ baseURL: server.url });
  const colleagueContext = await browser.newContext({ baseURL: server.url });
  const operator = await operatorContext.newPage();
  const colleague = await colleagueContext.newPage();
  const errors = [watchConsole(operator), watchConsole(colleague)];
  await signInAsDemo(operator, 'operator');
  await colleague.goto('/login');
  await signInWithPassword(colleague, second.email, second.password);
  await expect(colleague).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  for (const page of [operator, colleague]) {
    await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  }

  // The alert is raised and nobody acknowledges it.
  const raised = await admin.request.post('/api/ingest/readings', {
    headers: { Origin: server.url },
    data: { readings: [{ sensorId: SENSOR, value: 97 }] },
  });
  expect(raised.status()).toBe(202);
  const listed = await admin.request.get(`/api/alerts?q=${SENSOR}&status=open`);
  const [alert] = (await listed.json()) as { id: string; title: string; severity: string }[];
  expect(alert).toMatchObject({ title: TITLE, severity: 'critical' });

  // Within a few seconds the operator's bell says so, and opens the alert.
  await expect(ui.notifications.unreadBadge(operator)).toHaveText('1', { timeout: 20_000 });
  await ui.live.notificationsButton(operator).click();
  const mine = ui.notifications.mine(ui.notifications.forYou(operator));
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Not acknowledged in time: escalated to you');
  await expect(mine.first()).toContainText(TITLE);
  await mine.first().click();
  await expect(operator).toHaveURL(new RegExp(`/alerts/${alert!.id}$`));
  await expect(ui.notifications.unreadBadge(operator)).toHaveCount(0);

  // The alert's timeline shows the step that fired.
  await expect(ui.alerts.detail.summary(operator)).toContainText(TITLE);
  const escalated = ui.alerts.detail
    .timelineEntries(operator)
    .and(operator.locator('[data-action="escalated"]'));
  await expect(escalated).toHaveCount(1);
  await expect(escalated).toContainText('the operators were notified (2)');

  // The colleague looks at the same alert.
  await colleague.goto(`/alerts/${alert!.id}`);
  await expect(ui.alerts.detail.summary(colleague)).toContainText(TITLE);
  await expect(ui.alerts.detail.assignee(colleague)).toContainText(
    'Nobody has taken this alert yet.',
  );

  // The operator takes it and says what they do; the colleague sees both at once.
  await ui.alerts.detail.take(operator).click();
  await expect(ui.alerts.detail.assignee(operator)).toContainText('You');
  await ui.alerts.detail.commentInput(operator).fill('On it: sending a crew to Howrah Bridge.');
  await ui.alerts.detail.commentSubmit(operator).click();
  await expect(ui.alerts.detail.comments(operator)).toContainText([
    'On it: sending a crew to Howrah Bridge.',
  ]);

  await expect(ui.alerts.detail.comments(colleague)).toContainText(
    ['On it: sending a crew to Howrah Bridge.'],
    { timeout: 10_000 },
  );
  await expect(ui.alerts.detail.assignee(colleague)).toContainText('System Operator', {
    timeout: 10_000,
  });
  await expect(
    ui.alerts.detail.timelineEntries(colleague).and(colleague.locator('[data-action="assigned"]')),
  ).toContainText('Assigned to System Operator', { timeout: 10_000 });

  // The operator shelves it for an hour while the crew works; the colleague sees it at once, and
  // the active list no longer holds it.
  await ui.alerts.detail.shelve(operator).click();
  await ui.alerts.detail.shelveDuration(operator, 60).click();
  await ui.alerts.detail.shelveReason(operator).fill('Crew on the bridge for the next hour');
  await ui.alerts.detail.shelveSubmit(operator).click();
  await expect(ui.alerts.detail.shelved(operator)).toContainText(
    'Crew on the bridge for the next hour',
  );
  await expect(ui.alerts.detail.shelved(colleague)).toContainText('Shelved until', {
    timeout: 10_000,
  });
  const active = await admin.request.get(`/api/alerts?q=${SENSOR}&status=active`);
  expect(await active.json()).toEqual([]);
  const shelvedList = await admin.request.get(`/api/alerts?q=${SENSOR}&status=shelved`);
  expect(((await shelvedList.json()) as { id: string }[]).map((a) => a.id)).toEqual([alert!.id]);
  await expect(
    ui.alerts.detail.timelineEntries(operator).and(operator.locator('[data-action="shelved"]')),
  ).toContainText('Shelved for 1 hour');
  // The page with a shelved alert is usable with assistive technology too.
  await expectNoSeriousA11yViolations(operator);
  // Back in the active list for the rest of the journey.
  await ui.alerts.detail.unshelve(operator).click();
  await expect(ui.alerts.detail.shelve(colleague)).toBeVisible({ timeout: 10_000 });

  // The alert's page and the notifications page are usable with assistive technology.
  await expectNoSeriousA11yViolations(operator);
  await operator.goto('/notifications');
  await expect(ui.notifications.mine(ui.notifications.list(operator))).toHaveCount(1);
  await expectNoSeriousA11yViolations(operator);

  for (const list of errors) expect(list).toEqual([]);
  await Promise.all([admin.close(), operatorContext.close(), colleagueContext.close()]);
});

// Runs after the journey above, on the same server: its policy and its alert are there.
test("an admin changes the city's escalation policy, seeing what it would have done today", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: server.url });
  const admin = await context.newPage();
  const errors = watchConsole(admin);
  await signInAsDemo(admin, 'admin');
  await admin.goto('/settings');
  await admin.getByTestId('settings-tab-escalation').click();
  await expect(admin).toHaveURL(/\/settings\/escalation$/);

  const card = ui.escalation.policyCards(admin);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('After 3 seconds: notify the operators');
  await card.getByTestId('policy-edit').click();

  const editor = ui.escalation.editor(admin);
  await editor.getByTestId('policy-step-0-after-value').fill('5');
  await editor.getByTestId('policy-step-0-after-unit').selectOption('minutes');
  // The preview lists today's alert of the journey above, with when the changed step fires for it.
  const preview = ui.escalation.preview(admin);
  await expect(preview.getByTestId('preview-alert')).toHaveCount(1);
  await expect(preview.getByTestId('preview-alert')).toContainText(TITLE);
  await editor.getByTestId('policy-save').click();
  await expect(card).toContainText('After 5 minutes: notify the operators');

  await expectNoSeriousA11yViolations(admin);
  expect(errors).toEqual([]);
  await context.close();
});
