import { expect, test, type Browser, type Page } from '@playwright/test';
import { en } from '../../apps/web/src/lib/i18n/en';
import { enCityTwin } from '../../apps/web/src/lib/i18n/en-city-twin';
import { enLanding } from '../../apps/web/src/lib/i18n/en-landing';
import { enOpenData } from '../../apps/web/src/lib/i18n/en-open-data';
import { enReports } from '../../apps/web/src/lib/i18n/en-reports';
import { enServices } from '../../apps/web/src/lib/i18n/en-services';
import { enSignedIn } from '../../apps/web/src/lib/i18n/en-signed-in';
import { enWorkflow } from '../../apps/web/src/lib/i18n/en-workflow';
import { latinWordsOnScreen, wordsOf } from '../latin-words';
import { ui } from '../selectors';
import {
  expectNoSeriousA11yViolations,
  resolveActiveAlertsOf,
  signInAsDemo,
  uniqueEmail,
  useTheme,
  watchConsole,
} from '../support';

type Language = 'en' | 'hi' | 'bn';
type Tree = { readonly [key: string]: string | Tree };

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', bn: 'bn-IN' };

/** Every screen, signed out and signed in (as an admin, who sees every screen and tab). */
const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/login?view=register',
  '/login?view=forgot',
  '/reset-password',
  '/reports',
  // A report that does not exist: its 404 is the point.
  '/reports/999999999',
  '/open-data',
];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/sensors',
  '/alerts',
  // The alert of alertWithWorkflow below, with an assignee, a comment and its timeline.
  '/alerts/:workflowAlert',
  '/alerts/no-such-alert',
  '/alerts/kpis',
  '/notifications',
  '/notifications?show=unread',
  '/analytics',
  '/services',
  '/services/emergency',
  '/services/emergency?tab=mine',
  '/services/dispatch',
  '/services/billing',
  '/services/emergency/quick?service=ambulance',
  '/services/emergency/success?booking=none',
  '/services/emergency/cancel',
  '/announcements',
  '/announcements/new',
  '/announcements/no-such-notice',
  '/announcements/no-such-notice/edit',
  '/blockchain',
  '/city-twin',
  '/settings',
  '/settings/escalation',
  '/profile',
  '/admin/people',
  '/admin/device-keys',
  '/admin/maintenance',
  '/reports',
  '/reports/new',
  '/reports/mine',
  '/reports/queue',
  '/open-data',
];

const WORKFLOW_SENSOR = 'kolkata-waste-park-street';

/**
 * Gives the alert workflow's screens something to show in every part: a critical alert assigned to
 * the operator, who comments on it mentioning the admin (a notification of the admin's), and a
 * policy of Kolkata's critical alerts whose step is a day away, so it never fires during a journey.
 * Returns the alert's id.
 */
type PolicyStep = {
  afterSeconds: number;
  action: string;
  audience: string | null;
  severity: string | null;
  everySeconds: number | null;
};
type KolkataPolicy = {
  id: string;
  severity: string;
  sensorType: string | null;
  steps: PolicyStep[];
};

/** The steps Kolkata's critical policy had before the journeys, to give back at their end. */
let savedKolkataSteps: PolicyStep[] | undefined;

/** A step as the API answered it, as the API takes it: what the step does not use is left out. */
function stepInput(step: PolicyStep) {
  return Object.fromEntries(Object.entries(step).filter(([, value]) => value !== null));
}

