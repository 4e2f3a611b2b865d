import { DEFAULT_NOTIFICATION_PREFERENCES } from '@smart-city/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeAccountServer,
  GOOD_PASSWORD,
  GOOD_TOTP,
  TOTP_URI,
} from '../../test/fake-account-server';
import type { FakeAccountServerOptions } from '../../test/fake-account-server';
import { jsonResponse } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';

async function openSettings(options: FakeAccountServerOptions = {}) {
  const server = fakeAccountServer({ signedIn: true, ...options });
  const rendered = renderRoute('/settings', { auth: 'real' });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...rendered, server };
}

function notifications() {
  return within(screen.getByTestId('notification-settings'));
}

function security() {
  return within(screen.getByTestId('security-settings'));
}

describe('appearance', () => {
  it('switches the theme and offers the cities', async () => {
    await openSettings();
    const appearance = within(screen.getByTestId('appearance-settings'));
    await userEvent.click(appearance.getByRole('button', { name: 'Light' }));
    expect(appearance.getByRole('button', { name: 'Light' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(document.documentElement).not.toHaveClass('dark');
    expect(await appearance.findByRole('combobox', { name: 'City' })).toHaveValue('kolkata');
  });
});

describe('notification preferences', () => {
  it("shows the account's switches with their labels", async () => {
    await openSettings();
    expect(await notifications().findByRole('switch', { name: 'Critical alerts' })).toBeChecked();
    expect(notifications().getByRole('switch', { name: 'Warnings' })).toBeChecked();
    expect(notifications().getByRole('switch', { name: 'Daily e-mail summary' })).not.toBeChecked();
    expect(
      notifications().getByRole('switch', { name: 'Daily e-mail summary' }),
    ).toHaveAccessibleDescription("Once a day, an e-mail with your city's alerts.");
  });

  it('saves a switch as soon as it moves', async () => {
    const { server } = await openSettings();
    const warnings = await notifications().findByRole('switch', { name: 'Warnings' });
    await userEvent.click(warnings);
    expect(warnings).not.toBeChecked();
    await waitFor(() =>
      expect(server.bodiesSentTo('PATCH /api/profile/preferences')).toEqual([
        { notifications: { warningAlerts: false } },
      ]),
    );
    expect(server.state.preferences.warningAlerts).toBe(false);
    expect(warnings).not.toBeChecked();
  });

  it('moves the switch back and says so when the server refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let refuse: () => void = () => {};
    await openSettings({
      routes: {
        'PATCH /api/profile/preferences': () =>
          new Promise<Response>((resolve) => {
            refuse = () =>
              resolve(
                jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500),
              );
          }),
      },
    });
    const critical = await notifications().findByRole('switch', { name: 'Critical alerts' });
    await userEvent.click(critical);
    expect(critical).not.toBeChecked();

    refuse();
    expect(
      await screen.findByText('Your notification setting could not be saved.'),
    ).toBeInTheDocument();
    expect(critical).toBeChecked();
  });

  it('says when they cannot be loaded, and retries', async () => {
    let fail = true;
    await openSettings({
      routes: {
        'GET /api/profile/preferences': () =>
          fail
            ? jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500)
            : jsonResponse({
                notifications: {
                  ...DEFAULT_NOTIFICATION_PREFERENCES,
                  criticalAlerts: false,
                  highAlerts: false,
                  warningAlerts: false,
                  notices: false,
                  emailDigest: true,
                },
                language: null,
              }),
      },
    });
    expect(await notifications().findByTestId('preferences-error')).toHaveTextContent(
      'Your notification settings could not be loaded.',
    );
    fail = false;
    await userEvent.click(notifications().getByRole('button', { name: 'Retry' }));
    expect(
      await notifications().findByRole('switch', { name: 'Daily e-mail summary' }),
    ).toBeChecked();
  });
});

