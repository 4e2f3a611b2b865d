import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ui } from '../selectors';
import {
  register,
  signInWithPassword,
  signOutFromUserMenu,
  uniqueEmail,
  watchConsole,
} from '../support';

const PASSWORD = 'correct-horse-battery';

test('register, sign out, sign in again, and a deep link returns where it started', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('asha');
  await register(page, { firstName: 'Asha', lastName: 'Sen', email, password: PASSWORD });
  await expect(
    page.getByText('Registration successful! Please check your email to verify your account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(ui.sidebarUserName(page)).toHaveText('Asha Sen');

  await signOutFromUserMenu(page);

  // A guarded deep link while signed out goes to the landing page, then back after signing in.
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/$/);
  await ui.landing.signIn(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, email, PASSWORD);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/alerts$/);
  expect(errors).toEqual([]);
});

test('a wrong password and an unknown address get the same answer', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  await signInWithPassword(page, 'demo@smartcity.local', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
  await expect(page.getByText('Login failed')).toBeVisible();
  await page.reload();
  await signInWithPassword(page, 'nobody@kolkata.example', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

test('the demo admin opens the notice composer and switches the header city', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  await ui.login.demo(page, 'admin').click();
  await expect(page.getByText('Welcome to the demo!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(ui.sidebarUserName(page)).toHaveText('Admin User');

  await expect(ui.header.cityName(page)).toHaveText('Kolkata');
  await expect(ui.header.cityPopulation(page)).toHaveText('14.9M residents');
  await ui.header.citySelect(page).selectOption({ label: 'New York' });
  await expect(ui.header.cityName(page)).toHaveText('New York');
  await expect(ui.header.cityPopulation(page)).toHaveText('8.3M residents');

  await page.goto('/announcements/new');
  await expect(page.getByRole('heading', { name: 'New Notice' })).toBeVisible();
  await expect(page.getByText('Insufficient Role')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the demo citizen is refused the notice composer', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  await ui.login.demo(page, 'citizen').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/announcements/new');
  await expect(page.getByText('Insufficient Role')).toBeVisible();
  await expect(page.getByText('This page requires admin role access.')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(errors).toEqual([]);
});

test('two-factor enrolment, then sign-in with a code computed here', async ({ page }) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('ravi');
  await register(page, { firstName: 'Ravi', lastName: 'Das', email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await ui.twoFactorSettings.enable(page).click();
  await ui.twoFactorSettings.password(page).fill(PASSWORD);
  await ui.twoFactorSettings.passwordSubmit(page).click();
  const setupKey = (await ui.twoFactorSettings.secret(page).innerText()).replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(setupKey), digits: 6, period: 30 });
  await ui.twoFactorSettings.code(page).fill(totp.generate());
  await ui.twoFactorSettings.submit(page).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();

  await signOutFromUserMenu(page);
  await page.goto('/login');
  await signInWithPassword(page, email, PASSWORD);
  await expect(ui.login.twoFactorCode(page)).toBeVisible();
  await ui.login.twoFactorCode(page).fill(totp.generate());
  await ui.login.twoFactorSubmit(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(ui.sidebarUserName(page)).toHaveText('Ravi Das');
  expect(errors).toEqual([]);
});