async function alertWithWorkflow(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const { request } = context;
  const headers = { Origin: baseURL };
  const signIn = async (username: 'admin' | 'operator') => {
    const res = await request.post('/api/auth/demo-sign-in', { headers, data: { username } });
    expect(res.status()).toBe(200);
  };
  await signIn('admin');
  // Kolkata's critical policy (seeded with 10- and 30-minute steps) waits a day instead; the
  // journeys' end gives it back its own steps.
  const policiesListed = await request.get('/api/escalation-policies?city=kolkata');
  const { items } = (await policiesListed.json()) as { items: KolkataPolicy[] };
  const current = items.find((p) => p.severity === 'critical' && p.sensorType === null);
  const dayAway = [{ afterSeconds: 86_400, action: 'notify', audience: 'operators' }];
  if (current && current.steps[0]?.afterSeconds !== 86_400) {
    savedKolkataSteps ??= current.steps;
    const changed = await request.patch(`/api/escalation-policies/${current.id}`, {
      headers,
      data: { steps: dayAway },
    });
    expect(changed.status()).toBe(200);
  } else if (!current) {
    const policy = await request.post('/api/escalation-policies', {
      headers,
      data: { city: 'kolkata', severity: 'critical', steps: dayAway },
    });
    expect([201, 409]).toContain(policy.status());
  }
  const raised = await request.post('/api/ingest/readings', {
    headers,
    data: { readings: [{ sensorId: WORKFLOW_SENSOR, value: 99 }] },
  });
  expect(raised.status()).toBe(202);
  const listed = await request.get(`/api/alerts?q=${WORKFLOW_SENSOR}&status=active&limit=1`);
  const [alert] = (await listed.json()) as { id: string }[];
  const staff = (await (await request.get('/api/staff')).json()) as {
    items: { id: string; username: string | null }[];
  };
  const operator = staff.items.find((person) => person.username === 'operator')!;
  const assigned = await request.post(`/api/alerts/${alert!.id}/assign`, {
    headers,
    data: { assigneeId: operator.id },
  });
  expect(assigned.status()).toBe(200);
  await signIn('operator');
  const commented = await request.post(`/api/alerts/${alert!.id}/comments`, {
    headers,
    data: { body: '@admin Park Street 🚛' },
  });
  expect(commented.status()).toBe(201);
  await context.close();
  return alert!.id;
}

/**
 * The words of what the cities named themselves (sensors, places, people): screens show them as
 * written, so a Latin one among Hindi or Bengali words is the city's, not a missed translation.
 */
async function namesOfTheCities(browser: Browser, baseURL: string): Promise<Set<string>> {
  const context = await browser.newContext({ baseURL });
  const { request } = context;
  await request.post('/api/auth/demo-sign-in', {
    headers: { Origin: baseURL },
    data: { username: 'admin' },
  });
  const names: string[] = [];
  for (const city of ['kolkata', 'kharagpur', 'new-york']) {
    const sensors = (await (await request.get(`/api/sensors?city=${city}`)).json()) as {
      name: string;
      location: string;
    }[];
    for (const sensor of sensors) names.push(sensor.name, sensor.location);
  }
  const staff = (await (await request.get('/api/staff')).json()) as {
    items: { name: string | null; username: string | null }[];
  };
  // Staff by name, and by username where a comment mentions them (@admin).
  for (const person of staff.items) {
    if (person.name) names.push(person.name);
    if (person.username) names.push(person.username);
  }
  // What the city's staff wrote: its notices and contracts, shown in the words they chose.
  const notices = (await (await request.get('/api/notices?limit=100')).json()) as {
    data: { title: string; content: string }[];
  };
  for (const notice of notices.data) names.push(notice.title, notice.content);
  const contracts = (await (await request.get('/api/contracts')).json()) as {
    name: string;
    description: string;
  }[];
  for (const contract of contracts) names.push(contract.name, contract.description);
  // The sign-in page offers the demo accounts by their names.
  const demo = (await (await request.get('/api/auth/demo-accounts')).json()) as {
    accounts: { displayName: string }[];
  };
  for (const account of demo.accounts) names.push(account.displayName);
  await context.close();
  return wordsOf(names);
}

