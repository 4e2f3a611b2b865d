import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ScreenErrorFallback } from './screen-error-fallback';

/** The router's errorElement: the same screens as the per-screen boundary. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  // Navigating to the same location makes the router drop the error and render the route again.
  const reset = () => void navigate(location, { replace: true });
  return (
    <main className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <ScreenErrorFallback error={error} reset={reset} />
    </main>
  );
}
