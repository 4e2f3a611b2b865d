import type { Page } from '@playwright/test';

/** Every selector the journeys use, in one place, so a markup change is one edit. */
export const ui = {
  hero: (page: Page) => page.getByTestId('landing-hero'),
  selectedCity: (page: Page) => page.getByTestId('landing-selected-city'),
  cityPicker: (page: Page) => page.getByTestId('landing-city-picker'),
  cityCard: (page: Page, name: string) =>
    page.getByTestId('landing-city-picker').getByRole('button', { name: new RegExp(`^${name}`) }),
  themeToggle: (page: Page) => page.getByTestId('theme-toggle'),
  signIn: (page: Page) => page.getByTestId('landing-sign-in'),
};
