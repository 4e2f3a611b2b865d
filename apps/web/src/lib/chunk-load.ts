import { CHUNK_LOAD_TIMEOUT_MS } from './constants';

/** A screen's code could not be fetched or did not arrive in time. */
export class ChunkLoadError extends Error {
  readonly chunkName: string;

  constructor(chunkName: string, reason: 'failed' | 'timeout', options?: { cause?: unknown }) {
    super(
      reason === 'timeout'
        ? `Loading chunk "${chunkName}" timed out`
        : `Loading chunk "${chunkName}" failed`,
      options,
    );
    this.name = 'ChunkLoadError';
    this.chunkName = chunkName;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Runs a dynamic import and turns its failure, or its silence past the timeout, into a
 * ChunkLoadError that names the chunk. A stalled request otherwise leaves 'Loading...' up forever.
 */
export function loadChunk<T>(
  chunkName: string,
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkName, 'timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkName, 'failed', { cause }));
      },
    );
  });
}
