import { Busy } from '../../lib/domain-errors';
import type { Metrics } from '../../metrics/metrics';

/** How long a refused sender should wait: a batch of a few thousand readings takes well under this. */
const INGEST_RETRY_AFTER_S = 1;

/** Refused because ingest is at its bound: nothing was stored, and the sender may retry later. */
export class IngestBusy extends Busy {
  constructor() {
    super(
      `The server is storing as many readings as it can; retry in ${INGEST_RETRY_AFTER_S} s`,
      INGEST_RETRY_AFTER_S,
    );
  }
}

/**
 * A bound on the readings being stored at once. Past it, more work would only queue for the same
 * database and slow every batch down; refusing at once keeps the latency of what is accepted flat,
 * and the sender keeps its readings and retries. A batch larger than the bound still goes through
 * when nothing else is in flight, or it could never be stored.
 */
export function createIngestAdmission(deps: { maxInFlightReadings: number; metrics: Metrics }) {
  const max = deps.maxInFlightReadings;
  let inFlight = 0;
  const hasRoomFor = (count: number) => inFlight === 0 || inFlight + count <= max;
  return {
    hasRoomFor,
    /** True when no more readings are admitted, whatever their number: refuse before reading a body. */
    isSaturated: () => inFlight >= max,
    /** Takes room for `count` readings or throws IngestBusy; the returned function gives it back. */
    admit(count: number): () => void {
      if (!hasRoomFor(count)) throw new IngestBusy();
      inFlight += count;
      deps.metrics.ingestInFlight.set(inFlight);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= count;
        deps.metrics.ingestInFlight.set(inFlight);
      };
    },
  };
}
