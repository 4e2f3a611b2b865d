import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountLanguage } from '../lib/i18n/account-language';
import { applyLanguage } from '../lib/i18n/i18n';
import { initialLanguage } from '../lib/i18n/languages';
import { LANGUAGE_STORAGE_KEY } from '../lib/storage-keys';
import { fakeAccountServer } from '../test/fake-account-server';
import { renderWithProviders } from '../test/render';
import { LanguageSelect } from './language-select';

/** A text of the app, to see which language the page is in. */
function Heading() {
  const { t } = useTranslation();
  return <h1>{t('nav.dashboard')}</h1>;
}

function renderSwitcher() {
  return renderWithProviders(
    <>
      <AccountLanguage />
      <Heading />
      <LanguageSelect />
    </>,
    { auth: 'real' },
  );
}

afterEach(async () => {
  await applyLanguage('en');
});

describe('the language switcher', () => {
  it('names each language in its own script', async () => {
    fakeAccountServer();
    renderSwitcher();
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'English',
      'हिन्दी',
      'বাংলা',
    ]);
  });

  it('signed out, switches the page at once and keeps the choice on this device only', async () => {
    const server = fakeAccountServer();
    renderSwitcher();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Language' }),
      'বাংলা',
    );
    expect(await screen.findByRole('heading', { name: 'ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'ভাষা' })).toHaveValue('bn');
    expect(document.documentElement.lang).toBe('bn-IN');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('bn');
    expect(server.callsTo('PATCH /api/profile/preferences')).toBe(0);
  });

  it('signed in, saves the choice to the account as well', async () => {
    const server = fakeAccountServer({ signedIn: true });
    renderSwitcher();
    // The account has chosen no language yet: the page stays as it is until someone chooses.
    await waitFor(() => expect(server.callsTo('GET /api/profile/preferences')).toBe(1));
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Language' }),
      'हिन्दी',
    );
    expect(await screen.findByRole('heading', { name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi-IN');
    await waitFor(() =>
      expect(server.bodiesSentTo('PATCH /api/profile/preferences')).toEqual([{ language: 'hi' }]),
    );
    expect(server.state.language).toBe('hi');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it("signed in, opens in the account's language, whatever this device chose before", async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    fakeAccountServer({ signedIn: true, language: 'bn' });
    renderSwitcher();
    expect(await screen.findByRole('heading', { name: 'ড্যাশবোর্ড' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn-IN');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('bn');
  });
});

describe('the language a page opens in', () => {
  it("is this device's choice, else the browser's language when it is one of the three", () => {
    const languages = (list: string[]) =>
      Object.defineProperty(window.navigator, 'languages', { value: list, configurable: true });
    languages(['ta-IN', 'bn-IN', 'en']);
    expect(initialLanguage()).toBe('bn');
    languages(['fr-FR', 'de']);
    expect(initialLanguage()).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    expect(initialLanguage()).toBe('hi');
  });
});
