import { describe, expect, it } from 'vitest';
import { alertFactsOf, alertText, alertTitleOf, type AlertFacts } from './alert-text';

const EXAMPLES: [AlertFacts, string, string][] = [
  [
    {
      kind: 'threshold',
      sensorType: 'traffic',
      location: 'Park Street',
      value: 92,
      severity: 'critical',
      level: 90,
    },
    'High traffic congestion at Park Street',
    'Congestion 92 % (critical ≥ 90 %)',
  ],
  [
    {
      kind: 'threshold',
      sensorType: 'air_quality',
      location: 'Maidan',
      value: 64,
      severity: null,
      level: null,
    },
    'Poor air quality at Maidan',
    'AQI 64',
  ],
  [
    {
      kind: 'threshold',
      sensorType: 'waste',
      location: 'New Market',
      value: 90,
      severity: 'high',
      level: 90,
    },
    'Waste bin nearly full at New Market',
    'Bin fill 90 % (high ≥ 90 %)',
  ],
  [
    {
      kind: 'energy',
      location: 'Dum Dum',
      loadMw: 36.2,
      percent: 91,
      ratedMw: 40,
      severity: 'warning',
      level: 85,
    },
    'Energy feeder overload at Dum Dum',
    'Load 36.2 MW is 91 % of rated 40 MW (warning ≥ 85 %)',
  ],
  [
    { kind: 'water-ph', location: 'Esplanade', ph: 8.9, low: 6.5, high: 8.5 },
    'Water pH out of range at Esplanade',
    'pH 8.9 (safe 6.5–8.5)',
  ],
  [
    { kind: 'water-turbidity', location: 'Hijli', ntu: 7.4, severity: 'high', level: 7 },
    'Turbid water at Hijli',
    'Turbidity 7.4 NTU (high ≥ 7 NTU)',
  ],
  [
    {
      kind: 'offline',
      location: 'Times Square',
      sensorName: 'Times Square Traffic',
      since: '2026-11-21 09:41',
    },
    'Sensor offline at Times Square',
    'Times Square Traffic has sent no reading since 2026-11-21 09:41 UTC',
  ],
];

describe('alert texts', () => {
  it.each(EXAMPLES)('writes %j in English', (facts, title, message) => {
    expect(alertText(facts)).toEqual({ title, message });
  });

  it.each(EXAMPLES)('reads the facts of %j back from its words', (facts, title, message) => {
    expect(alertFactsOf({ rule: 'any', title, message })).toEqual(facts);
  });

  it('reads the kind and place from a title alone', () => {
    expect(alertTitleOf('Turbid water at Hijli')).toEqual({ kind: 'turbidity', location: 'Hijli' });
    expect(alertTitleOf('Poor air quality at Park Street')).toEqual({
      kind: 'air_quality',
      location: 'Park Street',
    });
    expect(alertTitleOf('Gas leak at Park Street')).toBeNull();
  });

  it('reads nothing from words no rule writes', () => {
    expect(
      alertFactsOf({ rule: 'threshold', title: 'Gas leak at Park Street', message: 'Call 101' }),
    ).toBeNull();
    expect(
      alertFactsOf({
        rule: 'threshold',
        title: 'High traffic congestion at X',
        message: 'Congestion high',
      }),
    ).toBeNull();
  });
});