function texts(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : texts(value),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The English texts of the app's own keys, as patterns a whole text on screen would match
 * ({{variables}} match anything). Texts with no English word in them ('PM2.5', '{{metric}}
 * ({{unit}})', 'MAE {{mae}} · MAPE {{mape}}': abbreviations in capitals) are the same in every
 * language and are left out.
 */
const ENGLISH = [
  ...texts(en),
  ...texts(enLanding),
  ...texts(enOpenData),
  ...texts(enReports),
  ...texts(enServices),
  ...texts(enCityTwin),
  ...texts(enWorkflow),
]
  .filter((text) => /[a-z]{3,}/.test(text.replace(/{{[^}]*}}/g, '')))
  .map((text) => ({
    text,
    pattern: new RegExp(
      `^${text
        .split(/{{[^}]*}}/)
        .map(escapeRegExp)
        .join('.+?')}$`,
    ),
  }));

/** Every piece of text a person sees or hears on the page: text nodes and the labels of elements. */
async function textsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // What a person wrote (a booking's place, a note) is kept as they wrote it, in their language.
      if (parent.closest('[data-persons-words]')) continue;
      // Screen-reader-only text is hidden to the eye but read out, so it counts.
      if (!parent.checkVisibility() && !parent.closest('.sr-only')) continue;
      found.add(text);
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label],[title],[placeholder],[alt]',
    )) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.add(value);
      }
    }
    return [...found];
  });
}

/** Waits for a screen to stop loading: its heading shown and no spinner left (the map's aside). */
async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await page
    .waitForFunction(() => document.querySelectorAll('main .animate-spin').length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

/** Opens a route, ready to be checked. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await settle(page);
}

/**
 * A browser of its own per language: the language is this device's choice (as the switcher
 * leaves it), so the signed-in admin account's own preference stays untouched for other journeys.
 */
async function browserIn(browser: Browser, language: Language) {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript((chosen) => {
    if (!window.localStorage.getItem('smartcity_language')) {
      window.localStorage.setItem('smartcity_language', chosen);
    }
  }, language);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Checks what a route shows in a language: no missing key, no English of the app's own texts, and
 * no Latin word but identifiers, units and the cities' own names (`names`).
 */
async function expectWrittenIn(
  page: Page,
  language: Language,
  route: string,
  names: ReadonlySet<string>,
) {
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[language]);
  const onScreen = await textsOnScreen(page);
  const missing = onScreen.filter((text) => text.includes('⟦'));
  expect(missing, `${route}: texts whose key is missing`).toEqual([]);
  if (language === 'en') return;
  const english = onScreen.filter((text) => ENGLISH.some(({ pattern }) => pattern.test(text)));
  expect(english, `${route}: English left on the ${language} screen`).toEqual([]);
  const latin = await latinWordsOnScreen(page, names);
  expect(latin, `${route}: Latin words on the ${language} screen`).toEqual([]);
}

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

type Look = { theme: 'dark' | 'light'; size: typeof WIDE };

/**
 * Where each language's screens meet axe. The colours and the layout are the same in every
 * language, so each screen is seen once in each of the four looks across the three: English dark
 * and wide, and light and narrow; Hindi light and wide; Bengali dark and narrow. Every language is
 * checked on every screen, and the journey stays short (axe takes seconds a look).
 */
const LOOKS: Record<Language, Look[]> = {
  en: [
    { theme: 'dark', size: WIDE },
    { theme: 'light', size: PHONE },
  ],
  hi: [{ theme: 'light', size: WIDE }],
  bn: [{ theme: 'dark', size: PHONE }],
};

/**
 * axe on the screen as it is, in the language's looks. The theme changes through its switch (at
 * 1440 px, where the header shows it) and the width by resizing, so one load of the screen serves
 * all of them.
 */
async function expectAccessibleEverywhere(page: Page, language: Language) {
  for (const { theme, size } of LOOKS[language]) {
    await page.setViewportSize(WIDE);
    await useTheme(page, theme);
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(WIDE);
  await useTheme(page, 'dark');
}

// The journeys that follow on this server meet neither the policy, nor the alert, nor an unread
// notification of the admin's.
test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const { request } = context;
  const headers = { Origin: baseURL! };
  await request.post('/api/auth/demo-sign-in', { headers, data: { username: 'admin' } });
  const policies = (await (await request.get('/api/escalation-policies?city=kolkata')).json()) as {
    items: KolkataPolicy[];
  };
  for (const policy of policies.items.filter((p) => p.severity === 'critical' && !p.sensorType)) {
    if (savedKolkataSteps)
      await request.patch(`/api/escalation-policies/${policy.id}`, {
        headers,
        data: { steps: savedKolkataSteps.map(stepInput) },
      });
    else await request.delete(`/api/escalation-policies/${policy.id}`, { headers });
  }
  await request.post('/api/notifications/read-all', { headers, data: {} });
  const page = await context.newPage();
  await resolveActiveAlertsOf(page, baseURL!, WORKFLOW_SENSOR);
  await context.close();
});

