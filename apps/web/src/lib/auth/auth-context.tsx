import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { AuthContextValue, AuthSource, AuthStatus, AuthUser } from './auth-types';
import { createAuthValue } from './auth-value';

export const AuthContext = createContext<AuthContextValue | null>(null);

/** No sign-in is wired yet, so every visitor resolves to signed out. */
export const signedOutSource: AuthSource = {
  getSession: () => Promise.resolve(null),
  signOut: () => Promise.resolve(),
};

interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
}

/** Resolves the session once from its source and exposes it with role and permission checks. */
export function AuthProvider({
  source = signedOutSource,
  children,
}: {
  source?: AuthSource;
  children: ReactNode;
}) {
  const [session, setSession] = useState<SessionState>({ status: 'loading', user: null });

  useEffect(() => {
    let current = true;
    source.getSession().then(
      (user) => {
        if (current) setSession({ status: user ? 'authenticated' : 'unauthenticated', user });
      },
      () => {
        if (current) setSession({ status: 'unauthenticated', user: null });
      },
    );
    return () => {
      current = false;
    };
  }, [source]);

  const value = useMemo(
    () =>
      createAuthValue(session.status, session.user, async () => {
        await source.signOut();
        setSession({ status: 'unauthenticated', user: null });
      }),
    [session, source],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
