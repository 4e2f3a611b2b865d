import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeEntry } from './entry-description';

/** Words as keys with their values, so a test sees which text a description chose. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.values(options).join(', ')})` : key) as unknown as TFunction;

const crossed = (bound: string) =>
  describeEntry(
    {
      seq: 7,
      type: 'air_quality.crossed',
      at: '2026-11-20T10:00:00.000Z',
      payload: { aqi: 21, location: 'Queens College', crossed: bound },
      prevHash: '0'.repeat(64),
      hash: '1'.repeat(64),
      signature: 'sig',
    },
    { t, locale: 'en-IN', cityName: (key) => key },
  );

describe('a ledger entry in the reader’s words', () => {
  it('says which air-quality bound was crossed in the reader’s words, not as the record wrote it', () => {
    expect(crossed('below 25')).toBe(
      'blockchain.entry.aqiCrossed(21, Queens College, blockchain.entry.crossedBelow(25))',
    );
    expect(crossed('above 150')).toBe(
      'blockchain.entry.aqiCrossed(21, Queens College, blockchain.entry.crossedAbove(150))',
    );
    // A record of another shape is shown as it is rather than guessed at.
    expect(crossed('off the scale')).toBe(
      'blockchain.entry.aqiCrossed(21, Queens College, off the scale)',
    );
  });
});
