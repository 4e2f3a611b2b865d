import { aqiBand, binOverflows } from '@smart-city/shared';
import type { Alert, AqiBand } from '@smart-city/shared';

/** What a resident is told an alert is about: the kinds of the citizen home. */
type ResidentKind = 'traffic' | 'air_quality' | 'waste' | 'energy' | 'water';

/** A kind's words: bins are "overflowing" only past the overflow level, else "nearly full". */
type ResidentWordsKey = ResidentKind | 'wasteOverflowing';

/**
 * The kind of an alert in a resident's words, and the AQI band of a poor-air one (its advice is the
 * EPA's message for the band, as the citizen home shows it); null for an alert no resident acts on.
 */
export function residentKindOf(alert: Pick<Alert, 'facts'>): {
  kind: ResidentKind;
  band: AqiBand | null;
  /** Which of the home's texts says what it means. */
  words: ResidentWordsKey;
} | null {
  const facts = alert.facts;
  if (!facts) return null;
  switch (facts.kind) {
    case 'threshold':
      return {
        kind: facts.sensorType,
        band: facts.sensorType === 'air_quality' ? aqiBand(facts.value).band : null,
        words:
          facts.sensorType === 'waste' && binOverflows(facts.value)
            ? 'wasteOverflowing'
            : facts.sensorType,
      };
    case 'energy':
      return { kind: 'energy', band: null, words: 'energy' };
    case 'water-ph':
    case 'water-turbidity':
      return { kind: 'water', band: null, words: 'water' };
    case 'offline':
      return null;
  }
}