for (const language of ['hi', 'bn', 'en'] as const) {
  test(`every screen in ${language}: all its own words, nothing missing, accessible in light and dark, wide and narrow`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(900_000);
    const { context, page } = await browserIn(browser, language);
    const errors = watchConsole(page);
    await page.setViewportSize(WIDE);
    const names = await namesOfTheCities(browser, baseURL!);

    for (const route of PUBLIC_ROUTES) {
      await open(page, route);
      await expectWrittenIn(page, language, route, names);
      await expectAccessibleEverywhere(page, language);
    }

    const workflowAlert = await alertWithWorkflow(browser, baseURL!);
    await signInAsDemo(page, 'admin');
    for (const route of SIGNED_IN_ROUTES.map((r) => r.replace(':workflowAlert', workflowAlert))) {
      await open(page, route);
      await expectWrittenIn(page, language, route, names);
      if (route === '/blockchain') {
        for (const tab of ['monitor', 'feedback', 'verify', 'admin'] as const) {
          await ui.ledger.tab(page, tab).click();
          await settle(page);
          await expectWrittenIn(page, language, `${route} (${tab})`, names);
        }
      }
      await expectAccessibleEverywhere(page, language);
    }
    // The missing notice, alert, booking and report are asked for on purpose: their 404s are the point.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });
}

test('the switcher on the landing page changes the page at once and keeps the choice on this device', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await ui.language.select(page).selectOption('hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(ui.landing.signIn(page)).toHaveText('साइन इन करें');
  await page.reload();
  await expect(ui.landing.signIn(page)).toHaveText('साइन इन करें');
  await page.goto('/login');
  await expect(ui.language.select(page)).toHaveValue('hi');
  await context.close();
});

test('a browser asking for Bengali opens in Bengali until someone chooses', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'bn-IN' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('সাইন ইন');
  await context.close();
});

test("signed in, the user menu's choice is saved to the account and follows it to another device", async ({
  browser,
  baseURL,
}) => {
  const person = {
    email: uniqueEmail('bhasha'),
    password: 'correct-horse-battery',
    firstName: 'Mita',
    lastName: 'Das',
  };
  const first = await browser.newContext({ locale: 'en-IN' });
  const page = await first.newPage();
  const created = await page.request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL! },
    data: { ...person, name: `${person.firstName} ${person.lastName}` },
  });
  expect(created.status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');

  await ui.header.userMenu(page).click();
  await ui.language.userMenu(page).selectOption('bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ড্যাশবোর্ড');
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/profile/preferences')).json()) as {
            language: string;
          }
        ).language,
    )
    .toBe('bn');

  // Another device, which never chose: signing in brings the account's language.
  const second = await browser.newContext({ locale: 'en-US' });
  const other = await second.newPage();
  await other.goto('/login');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en-IN');
  await ui.login.email(other).fill(person.email);
  await ui.login.password(other).fill(person.password);
  await ui.login.submit(other).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.locator('html')).toHaveAttribute('lang', 'bn-IN');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('ড্যাশবোর্ড');

  // Settings changes it the same way.
  await other.goto('/settings');
  await ui.language.settings(other).getByRole('button', { name: 'English' }).click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect
    .poll(
      async () =>
        (
          (await (await other.request.get('/api/profile/preferences')).json()) as {
            language: string;
          }
        ).language,
    )
    .toBe('en');
  await Promise.all([first.close(), second.close()]);
});

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  y: 'ý',
  A: 'Å',
  E: 'É',
  O: 'Ö',
  U: 'Ü',
};

