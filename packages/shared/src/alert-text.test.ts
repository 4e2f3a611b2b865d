import { describe, expect, it } from 'vitest';
import { alertFactsSchema, alertSchema, type AlertFacts } from './alerts';
import {
  ALERT_WORDS,
  alertSayIn,
  alertText,
  alertWordsIn,
  fillWords,
  type AlertWordsCatalogue,
} from './alert-text';

const sensor = { sensorId: 'kol-traffic-001', sensorName: 'Park Street Traffic' };

const EXAMPLES: [AlertFacts, string, string][] = [
  [
    {
      kind: 'threshold',
      ...sensor,
      location: 'Park Street',
      sensorType: 'traffic',
      value: 92,
      unit: '%',
      severity: 'critical',
      level: 90,
    },
    'High traffic congestion at Park Street',
    'Congestion 92 % (critical ≥ 90 %)',
  ],
  [
    {
      kind: 'threshold',
      ...sensor,
      location: 'Maidan',
      sensorType: 'air_quality',
      value: 164,
      unit: 'AQI',
      severity: 'high',
      level: 150,
    },
    'Poor air quality at Maidan',
    'AQI 164 (high ≥ 150)',
  ],
  [
    {
      kind: 'energy',
      ...sensor,
      location: 'Dum Dum',
      sensorType: 'energy',
      value: 36.2,
      unit: 'MW',
      percent: 91,
      ratedMw: 40,
      severity: 'warning',
      level: 85,
    },
    'Energy feeder overload at Dum Dum',
    'Load 36.2 MW is 91 % of rated 40 MW (warning ≥ 85 %)',
  ],
  [
    {
      kind: 'water-ph',
      ...sensor,
      location: 'Esplanade',
      sensorType: 'water',
      value: 8.9,
      unit: 'pH',
      low: 6.5,
      high: 8.5,
      severity: 'warning',
    },
    'Water pH out of range at Esplanade',
    'pH 8.9 (safe 6.5–8.5)',
  ],
  [
    {
      kind: 'water-turbidity',
      ...sensor,
      location: 'Hijli',
      sensorType: 'water',
      value: 7.4,
      unit: 'NTU',
      severity: 'high',
      level: 7,
    },
    'Turbid water at Hijli',
    'Turbidity 7.4 NTU (high ≥ 7 NTU)',
  ],
  [
    {
      kind: 'offline',
      sensorId: 'ny-traffic-001',
      sensorName: 'Times Square Traffic',
      location: 'Times Square',
      sensorType: 'traffic',
      since: '2026-11-21T09:41:00.000Z',
      severity: 'warning',
    },
    'Sensor offline at Times Square',
    'Times Square Traffic has sent no reading since 2026-11-21 09:41 UTC',
  ],
];

type Tree = { readonly [key: string]: string | Tree };
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('alert words', () => {
  it.each(EXAMPLES)('writes the English record of %j', (facts, title, message) => {
    expect(alertFactsSchema.parse(facts)).toEqual(facts);
    expect(alertText(facts)).toEqual({ title, message });
  });

  it('says the facts in Hindi and Bengali, with the locale’s digits', () => {
    const [traffic, , energy] = EXAMPLES.map(([facts]) => facts);
    expect(alertWordsIn(traffic!, 'hi')).toEqual({
      title: 'Park Street पर भारी यातायात भीड़',
      message: 'भीड़ 92 % (गंभीर: ≥ 90 %)',
    });
    expect(alertWordsIn(energy!, 'bn')).toEqual({
      title: 'Dum Dum-এ বিদ্যুৎ ফিডারে অতিরিক্ত চাপ',
      message: 'চাপ ৩৬.২ MW, যা নির্ধারিত ৪০ MW-এর ৯১ % (সতর্কবার্তা: ≥ ৮৫ %)',
    });
  });

  it('names a silent sensor’s last reading in the reader’s zone', () => {
    const offline = EXAMPLES[5]![0];
    expect(alertWordsIn(offline, 'en', 'Asia/Kolkata').message).toBe(
      'Times Square Traffic has sent no reading since 21 Nov 2026, 3:11 pm IST',
    );
  });

  it('picks the plural form of a count', () => {
    expect(alertSayIn('en')('group.silent', { count: 1, type: 'waste' })).toBe(
      '1 waste sensor silent',
    );
    expect(alertSayIn('en')('group.overLimitsAny', { count: 1204 })).toBe(
      '1,204 sensors over their limits',
    );
    expect(alertSayIn('bn')('group.silentAny', { count: 3 })).toBe('৩টি সেন্সর নীরব');
  });

  it('fills values without reading the text back', () => {
    expect(fillWords('{{a}} and {{ b }}, {{c}}', { a: 1, b: 'two' })).toBe('1 and two, {{c}}');
  });

  it('has the same keys and values in every language', () => {
    const english = keys(ALERT_WORDS.en).sort();
    for (const words of Object.values(ALERT_WORDS)) {
      expect(keys(words as AlertWordsCatalogue & Tree).sort()).toEqual(english);
    }
  });

  it('an alert stored before facts has none', () => {
    const parsed = alertSchema.shape.facts.parse(undefined);
    expect(parsed).toBeNull();
  });
});
