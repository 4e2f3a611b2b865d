import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth } from '../lib/auth/auth-context';
import { PATHS } from '../lib/paths';

/**
 * Lets signed-in users through. While the session is being resolved it shows a spinner; a
 * signed-out visitor goes to the landing page, which keeps the requested location in router
 * state so sign-in can return there.
 */
export function RouteGuard({
  children,
  preload,
}: {
  children: ReactNode;
  /**
   * Starts downloading what the signed-in screens need (and the screen at this path) while the
   * session is being resolved.
   */
  preload?: (pathname: string) => Promise<unknown>;
}) {
  const { status } = useAuth();
  const location = useLocation();
  // Only the path first opened: later screens load as they are visited.
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    // A failed download surfaces when the screen renders; here it only must not go unhandled.
    preload?.(firstPath.current).catch(() => undefined);
  }, [preload]);
  if (status === 'loading') return <LoadingScreen fullHeight />;
  if (status === 'unauthenticated') {
    return <Navigate to={PATHS.landing} replace state={{ from: location }} />;
  }
  return children;
}
