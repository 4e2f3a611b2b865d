import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnauthorized } from '../api-client';
import { toast } from '../toast';
import { ACCOUNT_QUERY_KEY, SESSION_QUERY_KEY } from './account-query-key';
import type * as ActionsModuleType from './auth-actions';
import type { SessionHandle } from './auth-actions';
import { fetchAccount } from './auth-api';
import type { Account } from './auth-api';
import { openAuthChannel } from './auth-channel';
import type { AuthChannel } from './auth-channel';
import type { AuthActions, AuthContextValue, AuthStatus } from './auth-types';
import { sessionView } from './auth-value';

export const AuthContext = createContext<AuthContextValue | null>(null);

/** setTimeout's longest delay; a session that ends later is checked again when this one fires. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;
/** A tab coming back into view re-reads the session at most this often. */
const VISIBILITY_RECHECK_MS = 60_000;

type LoadedActions = Omit<AuthActions, 'refresh'>;
type ActionsModule = typeof ActionsModuleType;

/** Each action's answer, and its toast, when its code could not be downloaded. */
const NOT_LOADED = {
  signIn: { toast: 'auth.loginFailed', answer: { status: 'failed', message: null } },
  verifyTwoFactor: { toast: 'auth.loginFailed', answer: { ok: false, message: null } },
  demoSignIn: { toast: 'auth.demoLoginFailed', answer: { ok: false, message: null } },
  signUp: {
    toast: 'auth.registrationFailed',
    answer: { ok: false, message: null, fieldIssues: [] },
  },
  signOut: { toast: 'user.logoutFailed', answer: false },
  requestPasswordReset: { toast: 'auth.passwordResetFailed', answer: { ok: false, message: null } },
  resetPassword: { toast: 'auth.passwordResetFailed', answer: { status: 'failed', message: null } },
  updateProfile: {
    toast: 'profile.updateFailed',
    answer: { ok: false, message: null, fieldIssues: [] },
  },
} as const satisfies {
  [K in keyof LoadedActions]: { toast: string; answer: Awaited<ReturnType<LoadedActions[K]>> };
};

/**
 * The account as a query like any other: the cache dedupes its reads, a newer read cancels an
 * older one, and every view derives from its one answer. A first read that fails is signed out.
 */
const SESSION_QUERY = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: () => fetchAccount(),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/**
 * Holds the session: restores it at start-up (GET get-session, then the profile), signs in and out,
 * and follows the other tabs of this browser. A session that ends (a 401 from the profile or any
 * account query, or its expiry time passing) drops to signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery(SESSION_QUERY);
  const account = session.data ?? null;
  const status: AuthStatus = session.isPending
    ? 'loading'
    : account
      ? 'authenticated'
      : 'unauthenticated';
  const channel = useRef<AuthChannel | null>(null);
  const actionsCode = useRef<Promise<ActionsModule> | null>(null);

  /**
   * Reads the session afresh, cancelling a read under way (its answer may predate a sign-in), and
   * resolves with the answer; a failed read keeps what was known and rejects.
   */
  const sync = useCallback(async (): Promise<Account | null> => {
    await queryClient.refetchQueries(
      { queryKey: SESSION_QUERY_KEY, exact: true },
      { cancelRefetch: true, throwOnError: true },
    );
    return queryClient.getQueryData<Account | null>(SESSION_QUERY_KEY) ?? null;
  }, [queryClient]);

  /**
   * Re-reads the session of a signed-in tab, joining a read under way. When it has ended, says so
   * (unless the reason is already known, as for a sign-out in another tab). A server that cannot be
   * reached changes nothing.
   */
  const check = useCallback(
    async (announce: boolean) => {
      if (!queryClient.getQueryData<Account | null>(SESSION_QUERY_KEY)) return;
      try {
        const current = await queryClient.fetchQuery({ ...SESSION_QUERY, staleTime: 0 });
        if (!current && announce) toast.error(t('auth.sessionExpired'));
      } catch (error) {
        console.warn('The session could not be checked', error);
      }
    },
    [queryClient, t],
  );

  // Another tab signed in or out, or changed the profile: read the session again.
  useEffect(() => {
    const opened = openAuthChannel(() => {
      sync().catch((error: unknown) =>
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
      const read = queryClient.getQueryState(SESSION_QUERY_KEY);
      const lastReadAt = Math.max(read?.dataUpdatedAt ?? 0, read?.errorUpdatedAt ?? 0);
      if (Date.now() - lastReadAt < VISIBILITY_RECHECK_MS) return;
      void check(true);
    }
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient, check]);

  // Check again when the session is due to end (a demo session ends 24 hours after sign-in).
  const expiresAt = account?.session.expiresAt;
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
  const userId = account?.user.id ?? null;
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: ACCOUNT_QUERY_KEY }),
    [userId, queryClient],
  );

  const actions = useMemo<AuthActions>(() => {
    const handle: SessionHandle = {
      t,
      sync,
      check,
      signedOut: async () => {
        // A read under way may predate the sign-out: it is dropped.
        await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
        queryClient.setQueryData<Account | null>(SESSION_QUERY_KEY, null);
        // The cache tells the screens on its next turn; what the caller shows next (a toast)
        // then lands on the page the person is taken to, not on the one going away.
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
      showUser: (user) =>
        queryClient.setQueryData<Account | null>(SESSION_QUERY_KEY, (current) =>
          current ? { ...current, user } : current,
        ),
      tellOtherTabs: (event) => channel.current?.post(event),
    };
    // The actions' code downloads with the first one used; one that cannot be downloaded fails
    // as the action itself would, with its toast, and the next use tries the download again.
    async function call<K extends keyof LoadedActions>(
      name: K,
      run: (loadedActions: LoadedActions) => ReturnType<LoadedActions[K]>,
    ): Promise<Awaited<ReturnType<LoadedActions[K]>>> {
      let loadedActions: LoadedActions;
      try {
        actionsCode.current ??= import('./auth-actions');
        loadedActions = (await actionsCode.current).createAuthActions(handle);
      } catch (error) {
        actionsCode.current = null;
        console.error(`The account's ${name} could not be downloaded`, error);
        toast.error(t(NOT_LOADED[name].toast));
        return NOT_LOADED[name].answer as Awaited<ReturnType<LoadedActions[K]>>;
      }
      return await run(loadedActions);
    }
    return {
      signIn: (email, password) => call('signIn', (a) => a.signIn(email, password)),
      verifyTwoFactor: (code, method) =>
        call('verifyTwoFactor', (a) => a.verifyTwoFactor(code, method)),
      demoSignIn: (username) => call('demoSignIn', (a) => a.demoSignIn(username)),
      signUp: (input) => call('signUp', (a) => a.signUp(input)),
      signOut: () => call('signOut', (a) => a.signOut()),
      requestPasswordReset: (email) =>
        call('requestPasswordReset', (a) => a.requestPasswordReset(email)),
      resetPassword: (token, newPassword) =>
        call('resetPassword', (a) => a.resetPassword(token, newPassword)),
      updateProfile: (changes) => call('updateProfile', (a) => a.updateProfile(changes)),
      async refresh() {
        await sync().catch((error: unknown) =>
          console.warn('The session could not be read', error),
        );
      },
    };
  }, [check, queryClient, sync, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...actions,
      ...sessionView(status, account?.user ?? null, account?.session ?? null),
    }),
    [status, account, actions],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
