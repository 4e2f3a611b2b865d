import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingScreen } from '../components/loading-screen';
import { loadChunk } from '../lib/chunk-load';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants';
import { ScreenErrorFallback } from './screen-error-fallback';
import type { ScreenName } from './screen-error-fallback';

/**
 * A route screen whose code downloads on first visit: 'Loading...' meanwhile, the chunk screen if
 * the download fails or stalls, and an error boundary that resets when the route changes.
 */
export function lazyScreen<P extends object>(
  name: ScreenName,
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  const LazyComponent = lazy(() =>
    loadChunk(name, load, timeoutMs).then((component) => ({ default: component })),
  );

  function Screen(props: P) {
    const { pathname } = useLocation();
    return (
      <ErrorBoundary resetKey={pathname} fallback={ScreenErrorFallback}>
        <Suspense fallback={<LoadingScreen />}>
          <LazyComponent {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  Screen.displayName = `Screen(${name})`;
  return Screen;
}
