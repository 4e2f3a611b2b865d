import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiRequestError,
  isUnauthorized,
  serverWordsShown,
  userFacingMessage,
} from '../api-client';
import { toast } from '../toast';
import { ACCOUNT_QUERY_KEY } from './account-query-key';
import {
  fetchAccount,
  patchProfile,
  postDemoSignIn,
  postPasswordReset,
  postPasswordResetRequest,
  postSignIn,
  postSignOut,
  postSignUp,
  postTwoFactorCode,
} from './auth-api';
import type { Account } from './auth-api';
import { openAuthChannel } from './auth-channel';
import type { AuthChannel } from './auth-channel';
import type { AuthActions, AuthContextValue, AuthStatus, FieldError } from './auth-types';
import { sessionView } from './auth-value';

export const AuthContext = createContext<AuthContextValue | null>(null);

interface SessionState {
  status: AuthStatus;
  account: Account | null;
}

/** setTimeout's longest delay; a session that ends later is checked again when this one fires. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;
/** A tab coming back into view re-reads the session at most this often. */
const VISIBILITY_RECHECK_MS = 60_000;

/** The fields the server refused, each with its words on an English page, else the page's own. */
function fieldErrorsOf(error: unknown, refused: string): FieldError[] {
  if (!(error instanceof ApiRequestError)) return [];
  return error.fieldIssues.map((issue) => ({
    field: issue.path,
    message: serverWordsShown() ? issue.message : refused,
  }));
}

/**
 * Holds the session: restores it at start-up (GET get-session, then the profile), signs in and out,
 * and follows the other tabs of this browser. A session that ends (a 401 from the profile or any
 * account query, or its expiry time passing) drops to signed out.
 */
/** The account server's answer to an address (or name) that already has an account. */
function isExistingUser(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code ?? '').startsWith('USER_ALREADY_EXISTS');
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ status: 'loading', account: null });
  const statusRef = useRef<AuthStatus>('loading');
  // Each read of the session takes a number; an answer that is no longer the newest is dropped.
  const generation = useRef(0);
  const lastReadAt = useRef(0);
  const checking = useRef<Promise<void> | null>(null);
  const channel = useRef<AuthChannel | null>(null);

  const apply = useCallback((account: Account | null) => {
    statusRef.current = account ? 'authenticated' : 'unauthenticated';
    setState({ status: statusRef.current, account });
  }, []);

  /** Reads the session and applies it unless a newer read started meanwhile. */
  const sync = useCallback(
    async (onError: 'sign-out' | 'keep'): Promise<Account | null> => {
      const run = ++generation.current;
      lastReadAt.current = Date.now();
      try {
        const account = await fetchAccount();
        if (run === generation.current) apply(account);
        return account;
      } catch (error) {
        if (run === generation.current && onError === 'sign-out') apply(null);
        throw error;
      }
    },
    [apply],
  );

  /**
   * Re-reads the session of a signed-in tab. When it has ended, says so (unless the reason is
   * already known, as for a sign-out in another tab). A server that cannot be reached changes nothing.
   */
  const check = useCallback(
    (announce: boolean) => {
      if (statusRef.current !== 'authenticated') return Promise.resolve();
      checking.current ??= sync('keep')
        .then((account) => {
          if (!account && announce) toast.error(t('auth.sessionExpired'));
        })
        .catch((error: unknown) => console.warn('The session could not be checked', error))
        .finally(() => {
          checking.current = null;
        });
      return checking.current;
    },
    [sync, t],
  );

  useEffect(() => {
    sync('sign-out').catch((error: unknown) =>
      console.warn('The session could not be restored', error),
    );
  }, [sync]);

  // Another tab signed in or out, or changed the profile: read the session again.
  useEffect(() => {
    const opened = openAuthChannel(() => {
      sync('keep').catch((error: unknown) =>
        console.warn('The session could not be read after another tab changed it', error),
      );
    });
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [sync]);

  // Any account query or mutation refused with 401 means the session may have ended.
  useEffect(() => {
    function onError(error: unknown) {
      if (isUnauthorized(error)) void check(true);
    }
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, check]);

  // A tab that comes back into view may have missed the end of its session.
  useEffect(() => {
    function onVisibilityChange() {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastReadAt.current < VISIBILITY_RECHECK_MS) return;
      void check(true);
    }
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [check]);

  // Check again when the session is due to end (a demo session ends 24 hours after sign-in).
  const expiresAt = state.account?.session.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const untilExpiry = Date.parse(expiresAt) - Date.now();
    if (Number.isNaN(untilExpiry)) return;
    const timer = setTimeout(
      () => void check(true),
      Math.min(Math.max(untilExpiry, 0) + 1000, MAX_TIMER_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, check]);

  // One person's cached data never outlives their session in this tab.
  const userId = state.account?.user.id ?? null;
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY }),
    [userId, queryClient],
  );

  /** After a successful sign-in request: read the new session and greet the person. */
  const completeSignIn = useCallback(async (): Promise<boolean> => {
    const account = await sync('keep');
    if (!account) return false;
    toast.success(account.user.isDemoUser ? t('auth.welcomeDemo') : t('auth.welcomeBack'));
    channel.current?.post('signed-in');
    return true;
  }, [sync, t]);

  const actions = useMemo<AuthActions>(() => {
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
        const account = await sync('keep').catch(() => null);
        if (account) channel.current?.post('signed-in');
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
        generation.current += 1;
        apply(null);
        toast.success(t('auth.loggedOut'));
        channel.current?.post('signed-out');
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
          setState((current) =>
            current.account ? { ...current, account: { ...current.account, user } } : current,
          );
          toast.success(t('profile.updated'));
          channel.current?.post('account-changed');
          return { ok: true, user };
        } catch (error) {
          if (isUnauthorized(error)) {
            toast.error(t('profile.notAuthenticated'));
            void check(false);
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

      async refresh() {
        await sync('keep').catch((error: unknown) =>
          console.warn('The session could not be read', error),
        );
      },
    };
  }, [apply, check, completeSignIn, sync, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...actions,
      ...sessionView(state.status, state.account?.user ?? null, state.account?.session ?? null),
    }),
    [state, actions],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
