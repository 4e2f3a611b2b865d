import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeAccountServer,
  GOOD_BACKUP_CODE,
  GOOD_PASSWORD,
  GOOD_TOTP,
} from '../../test/fake-account-server';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';
import { LoginPage } from './login-page';

function renderLogin(path = '/login', state?: unknown) {
  return renderRoute(path, {
    auth: 'real',
    routes: [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>Dashboard home</p> },
      { path: '/alerts', element: <p>Alerts list</p> },
    ],
    initialState: state,
  });
}

async function submitSignIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign in', () => {
  it("posts the credentials and shows 'Login failed' when the server says nothing", async () => {
    const server = fakeAccountServer({
      routes: {
        'POST /api/auth/sign-in/email': () =>
          new Response(null, { status: 404, statusText: 'Not Found' }),
      },
    });
    renderLogin();
    await submitSignIn('demo@smartcity.local', 'secret-pass');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/sign-in/email')).toEqual([
      { email: 'demo@smartcity.local', password: 'secret-pass' },
    ]);
  });

  it.each([
    ['a wrong password', 'demo@smartcity.local'],
    ['an unknown address', 'nobody@kolkata.example'],
  ])("answers %s with 'Invalid credentials' under a 'Login failed' toast", async (_, email) => {
    fakeAccountServer();
    renderLogin();
    await submitSignIn(email, 'wrong');
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the lock-out message of a rate-limited account', async () => {
    fakeAccountServer({
      routes: {
        'POST /api/auth/sign-in/email': () =>
          jsonResponse(
            {
              error: {
                code: 'rate_limited',
                message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
              },
            },
            429,
          ),
      },
    });
    renderLogin();
    await submitSignIn('demo@smartcity.local', 'wrong');
    expect(
      await screen.findByText('Too many failed sign-in attempts. Try again in 15 minutes.'),
    ).toBeInTheDocument();
  });

  it.each([
    [
      404,
      { error: { code: 'not_found', message: 'No such endpoint: POST /api/auth/sign-in/email' } },
    ],
    [500, { error: { code: 'internal', message: 'Internal error' } }],
  ])("says 'Login failed' rather than the server's %s message", async (status, body) => {
    fakeAccountServer({
      routes: { 'POST /api/auth/sign-in/email': () => jsonResponse(body, status) },
    });
    renderLogin();
    await submitSignIn('demo@smartcity.local', 'secret-pass');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.queryByText(body.error.message)).not.toBeInTheDocument();
  });

  it("says 'Login failed' when the server cannot be reached", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch((url) =>
      url === '/api/auth/get-session'
        ? Promise.resolve(jsonResponse(null))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderLogin();
    await submitSignIn('demo@smartcity.local', 'secret-pass');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it("goes to the dashboard with 'Welcome back!' after a successful sign-in", async () => {
    fakeAccountServer();
    const { router } = renderLogin();
    await submitSignIn('asha.sen@smartcity.local', GOOD_PASSWORD);
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });

  it('returns to the page the guard turned the visitor away from', async () => {
    fakeAccountServer();
    const { router } = renderLogin('/login', {
      from: { pathname: '/alerts', search: '?severity=critical' },
    });
    await submitSignIn('asha.sen@smartcity.local', GOOD_PASSWORD);
    expect(await screen.findByText('Alerts list')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?severity=critical');
  });

  it('checks the fields before posting', async () => {
    const server = fakeAccountServer();
    renderLogin();
    await userEvent.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('Enter a valid e-mail address, such as name@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/sign-in/email')).toBe(0);
  });

  it('labels its fields and shows the password on request', async () => {
    fakeAccountServer();
    renderLogin();
    expect(await screen.findByLabelText('E-mail')).toHaveAttribute('type', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('moves between the sign-in and register tabs with the arrow keys', async () => {
    fakeAccountServer();
    renderLogin();
    const signInTab = await screen.findByTestId('login-tab-sign-in');
    expect(signInTab).toHaveAttribute('aria-selected', 'true');
    signInTab.focus();

    await userEvent.keyboard('{ArrowRight}');
    const registerTab = screen.getByTestId('login-tab-register');
    expect(registerTab).toHaveAttribute('aria-selected', 'true');
    expect(registerTab).toHaveFocus();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create an account' }),
    ).toBeInTheDocument();

    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('login-tab-sign-in')).toHaveFocus();
    expect(screen.getByTestId('login-tab-sign-in')).toHaveAttribute('aria-selected', 'true');
  });

  it('sends a visitor who is already signed in on to the dashboard', async () => {
    fakeAccountServer({ signedIn: true });
    const { router } = renderLogin();
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('two-factor step', () => {
  it('asks for the 6-digit code, refuses a wrong one and signs in with the right one', async () => {
    const server = fakeAccountServer({ twoFactor: true });
    const { router } = renderLogin();
    await submitSignIn('asha.sen@smartcity.local', GOOD_PASSWORD);

    expect(
      await screen.findByRole('heading', { name: 'Two-factor verification' }),
    ).toBeInTheDocument();
    // The second factor's form downloads when it is first needed.
    const code = await screen.findByLabelText('Authentication code');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /api/auth/two-factor/verify-totp')).toBe(0);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Authentication code'), GOOD_TOTP);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/two-factor/verify-totp')).toEqual([
      { code: '654321' },
      { code: GOOD_TOTP },
    ]);
  });

  it('accepts a backup code instead', async () => {
    const server = fakeAccountServer({ twoFactor: true });
    renderLogin();
    await submitSignIn('asha.sen@smartcity.local', GOOD_PASSWORD);
    await userEvent.click(await screen.findByRole('button', { name: 'Use a backup code instead' }));
    await userEvent.type(screen.getByLabelText('Backup code'), GOOD_BACKUP_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/two-factor/verify-backup-code')).toEqual([
      { code: GOOD_BACKUP_CODE },
    ]);
  });
});

