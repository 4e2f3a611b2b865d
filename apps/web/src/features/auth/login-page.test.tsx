import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderRoute('/login', {
    routes: [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <p>Dashboard home</p> },
      { path: '/alerts', element: <p>Alerts list</p> },
    ],
  });
}

async function submit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it("posts the credentials and shows 'Login failed' when the server says nothing", async () => {
    const fetchSpy = stubFetch((url) =>
      Promise.resolve(
        url === '/api/auth/sign-in/email'
          ? new Response(null, { status: 404, statusText: 'Not Found' })
          : jsonResponse([]),
      ),
    );
    renderLogin();
    await submit('demo@smartcity.local', 'secret-pass');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/auth/sign-in/email');
    expect(call?.[1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      email: 'demo@smartcity.local',
      password: 'secret-pass',
    });
  });

  it("shows the server's message when it sends one", async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        ),
      ),
    );
    renderLogin();
    await submit('demo@smartcity.local', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });

  it.each([
    [
      404,
      { error: { code: 'not_found', message: 'No such endpoint: POST /api/auth/sign-in/email' } },
    ],
    [500, { error: { code: 'internal', message: 'Internal error' } }],
  ])("says 'Login failed' rather than the server's %s message", async (status, body) => {
    stubFetch(() => Promise.resolve(jsonResponse(body, status)));
    renderLogin();
    await submit('demo@smartcity.local', 'secret-pass');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.queryByText(body.error.message)).not.toBeInTheDocument();
  });

  it("says 'Login failed' when the server cannot be reached", async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    await submit('demo@smartcity.local', 'secret-pass');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('goes to the dashboard after a successful sign-in', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ token: 't', user: { id: 'u1' } })));
    const { router } = renderLogin();
    await submit('demo@smartcity.local', 'right');
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });

  it('labels its fields', () => {
    renderLogin();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });
});
