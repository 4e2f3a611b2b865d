import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer } from '../../test/fake-account-server';
import { jsonResponse } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';
import type { FakeAccountServerOptions } from '../../test/fake-account-server';

async function openProfile(options: FakeAccountServerOptions = {}) {
  const server = fakeAccountServer({ signedIn: true, ...options });
  const rendered = renderRoute('/profile', { auth: 'real' });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return { ...rendered, server };
}

function details() {
  return within(screen.getByTestId('profile-details'));
}

describe('ProfilePage', () => {
  it('fills the form from the profile and shows e-mail and role read-only', async () => {
    await openProfile({ profile: { role: 'operator', phone: '+91 98765 43210' } });
    expect(details().getByLabelText('First name')).toHaveValue('Asha');
    expect(details().getByLabelText('Last name')).toHaveValue('Sen');
    expect(details().getByLabelText('Phone')).toHaveValue('+91 98765 43210');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('asha.sen@smartcity.local');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Operator');
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(details().getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('saves only what changed and updates the name shown in the sidebar', async () => {
    const { server } = await openProfile({ profile: { role: 'operator' } });
    const firstName = details().getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Ashalata');
    await userEvent.type(details().getByLabelText('Department'), 'Water Works');
    await userEvent.click(details().getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(server.bodiesSentTo('PATCH /api/profile')).toEqual([
      { firstName: 'Ashalata', department: 'Water Works' },
    ]);
    expect(
      within(screen.getByTestId('sidebar')).getByTestId('sidebar-user-name'),
    ).toHaveTextContent('Ashalata Sen');
    expect(details().getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it("lets a citizen choose the area they live in, from every city's list", async () => {
    const { server } = await openProfile();
    const card = within(screen.getByTestId('profile-area'));
    expect(card.getByTestId('profile-area-current')).toHaveTextContent('No area chosen yet.');
    const picker = card.getByLabelText('Area');
    expect(within(picker).getByRole('group', { name: 'Kharagpur' })).toBeInTheDocument();
    await userEvent.selectOptions(picker, 'Salt Lake');
    await userEvent.click(card.getByRole('button', { name: 'Save area' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(server.bodiesSentTo('PATCH /api/profile')).toEqual([{ area: 'salt-lake' }]);
    expect(
      within(screen.getByTestId('profile-area')).getByTestId('profile-area-current'),
    ).toHaveTextContent('Now: Salt Lake, Kolkata');

    await userEvent.selectOptions(screen.getByLabelText('Area'), 'No area');
    await userEvent.click(screen.getByRole('button', { name: 'Save area' }));
    await screen.findByText('No area chosen yet.');
    expect(server.bodiesSentTo('PATCH /api/profile').at(-1)).toEqual({ area: null });
  });

  it('has no area picker for operators, whose dashboard is the same everywhere', async () => {
    await openProfile({ profile: { role: 'operator' } });
    expect(screen.queryByTestId('profile-area')).toBeNull();
  });

  it('checks names and phone as the server does', async () => {
    const { server } = await openProfile();
    await userEvent.clear(details().getByLabelText('First name'));
    await userEvent.clear(details().getByLabelText('Last name'));
    await userEvent.type(details().getByLabelText('Phone'), 'call me');
    await userEvent.click(details().getByRole('button', { name: 'Save changes' }));

    expect(await details().findByText('Enter your first name')).toBeInTheDocument();
    expect(details().getByText('Enter your last name')).toBeInTheDocument();
    expect(details().getByText('Enter a phone number such as +91 98765 43210')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/profile')).toBe(0);
  });

  it("says 'Profile update failed' and marks the field the server refused", async () => {
    await openProfile({
      routes: {
        'PATCH /api/profile': () =>
          jsonResponse(
            {
              error: {
                code: 'invalid_input',
                message: 'Invalid input: phone must be a phone number such as +91 98765 43210',
                details: [{ path: 'phone', message: 'Not a number we can call' }],
              },
            },
            400,
          ),
      },
    });
    await userEvent.type(details().getByLabelText('Phone'), '+91 12345 67890');
    await userEvent.click(details().getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile update failed')).toBeInTheDocument();
    expect(details().getByText('Not a number we can call')).toBeInTheDocument();
    expect(details().getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'User not authenticated' and signs out when the session has ended", async () => {
    const { server, router } = await openProfile();
    server.state.signedIn = false;
    await userEvent.type(details().getByLabelText('Phone'), '+91 98765 43210');
    await userEvent.click(details().getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('User not authenticated')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a citizen no staff fields, and staff their department', async () => {
    const { unmount } = await openProfile({ profile: { role: 'citizen' } });
    expect(details().getByLabelText('Phone')).toBeInTheDocument();
    expect(details().queryByLabelText('Department')).not.toBeInTheDocument();
    unmount();
    await openProfile({ profile: { role: 'admin', department: 'Water Works' } });
    expect(details().getByLabelText('Department')).toHaveValue('Water Works');
  });

  it('marks a demo account', async () => {
    await openProfile({ profile: { isDemoUser: true, email: 'demo@smartcity.local' } });
    expect(screen.getByText('Demo account')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This is a shared demo account: its e-mail address and password cannot be changed.',
      ),
    ).toBeInTheDocument();
  });
});

describe('recent sign-ins', () => {
  it('lists each session with browser, time and address, marking this one', async () => {
    await openProfile();
    const list = within(screen.getByTestId('recent-sign-ins'));
    const items = await list.findAllByTestId('recent-sign-in');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('IP address 198.51.100.4');
    expect(items[0]).toHaveTextContent(/Signed in 21 Nov 2026/);
    expect(items[1]).toHaveTextContent('Safari on iOS');
    expect(items[1]).not.toHaveTextContent('This device');
  });

  it('says when there are none', async () => {
    await openProfile({ routes: { 'GET /api/auth/list-sessions': () => jsonResponse([]) } });
    expect(await screen.findByText('No sign-ins to show')).toBeInTheDocument();
  });

  it('says when they cannot be loaded, and retries', async () => {
    let fail = true;
    await openProfile({
      routes: {
        'GET /api/auth/list-sessions': () =>
          fail
            ? jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500)
            : jsonResponse([]),
      },
    });
    expect(await screen.findByTestId('recent-sign-ins-error')).toHaveTextContent(
      'Your recent sign-ins could not be loaded.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No sign-ins to show')).toBeInTheDocument();
  });

  it('explains a session too old to list the others', async () => {
    await openProfile({
      routes: {
        'GET /api/auth/list-sessions': () =>
          jsonResponse({ code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' }, 403),
      },
    });
    expect(await screen.findByTestId('recent-sign-ins-error')).toHaveTextContent(
      'Sign out and in again to see them.',
    );
  });
});
