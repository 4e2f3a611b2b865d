import { z } from 'zod';
import { ACCOUNT_ADDRESSES, AUTH_ADDRESSES } from '@smart-city/shared';
import { requestAt } from '../../lib/api-client';

const enrolmentSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** What an authenticator app needs, and the one-time backup codes. */
export type TwoFactorEnrolment = z.infer<typeof enrolmentSchema>;

/** Starts enrolment; two-factor sign-in stays off until a code from the app is verified. */
export async function startTwoFactorEnrolment(password: string): Promise<TwoFactorEnrolment> {
  return requestAt(
    ACCOUNT_ADDRESSES.enableTwoFactor,
    { body: { password } },
    { check: enrolmentSchema },
  );
}

/** Finishes enrolment with the first code the app shows. */
export async function confirmTwoFactorEnrolment(code: string): Promise<void> {
  await requestAt(AUTH_ADDRESSES.verifyTotp, { body: { code } });
}

export async function disableTwoFactor(password: string): Promise<void> {
  await requestAt(ACCOUNT_ADDRESSES.disableTwoFactor, { body: { password } });
}

export async function revokeOtherSessions(): Promise<void> {
  await requestAt(ACCOUNT_ADDRESSES.revokeOtherSessions);
}

/** The secret inside an otpauth:// URI, in groups of four for typing by hand. */
export function setupKeyOf(totpURI: string): string | null {
  try {
    const secret = new URL(totpURI).searchParams.get('secret');
    return secret ? (secret.match(/.{1,4}/g)?.join(' ') ?? secret) : null;
  } catch {
    return null;
  }
}