/**
 * A pseudo-language: every English text with accents and 40 % longer, in words of four letters
 * (longer than Hindi or Bengali run), {{variables}} kept, so a screen that only fits English shows.
 */
function pseudo(text: string): string {
  const words = text.replace(/{{[^}]*}}/g, '');
  const accented = text
    .split(/({{[^}]*}})/)
    .map((part) =>
      part.startsWith('{{') ? part : [...part].map((ch) => ACCENTED[ch] ?? ch).join(''),
    )
    .join('');
  const extra = Math.ceil(words.length * 0.4);
  const padding = Array.from({ length: Math.ceil(extra / 5) }, () => 'ẋẋẋẋ').join(' ');
  return extra > 0 ? `${accented} ${padding}` : accented;
}

function pseudoTree(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudo(value) : pseudoTree(value),
    ]),
  );
}

/**
 * Elements that reach past the sides of the screen, other than inside a box that scrolls or cuts
 * its content on purpose (a tab strip, a table, a line that ends in an ellipsis).
 */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility() || element.closest('svg, .sr-only')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      let contained = false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') contained = true;
      }
      if (contained) continue;
      const name = element.getAttribute('data-testid') ?? element.tagName.toLowerCase();
      found.push(
        `${name} (${Math.round(box.left)}–${Math.round(box.right)} px): ${element.textContent?.slice(0, 60) ?? ''}`,
      );
    }
    return found;
  });
}

test('every screen holds texts 40 % longer than English at 375 px without spilling sideways', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { context, page } = await browserIn(browser, 'hi');
  // The Hindi texts the app fetches are swapped for the pseudo-language, module shape and all.
  const namespaces: [RegExp, Tree][] = [
    [/\/hi-services-[\w-]+\.js$/, enServices],
    [/\/hi-city-twin-[\w-]+\.js$/, enCityTwin],
    [/\/hi-workflow-[\w-]+\.js$/, enWorkflow],
    [/\/hi-signed-in-[\w-]+\.js$/, enSignedIn],
    [/\/hi-[\w-]+\.js$/, en],
  ];
  await context.route(/\/assets\/hi-[\w-]+\.js$/, async (route) => {
    const original = await (await route.fetch()).text();
    const exported = /export\s*\{\s*(\w+)\s+as\s+(\w+)\s*\}/.exec(original);
    const url = route.request().url();
    const texts = namespaces.find(([pattern]) => pattern.test(url))![1];
    await route.fulfill({
      contentType: 'text/javascript',
      body: `var texts=${JSON.stringify(pseudoTree(texts))};export{texts as ${exported![2]}};`,
    });
  });
  await page.setViewportSize(PHONE);
  for (const route of PUBLIC_ROUTES) {
    await open(page, route);
    await expect(page.getByText(/ẋẋẋẋ/).first()).toBeVisible();
    expect(await horizontalOverflow(page), route).toEqual([]);
  }
  const workflowAlert = await alertWithWorkflow(browser, baseURL!);
  await signInAsDemo(page, 'admin');
  for (const route of SIGNED_IN_ROUTES.map((r) => r.replace(':workflowAlert', workflowAlert))) {
    await open(page, route);
    expect(await horizontalOverflow(page), route).toEqual([]);
  }
  await context.close();
});
