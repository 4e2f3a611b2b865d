import { test } from '@playwright/test';
import { signInAsDemo } from '../support';
const ROUTES = [
  '/',
  '/login',
  '/dashboard',
  '/sensors',
  '/alerts',
  '/analytics',
  '/services',
  '/services/emergency',
  '/services/emergency?tab=dispatch',
  '/services/emergency/quick?service=ambulance',
  '/announcements',
  '/blockchain',
  '/city-twin',
  '/settings',
  '/profile',
];
test('report', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('smartcity_language', 'hi'));
  const page = await context.newPage();
  await signInAsDemo(page, 'admin');
  for (const route of ROUTES) {
    await page.goto(route);
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(2500);
    const found = await page.evaluate(() => {
      const out = new Set<string>();
      const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) {
        const t = n.textContent?.trim();
        if (t && /[A-Za-z]{3,}/.test(t) && n.parentElement?.checkVisibility()) out.add(t);
      }
      for (const el of document.body.querySelectorAll('[aria-label],[title],[placeholder]'))
        for (const a of ['aria-label', 'title', 'placeholder']) {
          const v = el.getAttribute(a);
          if (v && /[A-Za-z]{3,}/.test(v)) out.add('@' + a + ': ' + v);
        }
      return [...out];
    });
    console.log('### ' + route + '\n' + found.slice(0, 60).join('\n'));
  }
});
