import { AUTH_ADDRESSES, PROFILE_ADDRESSES } from '@smart-city/shared';
import type { ProfileUpdate } from '@smart-city/shared';
import { requestAt } from '../api-client';
import { profileCheck } from './auth-api';
import type { AuthUser, SignUpInput, TwoFactorMethod } from './auth-types';

// The account's requests beyond reading the session: they load with the actions that send them.

function wantsSecondFactor(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'twoFactorRedirect' in body
    ? body.twoFactorRedirect === true
    : false;
}

/** POST sign-in/email; resolves 'two-factor' when the account asks for its code next. */
export async function postSignIn(email: string, password: string): Promise<'done' | 'two-factor'> {
  const body = await requestAt(AUTH_ADDRESSES.signIn, { body: { email, password } });
  return wantsSecondFactor(body) ? 'two-factor' : 'done';
}

/** POST the second factor of a pending sign-in. */
export async function postTwoFactorCode(code: string, method: TwoFactorMethod): Promise<void> {
  const address = method === 'totp' ? AUTH_ADDRESSES.verifyTotp : AUTH_ADDRESSES.verifyBackupCode;
  await requestAt(address, { body: { code } });
}

/** POST demo-sign-in: the server signs in with its own demo password. */
export async function postDemoSignIn(username: string): Promise<'done' | 'two-factor'> {
  const body = await requestAt(AUTH_ADDRESSES.demoSignIn, { body: { username } });
  return wantsSecondFactor(body) ? 'two-factor' : 'done';
}

/** POST sign-up/email. The server gives every new account the citizen role. */
export async function postSignUp(input: SignUpInput): Promise<void> {
  const department = input.department?.trim();
  await requestAt(AUTH_ADDRESSES.signUp, {
    body: {
      email: input.email,
      password: input.password,
      name: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
      ...(department ? { department } : {}),
    },
  });
}

export async function postSignOut(): Promise<void> {
  await requestAt(AUTH_ADDRESSES.signOut);
}

/** Asks for a reset e-mail whose link opens /reset-password on this origin. */
export async function postPasswordResetRequest(email: string): Promise<void> {
  await requestAt(AUTH_ADDRESSES.requestPasswordReset, {
    body: { email, redirectTo: `${window.location.origin}/reset-password` },
  });
}

export async function postPasswordReset(token: string, newPassword: string): Promise<void> {
  await requestAt(AUTH_ADDRESSES.resetPassword, { body: { token, newPassword } });
}

/** Changes the profile's given fields; resolves with the updated profile. */
export function patchProfile(changes: ProfileUpdate): Promise<AuthUser> {
  return requestAt(PROFILE_ADDRESSES.update, { body: changes }, { check: profileCheck });
}
