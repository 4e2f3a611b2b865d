import type { TFunction } from 'i18next';
import {
  ApiRequestError,
  isUnauthorized,
  serverWordsShown,
  userFacingMessage,
} from '../api-client';
import { toast } from '../toast';
import {
  patchProfile,
  postDemoSignIn,
  postPasswordReset,
  postPasswordResetRequest,
  postSignIn,
  postSignOut,
  postSignUp,
  postTwoFactorCode,
} from './account-requests';
import type { Account } from './auth-api';
import type { AuthActions, AuthUser, FieldError } from './auth-types';

/** What the actions need of the session the provider holds. */
export interface SessionHandle {
  t: TFunction;
  /** Reads the session afresh (past any read under way) and resolves with the answer. */
  sync: () => Promise<Account | null>;
  /** Drops to signed out, past any read still under way; resolves once the screens know. */
  signedOut: () => Promise<void>;
  /** Re-reads the session of a signed-in tab; `announce` says so when it has ended. */
  check: (announce: boolean) => Promise<void>;
  /** Shows the profile the server answered an update with. */
  showUser: (user: AuthUser) => void;
  /** Tells this browser's other tabs. */
  tellOtherTabs: (event: 'signed-in' | 'signed-out' | 'account-changed') => void;
}

/** The fields the server refused, each with its words on an English page, else the page's own. */
function fieldErrorsOf(error: unknown, refused: string): FieldError[] {
  if (!(error instanceof ApiRequestError)) return [];
  return error.fieldIssues.map((issue) => ({
    field: issue.path,
    message: serverWordsShown() ? issue.message : refused,
  }));
}

/** The account server's answer to an address (or name) that already has an account. */
function isExistingUser(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code ?? '').startsWith('USER_ALREADY_EXISTS');
}

/**
 * Signing in and out, signing up, resetting a password and changing the profile: each sends its
 * request, says what happened in a toast and brings the session up to date. Loaded with the first
 * use, so the public pages open without it.
 */
export function createAuthActions(session: SessionHandle): Omit<AuthActions, 'refresh'> {
  const { t } = session;

  /** After a successful sign-in request: read the new session and greet the person. */
  async function completeSignIn(): Promise<boolean> {
    const account = await session.sync();
    if (!account) return false;
    toast.success(account.user.isDemoUser ? t('auth.welcomeDemo') : t('auth.welcomeBack'));
    session.tellOtherTabs('signed-in');
    return true;
  }

  // One message for a wrong password and an unknown address alike, so the form never tells
  // who has an account; the toast always says what happened.
  function loginFailed(error: unknown) {
    toast.error(t('auth.loginFailed'));
    return error instanceof ApiRequestError && error.code === 'INVALID_EMAIL_OR_PASSWORD'
      ? t('auth.invalidCredentials')
      : userFacingMessage(error);
  }

  return {
    async signIn(email, password) {
      try {
        if ((await postSignIn(email, password)) === 'two-factor') return { status: 'two-factor' };
        if (await completeSignIn()) return { status: 'signed-in' };
        toast.error(t('auth.loginFailed'));
        return { status: 'failed', message: null };
      } catch (error) {
        return { status: 'failed', message: loginFailed(error) };
      }
    },

    async verifyTwoFactor(code, method) {
      try {
        await postTwoFactorCode(code, method);
        if (await completeSignIn()) return { ok: true };
        toast.error(t('auth.loginFailed'));
        return { ok: false, message: null };
      } catch (error) {
        return { ok: false, message: loginFailed(error) };
      }
    },

    async demoSignIn(username) {
      try {
        if ((await postDemoSignIn(username)) === 'done' && (await completeSignIn())) {
          return { ok: true };
        }
      } catch (error) {
        console.warn('Demo sign-in failed', error);
      }
      toast.error(t('auth.demoLoginFailed'));
      return { ok: false, message: null };
    },

    async signUp(input) {
      try {
        await postSignUp(input);
      } catch (error) {
        toast.error(t('auth.registrationFailed'));
        return {
          ok: false,
          message: isExistingUser(error) ? t('auth.userExists') : userFacingMessage(error),
          fieldIssues: fieldErrorsOf(error, t('errors.fieldRefused')),
        };
      }
      toast.success(t('auth.registrationSuccess'));
      // The server signs a new account in unless it wants the address verified first.
      const account = await session.sync().catch(() => null);
      if (account) session.tellOtherTabs('signed-in');
      return { ok: true, signedIn: account !== null };
    },

    async signOut() {
      try {
        await postSignOut();
      } catch (error) {
        // A 401 means the session had already ended: the person is signed out either way.
        if (!isUnauthorized(error)) {
          console.error('Sign-out failed', error);
          toast.error(t('user.logoutFailed'));
          return false;
        }
      }
      await session.signedOut();
      toast.success(t('auth.loggedOut'));
      session.tellOtherTabs('signed-out');
      return true;
    },

    async requestPasswordReset(email) {
      try {
        await postPasswordResetRequest(email);
        toast.success(t('auth.resetEmailSent'));
        return { ok: true };
      } catch (error) {
        toast.error(t('auth.passwordResetFailed'));
        return { ok: false, message: userFacingMessage(error) };
      }
    },

    async resetPassword(token, newPassword) {
      try {
        await postPasswordReset(token, newPassword);
        toast.success(t('auth.reset.doneToast'));
        return { status: 'done' };
      } catch (error) {
        toast.error(t('auth.passwordResetFailed'));
        if (error instanceof ApiRequestError && error.code === 'INVALID_TOKEN') {
          return { status: 'invalid-token' };
        }
        return { status: 'failed', message: userFacingMessage(error) };
      }
    },

    async updateProfile(changes) {
      try {
        const user = await patchProfile(changes);
        session.showUser(user);
        toast.success(t('profile.updated'));
        session.tellOtherTabs('account-changed');
        return { ok: true, user };
      } catch (error) {
        if (isUnauthorized(error)) {
          toast.error(t('profile.notAuthenticated'));
          void session.check(false);
          return { ok: false, message: null, fieldIssues: [] };
        }
        toast.error(t('profile.updateFailed'));
        return {
          ok: false,
          message: userFacingMessage(error),
          fieldIssues: fieldErrorsOf(error, t('errors.fieldRefused')),
        };
      }
    },
  };
}
