import { z } from 'zod';
import { apiPost } from '../../lib/api-client';

/** better-auth's two-factor and session endpoints used by the security settings. */
const SECURITY_PATHS = {
  enableTwoFactor: '/api/auth/two-factor/enable',
  verifyTotp: '/api/auth/two-factor/verify-totp',
  disableTwoFactor: '/api/auth/two-factor/disable',
  revokeOtherSessions: '/api/auth/revoke-other-sessions',
} as const;

const enrolmentSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

/** What an authenticator app needs, and the one-time backup codes. */
export type TwoFactorEnrolment = z.infer<typeof enrolmentSchema>;

/** Starts enrolment; two-factor sign-in stays off until a code from the app is verified. */
export async function startTwoFactorEnrolment(password: string): Promise<TwoFactorEnrolment> {
  return enrolmentSchema.parse(await apiPost(SECURITY_PATHS.enableTwoFactor, { password }));
}

/** Finishes enrolment with the first code the app shows. */
export async function confirmTwoFactorEnrolment(code: string): Promise<void> {
  await apiPost(SECURITY_PATHS.verifyTotp, { code });
}

export async function disableTwoFactor(password: string): Promise<void> {
  await apiPost(SECURITY_PATHS.disableTwoFactor, { password });
}

export async function revokeOtherSessions(): Promise<void> {
  await apiPost(SECURITY_PATHS.revokeOtherSessions);
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
