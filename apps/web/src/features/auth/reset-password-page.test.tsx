import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccountServer, GOOD_RESET_TOKEN } from '../../test/fake-account-server';
import { jsonResponse } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

function renderReset(path: string) {
  return renderRoute(path, {
    auth: 'real',
    routes: [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <LoginPage /> },
    ],
  });
}

async function choosePassword(password: string, confirmation = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ResetPasswordPage', () => {
  it('explains that the link is missing and offers a new one', async () => {
    fakeAccountServer();
    const { router } = renderReset('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByTestId('reset-missing')).toHaveTextContent('No reset link');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says an expired or used link is no good when the server sent ?error=INVALID_TOKEN', () => {
    fakeAccountServer();
    renderReset('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByTestId('reset-invalid')).toHaveTextContent('This link has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/login?view=forgot',
    );
  });

  it('says the same when the server refuses the token (400 INVALID_TOKEN)', async () => {
    const server = fakeAccountServer();
    renderReset('/reset-password?token=used-token');
    await choosePassword('brand-new-pass');
    expect(await screen.findByTestId('reset-invalid')).toHaveTextContent(
      'has expired or has already been used',
    );
    expect(screen.getByText('Password reset failed')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/reset-password')).toEqual([
      { token: 'used-token', newPassword: 'brand-new-pass' },
    ]);
  });

  it('checks length and confirmation before sending', async () => {
    const server = fakeAccountServer();
    renderReset(`/reset-password?token=${GOOD_RESET_TOKEN}`);
    await choosePassword('short', 'shorts');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/reset-password')).toBe(0);
  });

  it('changes the password and links to sign in', async () => {
    fakeAccountServer();
    const { router } = renderReset(`/reset-password?token=${GOOD_RESET_TOKEN}`);
    await choosePassword('brand-new-pass');
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Password changed');
    expect(screen.getByText('Your password has been changed.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's reason for any other refusal and keeps the form", async () => {
    fakeAccountServer({
      routes: {
        'POST /api/auth/reset-password': () =>
          jsonResponse({ code: 'PASSWORD_TOO_LONG', message: 'Password too long' }, 400),
      },
    });
    renderReset(`/reset-password?token=${GOOD_RESET_TOKEN}`);
    await choosePassword('brand-new-pass');
    expect(await screen.findByTestId('reset-error')).toHaveTextContent('Password too long');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});
