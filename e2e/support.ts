import { expect, type ConsoleMessage, type Page } from '@playwright/test';
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
