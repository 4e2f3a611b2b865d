import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAccountServer, GOOD_PASSWORD } from '../../test/fake-account-server';
import { renderWithProviders } from '../../test/render';
import { useAuth } from './auth-context';

// The actions' code downloads with the first one used; here the download fails, as it does when
// the connection drops or the app was updated meanwhile.
vi.mock('./auth-actions', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

function SignIn() {
  const { signIn, status } = useAuth();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <p data-testid="status">{status}</p>
      <button
        type="button"
        onClick={() =>
          void signIn('asha.sen@smartcity.local', GOOD_PASSWORD).then((result) =>
            setAnswer(JSON.stringify(result)),
          )
        }
      >
        Sign in now
      </button>
      <p data-testid="answer">{answer}</p>
    </>
  );
}

describe('an account action whose code cannot be downloaded', () => {
  it('fails as the action would, says so, and sends nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeAccountServer({ signedIn: false });
    renderWithProviders(<SignIn />, { auth: 'real' });
    expect(await screen.findByText('unauthenticated')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in now' }));

    expect(await screen.findByText('{"status":"failed","message":null}')).toBeInTheDocument();
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/sign-in/email')).toBe(0);
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
  });
});
