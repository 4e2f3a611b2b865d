import { Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { loadChunk } from '../lib/chunk-load';
import { preloadable } from '../lib/preloadable';
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
interface LazyPartProps {
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
  const part = preloadable(() => loadChunk(chunk, load, timeoutMs));

  function LazyPart({ resetKey, ...rest }: P & LazyPartProps) {
    const props = rest as P;
    return (
      <ErrorBoundary resetKey={resetKey} fallback={failed}>
        <Suspense fallback={loading(props)}>
          <part.Component {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  LazyPart.displayName = `LazyPart(${chunk})`;
  LazyPart.preload = part.preload;
  return LazyPart;
}
