import { createElement, lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { loadChunk } from '../lib/chunk-load';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants';
import { ErrorBoundary } from './error-boundary';
import type { ErrorFallbackProps } from './error-boundary';
import { PartLoadFailed } from './part-load-failed';

export interface LazyPartOptions<P> {
  /** Names the chunk in a load error; a part's failure text names it too (see `parts.names`). */
  chunk: string;
  load: () => Promise<ComponentType<P>>;
  /** Stands in while the code is on its way, in the room the part will take. */
  loading: (props: P) => ReactNode;
  /** Shown when the code failed to arrive or the part failed to draw. */
  failed?: ComponentType<ErrorFallbackProps>;
  timeoutMs?: number;
}

/** What a lazy part takes besides its own props: a change of `resetKey` clears a shown failure. */
export interface LazyPartProps {
  resetKey?: unknown;
}

/** A lazy part, and the way to start its download before it is drawn. */
export type LazyPartComponent<P> = ComponentType<P & LazyPartProps> & {
  /** Starts the download now (once); drawing the part later uses it. */
  preload: () => void;
};

/**
 * A component whose code downloads the first time it is drawn: `loading` meanwhile, and
 * `failed` (by default the one part-failure notice) if the download fails or stalls past the
 * chunk timeout, or the part throws while drawing.
 */
export function lazyPart<P extends object>({
  chunk,
  load,
  loading,
  failed = PartLoadFailed,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: LazyPartOptions<P>): LazyPartComponent<P> {
  // One download, whether a preload or the first draw starts it.
  let download: Promise<{ default: ComponentType<P> }> | null = null;
  // The component once its code is here: drawn directly from then on, never suspending, so a
  // preloaded part shows at once rather than after Suspense's pause for a fallback.
  let arrived: ComponentType<P> | null = null;
  const start = () =>
    (download ??= loadChunk(chunk, load, timeoutMs).then((component) => {
      arrived = component;
      return { default: component };
    }));
  const Loaded = lazy(start);

  function LazyPart({ resetKey, ...rest }: P & LazyPartProps) {
    const props = rest as P;
    // Decided once per drawn part: switching later would mount the part afresh.
    const [ready] = useState(() => arrived);
    return (
      <ErrorBoundary resetKey={resetKey} fallback={failed}>
        {ready ? (
          createElement(ready, props)
        ) : (
          <Suspense fallback={loading(props)}>
            <Loaded {...props} />
          </Suspense>
        )}
      </ErrorBoundary>
    );
  }
  LazyPart.displayName = `LazyPart(${chunk})`;
  LazyPart.preload = () => {
    // A failed download surfaces when the part is drawn; here it only must not go unhandled.
    start().catch(() => undefined);
  };
  return LazyPart;
}
