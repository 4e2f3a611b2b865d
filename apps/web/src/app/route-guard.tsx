import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth } from '../lib/auth/auth-context';
import { PATHS } from '../lib/paths';

/**
 * Lets signed-in users through. While the session is being resolved it shows a spinner; a
 * signed-out visitor goes to the landing page, which keeps the requested location in router
 * state so sign-in can return there, unless the route is open to visitors.
 */
export function RouteGuard({
  children,
  preload,
  openToVisitors,
}: {
  children: ReactNode;
  /**
   * Starts downloading what the signed-in screens need (and the screen at this path) while the
   * session is being resolved.
   */
  preload?: (pathname: string) => Promise<unknown>;
  /**
   * Whether a path is one visitors may open too (the public reports): signed in, it is drawn in the
   * signed-in frame like its neighbours, so moving between it and them keeps the frame and its
   * live connection; signed out, it is drawn on its own.
   */
  openToVisitors?: (pathname: string) => boolean;
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
    if (openToVisitors?.(location.pathname)) return <Outlet />;
    return <Navigate to={PATHS.landing} replace state={{ from: location }} />;
  }
  return children;
}
