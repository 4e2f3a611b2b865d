import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { lazyPart } from '../components/lazy-part';
import { LoadingScreen } from '../components/loading-screen';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants';
import { ScreenErrorFallback } from './screen-error-fallback';
import type { ScreenName } from './screen-error-fallback';

/**
 * A route screen whose code downloads on first visit: a lazy part with the screen's own
 * states — 'Loading...' meanwhile, the chunk screen naming the screen if the download fails or
 * stalls, and an error that clears when the route changes.
 */
export function lazyScreen<P extends object>(
  name: ScreenName,
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> & { preload: () => void } {
  const LazyScreen = lazyPart<P>({
    chunk: name,
    load,
    loading: () => <LoadingScreen />,
    failed: ScreenErrorFallback,
    timeoutMs,
  });

  function Screen(props: P) {
    const { pathname } = useLocation();
    return <LazyScreen {...props} resetKey={pathname} />;
  }
  Screen.displayName = `Screen(${name})`;
  Screen.preload = LazyScreen.preload;
  return Screen;
}
