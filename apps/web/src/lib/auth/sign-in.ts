import { apiPost, ApiRequestError } from '../api-client';

export const SIGN_IN_PATH = '/api/auth/sign-in/email';

export type SignInResult = { ok: true } | { ok: false; message: string | null };

/**
 * The server's message is shown only when it is about the attempt (a 4xx such as wrong
 * credentials); a missing endpoint or a server fault says nothing useful to the person signing in.
 */
function messageFor(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const aboutTheAttempt = error.status >= 400 && error.status < 500 && error.status !== 404;
  return aboutTheAttempt ? error.serverMessage : null;
}

/** Email and password sign-in; on failure resolves with the server's own message, if useful. */
export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  try {
    await apiPost(SIGN_IN_PATH, { email, password });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: messageFor(error) };
  }
}