describe('two-factor authentication', () => {
  it('enrols with the password, a QR code, the setup key, backup codes and a first code', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { server } = await openSettings();
    expect(security().getByTestId('two-factor-status')).toHaveTextContent('Off');

    await userEvent.click(
      security().getByRole('button', { name: 'Turn on two-factor authentication' }),
    );
    await userEvent.type(security().getByLabelText('Current password'), 'wrong-password');
    await userEvent.click(security().getByRole('button', { name: 'Continue' }));
    expect(await security().findByText('Invalid password')).toBeInTheDocument();

    await userEvent.clear(security().getByLabelText('Current password'));
    await userEvent.type(security().getByLabelText('Current password'), GOOD_PASSWORD);
    await userEvent.click(security().getByRole('button', { name: 'Continue' }));

    const qr = await security().findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(security().getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(
      within(security().getByTestId('two-factor-backup-codes')).getAllByRole('listitem'),
    ).toHaveLength(3);
    await userEvent.click(security().getByRole('button', { name: 'Copy backup codes' }));
    expect(writeText).toHaveBeenCalledWith('backup-0001\nbackup-0002\nbackup-0003');
    expect(await screen.findByText('Backup codes copied')).toBeInTheDocument();

    await userEvent.type(security().getByLabelText('Authentication code'), '000000');
    await userEvent.click(security().getByRole('button', { name: 'Turn on' }));
    expect(await security().findByText('Invalid code')).toBeInTheDocument();

    await userEvent.clear(security().getByLabelText('Authentication code'));
    await userEvent.type(security().getByLabelText('Authentication code'), GOOD_TOTP);
    await userEvent.click(security().getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    expect(security().getByTestId('two-factor-status')).toHaveTextContent('On');
    expect(server.bodiesSentTo('POST /api/auth/two-factor/enable')).toEqual([
      { password: 'wrong-password' },
      { password: GOOD_PASSWORD },
    ]);
    expect(TOTP_URI).toContain('secret=');
  });

  it('turns off with the password', async () => {
    const { server } = await openSettings({ twoFactor: true });
    expect(security().getByTestId('two-factor-status')).toHaveTextContent('On');
    await userEvent.click(
      security().getByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    await userEvent.type(security().getByLabelText('Current password'), GOOD_PASSWORD);
    await userEvent.click(
      security().getByRole('button', { name: 'Turn off two-factor authentication' }),
    );
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(security().getByTestId('two-factor-status')).toHaveTextContent('Off');
    expect(server.bodiesSentTo('POST /api/auth/two-factor/disable')).toEqual([
      { password: GOOD_PASSWORD },
    ]);
  });

  it('can be cancelled before anything changes', async () => {
    const { server } = await openSettings();
    await userEvent.click(
      security().getByRole('button', { name: 'Turn on two-factor authentication' }),
    );
    await userEvent.click(security().getByRole('button', { name: 'Cancel' }));
    expect(security().queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/two-factor/enable')).toBe(0);
  });
});

describe('other sessions', () => {
  it('signs out every other session', async () => {
    const { server } = await openSettings();
    await userEvent.click(security().getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('Other sessions signed out')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/revoke-other-sessions')).toBe(1);
  });
});

describe('demo accounts', () => {
  it('offers no password, two-factor or session changes, and says why', async () => {
    await openSettings({ profile: { isDemoUser: true, email: 'demo@smartcity.local' } });
    expect(security().getByTestId('security-demo-note')).toHaveTextContent(
      'its e-mail address and password cannot be changed',
    );
    expect(security().queryByRole('button')).not.toBeInTheDocument();
    expect(security().queryByLabelText(/password/i)).not.toBeInTheDocument();
  });
});

describe('alert e-mail and quiet hours', () => {
  const email = () => within(screen.getByTestId('alert-email-settings'));

  it('is not offered to citizens', async () => {
    await openSettings();
    await notifications().findByRole('switch', { name: 'Critical alerts' });
    expect(screen.queryByTestId('alert-email-settings')).not.toBeInTheDocument();
  });

  it('says e-mail is off when the server sends none, and saves the e-mail switch and cities', async () => {
    const { server } = await openSettings({
      profile: { role: 'operator' },
      routes: {
        'GET /api/client-config': () =>
          jsonResponse({ mapTileUrl: null, mapTileAttribution: null, emailEnabled: false }),
      },
    });
    expect(await email().findByTestId('email-off')).toHaveTextContent(
      'E-mail is off on this server',
    );
    await userEvent.click(await email().findByRole('switch', { name: 'E-mail me' }));
    await userEvent.click(email().getByRole('button', { name: 'New York' }));
    await waitFor(() =>
      expect(server.bodiesSentTo('PATCH /api/profile/preferences')).toEqual([
        { notifications: { emailAlerts: false } },
        { notifications: { alertCities: ['new-york'] } },
      ]),
    );
  });

  it('turns quiet hours on in the browser’s time zone and saves a changed span', async () => {
    const { server } = await openSettings({
      profile: { role: 'admin' },
      routes: {
        'GET /api/client-config': () =>
          jsonResponse({ mapTileUrl: null, mapTileAttribution: null, emailEnabled: true }),
      },
    });
    await userEvent.click(await email().findByRole('switch', { name: 'Quiet hours' }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() =>
      expect(server.bodiesSentTo('PATCH /api/profile/preferences')).toEqual([
        { notifications: { quietHours: { start: '22:00', end: '07:00', timeZone: zone } } },
      ]),
    );
    const until = await email().findByLabelText('Until');
    await userEvent.clear(until);
    await userEvent.type(until, '06:30');
    await userEvent.click(email().getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() =>
      expect(server.bodiesSentTo('PATCH /api/profile/preferences').at(-1)).toEqual({
        notifications: { quietHours: { start: '22:00', end: '06:30', timeZone: zone } },
      }),
    );
    expect(screen.queryByTestId('email-off')).not.toBeInTheDocument();
  });
});

describe('storage and retention', () => {
  const storage = {
    databaseBytes: 3_400_000_000,
    rawBytes: 2_100_000_000,
    rawPartitions: 31,
    rollupBytes: 640_000_000,
    oldestReading: '2026-11-05T00:00:00.000Z',
    retention: { rawDays: 30, fineRollupDays: 30, hourlyDays: 400, dailyDays: null },
  };

  it("shows an admin the readings' sizes and how long each kind is kept", async () => {
    await openSettings({
      profile: { role: 'admin' },
      routes: { 'GET /api/admin/storage': () => jsonResponse(storage) },
    });
    const card = within(await screen.findByTestId('storage-settings'));
    const figures = within(await card.findByTestId('storage-figures'));
    expect(figures.getByText('3.4 GB')).toBeInTheDocument();
    expect(figures.getByText('2.1 GB')).toBeInTheDocument();
    expect(figures.getByText('in 31 day partitions')).toBeInTheDocument();
    expect(figures.getByText('640 MB')).toBeInTheDocument();
    expect(figures.getByText('from 5 Nov 2026')).toBeInTheDocument();
    const kept = within(card.getByTestId('storage-retention'));
    expect(kept.getByText('Hourly summaries (30-day charts)').nextSibling).toHaveTextContent(
      '400 days',
    );
    expect(kept.getByText('Daily summaries (one-year charts)').nextSibling).toHaveTextContent(
      'Kept for ever',
    );
  });

  it('says so, with Retry, when the figures cannot be loaded', async () => {
    await openSettings({
      profile: { role: 'admin' },
      routes: {
        'GET /api/admin/storage': () =>
          jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500),
      },
    });
    const card = within(await screen.findByTestId('storage-settings'));
    expect(await card.findByText('The storage figures could not be loaded.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is not offered to others', async () => {
    const { server } = await openSettings({ profile: { role: 'operator' } });
    await screen.findByTestId('security-settings');
    expect(screen.queryByTestId('storage-settings')).not.toBeInTheDocument();
    expect(server.bodiesSentTo('GET /api/admin/storage')).toEqual([]);
  });
});
