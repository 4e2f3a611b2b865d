import type { ProfileUpdate } from '@smart-city/shared';
import { apiPatch, apiPost } from '../api-client';
import { AUTH_PATHS, profileCheck } from './auth-api';
import type { AuthUser, SignUpInput, TwoFactorMethod } from './auth-types';

// The account's requests beyond reading the session: they load with the actions that send them.

function wantsSecondFactor(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'twoFactorRedirect' in body
    ? body.twoFactorRedirect === true
    : false;
}

/** POST sign-in/email; resolves 'two-factor' when the account asks for its code next. */
export async function postSignIn(email: string, password: string): Promise<'done' | 'two-factor'> {
  const body = await apiPost(AUTH_PATHS.signIn, { email, password });
  return wantsSecondFactor(body) ? 'two-factor' : 'done';
}

/** POST the second factor of a pending sign-in. */
export async function postTwoFactorCode(code: string, method: TwoFactorMethod): Promise<void> {
  const path = method === 'totp' ? AUTH_PATHS.verifyTotp : AUTH_PATHS.verifyBackupCode;
  await apiPost(path, { code });
}

/** POST demo-sign-in: the server signs in with its own demo password. */
export async function postDemoSignIn(username: string): Promise<'done' | 'two-factor'> {
  const body = await apiPost(AUTH_PATHS.demoSignIn, { username });
  return wantsSecondFactor(body) ? 'two-factor' : 'done';
}

/** POST sign-up/email. The server gives every new account the citizen role. */
export async function postSignUp(input: SignUpInput): Promise<void> {
  const department = input.department?.trim();
  await apiPost(AUTH_PATHS.signUp, {
    email: input.email,
    password: input.password,
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
    ...(department ? { department } : {}),
  });
}

export async function postSignOut(): Promise<void> {
  await apiPost(AUTH_PATHS.signOut);
}

/** Asks for a reset e-mail whose link opens /reset-password on this origin. */
export async function postPasswordResetRequest(email: string): Promise<void> {
  await apiPost(AUTH_PATHS.requestPasswordReset, {
    email,
    redirectTo: `${window.location.origin}/reset-password`,
  });
}

export async function postPasswordReset(token: string, newPassword: string): Promise<void> {
  await apiPost(AUTH_PATHS.resetPassword, { token, newPassword });
}

/** PATCH /api/profile with the changed fields; resolves with the updated profile. */
export function patchProfile(changes: ProfileUpdate): Promise<AuthUser> {
  return apiPatch(AUTH_PATHS.profile, changes, profileCheck);
}
