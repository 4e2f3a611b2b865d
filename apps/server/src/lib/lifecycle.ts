import type { ServerPhase } from '@smart-city/shared';

/**
 * Where the server process is in its life, for the readiness check: a load balancer sends traffic
 * only to a process that is `ready`, and stops before the process stops taking it.
 */
export type Lifecycle = {
  readonly phase: ServerPhase;
  enter: (phase: ServerPhase) => void;
};

export function createLifecycle(phase: ServerPhase = 'starting'): Lifecycle {
  return {
    get phase() {
      return phase;
    },
    enter(next) {
      phase = next;
    },
  };
}
