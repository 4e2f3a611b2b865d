import type { Page } from '@playwright/test';

/** Every selector the journeys use, in one place, so a markup change is one edit. */
export const ui = {
  landing: {
    hero: (page: Page) => page.getByTestId('landing-hero'),
    selectedCity: (page: Page) => page.getByTestId('landing-selected-city'),
    cityCard: (page: Page, name: string) =>
      page.getByTestId('landing-city-picker').getByRole('button', { name: new RegExp(`^${name}`) }),
    signIn: (page: Page) => page.getByTestId('landing-sign-in'),
    dashboard: (page: Page) => page.getByTestId('landing-dashboard'),
  },
  themeToggle: (page: Page) => page.getByTestId('theme-toggle'),
  header: {
    cityName: (page: Page) => page.getByTestId('header-city-name'),
    cityPopulation: (page: Page) => page.getByTestId('header-city-population'),
    citySelect: (page: Page) => page.getByRole('banner').getByTestId('city-select'),
    userMenu: (page: Page) => page.getByTestId('user-menu-button'),
    signOut: (page: Page) =>
      page.getByTestId('user-menu').getByRole('button', { name: 'Sign out', exact: true }),
  },
  sidebarUserName: (page: Page) => page.getByTestId('sidebar-user-name'),
  live: {
    headerStatus: (page: Page) => page.getByTestId('connection-status-header'),
    sidebarStatus: (page: Page) => page.getByTestId('connection-status-sidebar'),
    banner: (page: Page) => page.getByText('Reconnecting to server...'),
    criticalBadge: (page: Page) => page.getByTestId('critical-alerts-badge'),
    notificationsButton: (page: Page) => page.getByTestId('notifications-button'),
    notificationItems: (page: Page) => page.getByTestId('notification-item'),
  },
  login: {
    email: (page: Page) => page.getByTestId('login-email'),
    password: (page: Page) => page.getByTestId('login-password'),
    submit: (page: Page) => page.getByTestId('login-submit'),
    registerTab: (page: Page) => page.getByTestId('login-tab-register'),
    demo: (page: Page, who: 'admin' | 'operator' | 'citizen') =>
      page.getByTestId(`demo-sign-in-${who}`),
    twoFactorCode: (page: Page) => page.getByTestId('two-factor-code'),
    twoFactorSubmit: (page: Page) => page.getByTestId('two-factor-submit'),
  },
  register: {
    firstName: (page: Page) => page.getByTestId('register-first-name'),
    lastName: (page: Page) => page.getByTestId('register-last-name'),
    email: (page: Page) => page.getByTestId('register-email'),
    password: (page: Page) => page.getByTestId('register-password'),
    confirm: (page: Page) => page.getByTestId('register-confirm-password'),
    submit: (page: Page) => page.getByTestId('register-submit'),
  },
  twoFactorSettings: {
    status: (page: Page) => page.getByTestId('two-factor-status'),
    enable: (page: Page) => page.getByTestId('two-factor-enable'),
    password: (page: Page) => page.getByTestId('two-factor-password'),
    passwordSubmit: (page: Page) => page.getByTestId('two-factor-password-submit'),
    secret: (page: Page) => page.getByTestId('two-factor-secret'),
    code: (page: Page) => page.getByTestId('two-factor-enrol-code'),
    submit: (page: Page) => page.getByTestId('two-factor-enrol-submit'),
  },
};
