import { expect, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { ui } from './selectors';

/** Collects console errors and uncaught page errors; a journey ends by expecting none. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    // A refused request the journey provokes on purpose (401 before sign-in) is not an app error.
    if (msg.type() === 'error' && !/status of 40[13]/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Waits, when a city's local midnight is less than `withinMs` away, until it has passed. The
 * journeys run on the machine's clock, as the server does; one that compares "today" across its
 * steps (the escalation preview lists the city's alerts since local midnight) then stays inside
 * one day of the city, whatever time the suite starts.
 */
export async function clearOfMidnight(timeZone: string, withinMs: number): Promise<void> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnightMs = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  const untilMidnightMs = 86_400_000 - sinceMidnightMs;
  if (untilMidnightMs < withinMs) {
    await new Promise((resolve) => setTimeout(resolve, untilMidnightMs + 2_000));
  }
}

/** A fresh e-mail address per run, so journeys never collide with earlier data. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}@example.org`;
}

export async function signInWithPassword(page: Page, email: string, password: string) {
  await ui.login.email(page).fill(email);
  await ui.login.password(page).fill(password);
  await ui.login.submit(page).click();
}

export async function register(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto('/login');
  await ui.login.registerTab(page).click();
  await ui.register.firstName(page).fill(person.firstName);
  await ui.register.lastName(page).fill(person.lastName);
  await ui.register.email(page).fill(person.email);
  await ui.register.password(page).fill(person.password);
  await ui.register.confirm(page).fill(person.password);
  await ui.register.submit(page).click();
}

export async function signOutFromUserMenu(page: Page) {
  await ui.header.userMenu(page).click();
  await ui.header.signOut(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
}

/** Signs in with a demo account from the login page and waits for the dashboard. */
export async function signInAsDemo(page: Page, who: 'admin' | 'operator' | 'citizen') {
  await page.goto('/login');
  await ui.login.demo(page, who).click();
  // The first sign-in after a cold start can take a few seconds while the server warms up.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/**
 * Two people signed in at once with demo accounts, each in a browser of their own, their console
 * errors watched; `close` ends both browsers.
 */
export async function twoPeople(
  browser: Browser,
  first: 'admin' | 'operator' | 'citizen',
  second: 'admin' | 'operator' | 'citizen',
) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const pages = [await contexts[0]!.newPage(), await contexts[1]!.newPage()] as const;
  const errors = [watchConsole(pages[0]), watchConsole(pages[1])] as const;
  await signInAsDemo(pages[0], first);
  await signInAsDemo(pages[1], second);
  return { pages, errors, close: () => Promise.all(contexts.map((context) => context.close())) };
}

/** Switches the app to a theme through the header toggle, whatever the current one is. */
export async function useTheme(page: Page, theme: 'dark' | 'light') {
  const html = page.locator('html');
  if (((await html.getAttribute('class')) ?? '').includes('dark') !== (theme === 'dark')) {
    await ui.themeToggle(page).click();
  }
  if (theme === 'dark') await expect(html).toHaveClass(/dark/);
  else await expect(html).not.toHaveClass(/dark/);
}

/** Resolves once every finite animation and transition of the page has settled (spinners run forever). */
async function pageIsStill(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe on the page and fails on serious or critical violations, naming each rule and target.
 * A toast fading in or out is half transparent and axe would measure its contrast mid-fade, and a
 * live alert can raise one during a scan: findings on a still page are checked once more on a still
 * page, so only what stays wrong fails.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const seriousViolations = async () => {
    await pageIsStill(page);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  let serious = await seriousViolations();
  if (serious.length > 0) serious = await seriousViolations();
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * Resolves every active alert of a sensor (as the signed-in operator of `page`), so that the next
 * out-of-range reading raises a new alert rather than updating one the simulator or an earlier
 * journey left open.
 */
export async function resolveActiveAlertsOf(page: Page, baseURL: string, sensorId: string) {
  const res = await page.request.get(`/api/alerts?q=${sensorId}&limit=500`);
  expect(res.status()).toBe(200);
  const alerts = (await res.json()) as { id: string; status: string }[];
  for (const alert of alerts.filter((a) => a.status === 'open' || a.status === 'acknowledged')) {
    const resolved = await page.request.post(`/api/alerts/${alert.id}/resolve`, {
      headers: { Origin: baseURL },
      data: {},
    });
    expect(resolved.status()).toBe(200);
  }
}