describe('demo accounts', () => {
  it("signs in as the admin with one click and says 'Welcome to the demo!'", async () => {
    const server = fakeAccountServer();
    const { router } = renderLogin();
    const demo = within(await screen.findByRole('region', { name: 'Try a demo account' }));
    expect(demo.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Admin',
      'Operator',
      'Citizen',
    ]);
    await userEvent.click(demo.getByRole('button', { name: 'Admin' }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Welcome to the demo!')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/demo-sign-in')).toEqual([{ username: 'admin' }]);
  });

  it('signs in as demo@smartcity.local for Citizen', async () => {
    const server = fakeAccountServer();
    renderLogin();
    await userEvent.click(await screen.findByTestId('demo-sign-in-citizen'));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/demo-sign-in')).toEqual([{ username: 'demo' }]);
  });

  it("says 'Demo login failed' when the server refuses", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeAccountServer({
      routes: {
        'POST /api/auth/demo-sign-in': () =>
          jsonResponse({ error: { code: 'internal', message: 'Internal error' } }, 500),
      },
    });
    renderLogin();
    await userEvent.click(await screen.findByTestId('demo-sign-in-operator'));
    expect(await screen.findByText('Demo login failed')).toBeInTheDocument();
    expect(screen.getByTestId('demo-sign-in-operator')).toBeEnabled();
  });

  it('leaves the demo buttons out when the server has demo accounts turned off', async () => {
    const server = fakeAccountServer({ demoEnabled: false });
    renderLogin();
    await screen.findByLabelText('E-mail');
    await waitFor(() => expect(server.callsTo('GET /api/auth/demo-accounts')).toBe(1));
    expect(screen.queryByRole('region', { name: 'Try a demo account' })).not.toBeInTheDocument();
  });
});

async function openRegister() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
}

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('register', () => {
  it('offers no role choice', async () => {
    fakeAccountServer();
    renderLogin('/login?view=register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create an account' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/role/i)).not.toBeInTheDocument();
    // The one list on the page is the language switcher.
    expect(screen.getByRole('combobox')).toHaveAccessibleName('Language');
  });

  it('shows each field error beside its field', async () => {
    const server = fakeAccountServer();
    renderLogin();
    await openRegister();
    await userEvent.type(screen.getByLabelText('E-mail'), 'asha@');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const firstName = screen.getByLabelText('First name');
    expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(firstName)).toContain('Enter your first name');
    expect(describedText(screen.getByLabelText('Last name'))).toContain('Enter your last name');
    expect(describedText(screen.getByLabelText('E-mail'))).toContain(
      'Enter a valid e-mail address',
    );
    expect(describedText(screen.getByLabelText('Password'))).toContain(
      'Password must be at least 8 characters',
    );
    expect(describedText(screen.getByLabelText('Confirm password'))).toContain(
      'Passwords do not match',
    );
    expect(server.callsTo('POST /api/auth/sign-up/email')).toBe(0);
  });

  it('registers a citizen, greets them and signs them in', async () => {
    const server = fakeAccountServer();
    const { router } = renderLogin();
    await openRegister();
    await userEvent.type(screen.getByLabelText('First name'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Last name'), 'Das');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ravi@kolkata.example');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('Department (optional)'), 'Transport');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(
      screen.getByText('Registration successful! Please check your email to verify your account.'),
    ).toBeInTheDocument();
    expect(server.bodiesSentTo('POST /api/auth/sign-up/email')).toEqual([
      {
        email: 'ravi@kolkata.example',
        password: 'long-enough-1',
        name: 'Ravi Das',
        firstName: 'Ravi',
        lastName: 'Das',
        department: 'Transport',
      },
    ]);
  });

  it("says 'Registration failed' and 'User already exists' for an address that has an account", async () => {
    fakeAccountServer({
      routes: {
        'POST /api/auth/sign-up/email': () =>
          jsonResponse(
            {
              code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
              message: 'User already exists. Use another email.',
            },
            422,
          ),
      },
    });
    renderLogin();
    await openRegister();
    await userEvent.type(screen.getByLabelText('First name'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Last name'), 'Das');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ravi@kolkata.example');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByTestId('register-error');
    expect(alert).toHaveTextContent('User already exists');
    expect(alert).not.toHaveTextContent('Use another email');
    expect(screen.getAllByText('Registration failed').length).toBeGreaterThanOrEqual(2);
  });
});

describe('forgot password', () => {
  it('sends the reset link request and confirms whatever the address', async () => {
    const server = fakeAccountServer();
    renderLogin();
    await userEvent.type(await screen.findByLabelText('E-mail'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeInTheDocument();
    // The form downloads when it is first opened.
    expect(await screen.findByLabelText('E-mail')).toHaveValue('nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText('Password reset email sent! Please check your inbox.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('forgot-sent')).toHaveTextContent('nobody@example.com');
    expect(server.bodiesSentTo('POST /api/auth/request-password-reset')).toEqual([
      { email: 'nobody@example.com', redirectTo: `${window.location.origin}/reset-password` },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it("says 'Password reset failed' with the server's reason", async () => {
    fakeAccountServer({
      routes: {
        'POST /api/auth/request-password-reset': () =>
          jsonResponse(
            {
              code: 'DEMO_ACCOUNT_LOCKED',
              message: 'Demo accounts cannot change their e-mail address or password',
            },
            403,
          ),
      },
    });
    renderLogin('/login?view=forgot');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'demo@smartcity.local');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
    expect(screen.getByTestId('forgot-error')).toHaveTextContent(
      'Demo accounts cannot change their e-mail address or password',
    );
  });
});
