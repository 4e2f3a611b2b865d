import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A component whose code downloads once, whether `preload()` or its first draw asks for it. Once
 * the code is here it is drawn directly: through React.lazy it would suspend once even then, and
 * Suspense holds a shown fallback for a moment before revealing what replaces it. Draw it inside a
 * Suspense boundary (for the draws before the code arrives).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let download: Promise<{ default: ComponentType<P> }> | null = null;
  let arrived: ComponentType<P> | null = null;
  const start = () =>
    (download ??= load().then((component) => {
      arrived = component;
      return { default: component };
    }));
  const Lazy = lazy(start);

  function Preloadable(props: P) {
    // Decided once per drawn component: switching later would mount it afresh.
    const [ready] = useState(() => arrived);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }

  return {
    Component: Preloadable,
    /** Starts the download now (once); a failure surfaces when the component is drawn. */
    preload: () => {
      start().catch(() => undefined);
    },
  };
}
