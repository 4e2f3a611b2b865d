import { expect, test, type Page } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

const SCRIPT_PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';

/** The app embeds YouTube from youtube-nocookie.com; the journeys never leave the machine. */
async function stubYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Player</title><body style="margin:0;background:#000"></body>',
    }),
  );
}

/** Publishes a notice through the API as the signed-in admin of `page`; returns its id. */
async function publishThroughApi(page: Page, baseURL: string, body: Record<string, string>) {
  const res = await page.request.post('/api/notices', { headers: { Origin: baseURL }, data: body });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test('an admin publishes a notice and a citizen’s open dashboard shows it live, dismissed for good', async ({
  browser,
  baseURL,
}) => {
  // Two people, two sign-ins and a reload: longer than one screen's journey.
  test.setTimeout(90_000);
  const citizenContext = await browser.newContext();
  const citizen = await citizenContext.newPage();
  const citizenErrors = watchConsole(citizen);
  await signInAsDemo(citizen, 'citizen');
  await expect(ui.live.headerStatus(citizen)).toHaveText('Connected', { timeout: 15_000 });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminErrors = watchConsole(admin);
  await signInAsDemo(admin, 'admin');
  await admin.goto('/announcements');
  await ui.notices.newNoticeButton(admin).click();
  await expect(admin).toHaveURL(/\/announcements\/new$/);

  // A bad field first: its error shows under it, and nothing is sent.
  await ui.notices.form.title(admin).fill('ab');
  await ui.notices.form.linkUrl(admin).fill('ftp://example.org/water');
  await ui.notices.form.publish(admin).click();
  await expect(admin.getByText('Use at least 3 characters')).toBeVisible();
  await expect(admin.getByText('Enter an address starting with http:// or https://')).toBeVisible();
  await expect(ui.notices.form.title(admin)).toHaveAttribute('aria-invalid', 'true');
  await expect(admin).toHaveURL(/\/announcements\/new$/);

  const title = `Water supply pause ${Date.now().toString(36)}`;
  const content = 'Supply pauses from 10:00 to 14:00 for pipe repairs.\nStore water in advance.';
  await ui.notices.form.title(admin).fill(title);
  await ui.notices.form.content(admin).fill(content);
  await ui.notices.form.imageUrl(admin).fill(`${baseURL}/favicon.svg`);
  await ui.notices.form.linkUrl(admin).fill('https://example.org/water');
  await ui.notices.form.publish(admin).click();

  await expect(admin).toHaveURL(/\/announcements\/[0-9a-f-]{36}$/);
  await expect(ui.notices.title(admin)).toHaveText(title);
  await expect(ui.notices.byline(admin)).toContainText('Admin User');
  await expect(ui.notices.content(admin)).toHaveText(content);
  await expect(ui.notices.image(admin)).toHaveAttribute('src', `${baseURL}/favicon.svg`);
  await expect(ui.notices.link(admin)).toHaveAttribute('target', '_blank');
  await expect(ui.notices.link(admin)).toHaveAttribute('rel', 'noopener noreferrer');

  // The citizen never reloaded: the live event brings it within a few seconds.
  await expect(ui.notices.cardText(citizen)).toHaveText(`${title}: ${content}`, {
    timeout: 5_000,
  });
  await expect(ui.notices.cardReadMore(citizen)).toHaveAttribute('href', '/announcements');
  await ui.notices.cardDismiss(citizen).click();
  await expect(ui.notices.card(citizen)).toHaveCount(0);

  const listFetched = citizen.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/notices' && res.status() === 200,
  );
  await citizen.reload();
  await listFetched;
  await expect(ui.live.headerStatus(citizen)).toHaveText('Connected', { timeout: 15_000 });
  await expect(ui.notices.card(citizen)).toHaveCount(0);

  await adminContext.close();
  expect(adminErrors).toEqual([]);
  expect(citizenErrors).toEqual([]);
  await citizenContext.close();
});

test('markup in a notice is shown as text and never runs', async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await signInAsDemo(page, 'admin');
  const id = await publishThroughApi(page, baseURL!, {
    title: SCRIPT_PAYLOAD,
    content: `${SCRIPT_PAYLOAD}\nA second line.`,
  });

  await page.goto(`/announcements/${id}`);
  await expect(ui.notices.title(page)).toHaveText(SCRIPT_PAYLOAD);
  await expect(ui.notices.content(page)).toHaveText(`${SCRIPT_PAYLOAD}\nA second line.`);
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);

  await page.goto('/announcements');
  await expect(ui.notices.items(page).first()).toContainText(SCRIPT_PAYLOAD);
  await page.goto('/dashboard');
  await expect(ui.notices.cardText(page)).toContainText(SCRIPT_PAYLOAD);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

for (const who of ['operator', 'citizen'] as const) {
  test(`the ${who} reads notices but sees no New Notice button`, async ({ page }) => {
    const errors = watchConsole(page);
    await signInAsDemo(page, who);
    await page.goto('/announcements');
    await expect(page.getByRole('heading', { level: 1, name: 'City Notices' })).toBeVisible();
    // The list has loaded (with notices, or its empty state) before the button is looked for.
    await expect(ui.notices.items(page).first().or(page.getByText('No notices yet'))).toBeVisible();
    await expect(ui.notices.newNoticeButton(page)).toHaveCount(0);
    // The compose route itself is refused.
    await page.goto('/announcements/new');
    await expect(page.getByText('Insufficient Role')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the notice screens pass axe in both themes', async ({ page, baseURL }) => {
  // Eight whole-page axe scans: each takes a few seconds on a busy 2-core machine.
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await stubYouTube(page);
  await signInAsDemo(page, 'admin');
  const id = await publishThroughApi(page, baseURL!, {
    title: 'How to read the dashboard',
    content:
      'The dashboard shows the live readings of the selected city.\nPick a city in the header.',
    imageUrl: `${baseURL}/favicon.svg`,
    videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    linkUrl: 'https://example.org/guide',
  });

  for (const theme of ['dark', 'light'] as const) {
    await page.goto('/announcements');
    await useTheme(page, theme);
    await expect(ui.notices.items(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/announcements/${id}`);
    await expect(ui.notices.youtube(page)).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await expectNoSeriousA11yViolations(page);

    await page.goto('/announcements/new');
    await ui.notices.form.publish(page).click();
    await expect(page.getByText('Use at least 3 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard');
    // The dashboard is the heaviest screen: on a busy machine its cards take longer than 5 s.
    await expect(ui.notices.card(page)).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
  }
  expect(errors).toEqual([]);
});
