import { alertText, type AlertFacts } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { alertMessageWords, alertTitleWords, alertWords, latestWords } from './alert-words';

const sensor = { sensorId: 'kol-01', sensorName: 'Sensor 01' };

const FACTS: AlertFacts[] = [
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
  {
    kind: 'threshold',
    ...sensor,
    location: 'New Market',
    sensorType: 'waste',
    value: 80,
    unit: '%',
    severity: 'warning',
    level: 75,
  },
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
];

/** An alert as the server stores it: its facts, and their English record. */
function serverAlert(facts: AlertFacts) {
  return { rule: 'threshold', facts, ...alertText(facts) };
}

const OFFLINE: AlertFacts = {
  kind: 'offline',
  sensorId: 'kgp-01',
  sensorName: 'Hijli Footfall',
  location: 'Hijli',
  sensorType: 'population',
  since: '2026-11-21T09:41:00.000Z',
  severity: 'warning',
};

describe('alert words', () => {
  beforeAll(async () => {
    // Bengali's texts arrive as the app fetches them; English stays the language of the page.
    await applyLanguage('bn');
    await applyLanguage('hi');
    await applyLanguage('en');
  });
  afterAll(() => applyLanguage('en'));

  it.each(FACTS)('say %j in English exactly as the server wrote it', (facts) => {
    const alert = serverAlert(facts);
    expect(alertWords(alert, i18n.t, 'en-IN')).toEqual({
      title: alert.title,
      message: alert.message,
    });
  });

  it("write the same facts in the reader's language, digits and all", () => {
    const t = i18n.getFixedT('bn-IN');
    expect(alertWords(serverAlert(FACTS[0]!), t, 'bn-IN')).toEqual({
      title: 'Park Street-এ তীব্র যানজট',
      message: 'যানজট ৯২ % (সংকটজনক: ≥ ৯০ %)',
    });
    expect(alertWords(serverAlert(FACTS[3]!), t, 'bn-IN').message).toBe(
      'চাপ ৩৬.২ MW, যা নির্ধারিত ৪০ MW-এর ৯১ % (সতর্কবার্তা: ≥ ৮৫ %)',
    );
  });

  it('show an alert without facts (stored before, or made by hand) as it was written', () => {
    const alert = {
      rule: 'threshold',
      title: 'High traffic congestion at Park Street',
      message: 'Congestion 92 % (critical ≥ 90 %)',
      facts: null,
    };
    expect(alertWords(alert, i18n.getFixedT('bn-IN'), 'bn-IN')).toEqual({
      title: alert.title,
      message: alert.message,
    });
    const manual = {
      rule: 'manual',
      title: 'Water main burst',
      message: 'Crews on site',
      facts: null,
    };
    expect(alertWords(manual, i18n.getFixedT('bn-IN'), 'bn-IN')).toEqual({
      title: 'Water main burst',
      message: 'Crews on site',
    });
  });

  it('name the time an offline sensor last reported in its city’s zone, with the zone’s name', () => {
    const alert = { rule: 'offline', facts: OFFLINE, ...alertText(OFFLINE) };
    expect(alertWords(alert, i18n.t, 'en-IN', 'Asia/Kolkata').message).toBe(
      'Hijli Footfall has sent no reading since 21 Nov 2026, 3:11 pm IST',
    );
    expect(alertWords(alert, i18n.t, 'en-US', 'America/New_York').message).toBe(
      'Hijli Footfall has sent no reading since Nov 21, 2026, 4:41 AM EST',
    );
  });

  it('name the time an offline sensor last reported in the reader’s zone and language', () => {
    const alert = { rule: 'offline', facts: OFFLINE, ...alertText(OFFLINE) };
    expect(alertWords(alert, i18n.t, 'en-IN').message).toBe(
      'Hijli Footfall has sent no reading since 21 Nov 2026, 9:41 am UTC',
    );
  });

  it('say a title alone from its facts, in the reader’s language', () => {
    expect(alertTitleWords(serverAlert(FACTS[5]!), i18n.getFixedT('hi-IN'))).toBe(
      'Hijli पर गंदला पानी',
    );
    expect(alertTitleWords({ title: 'Gas leak', facts: null }, i18n.t)).toBe('Gas leak');
  });

  it('set the latest reading beside the peak that set the severity, while the alert is active', () => {
    const peak = serverAlert(FACTS[1]!);
    const active = { ...peak, value: 127, status: 'open' as const };
    expect(latestWords(active, i18n.t, 'en-IN')).toBe('AQI 127');
    expect(alertMessageWords(active, i18n.t, 'en-IN')).toBe(
      'Peak AQI 164 (high ≥ 150) · latest AQI 127',
    );
    expect(alertMessageWords(active, i18n.getFixedT('bn-IN'), 'bn-IN')).toBe(
      'সর্বোচ্চ AQI ১৬৪ (উচ্চ: ≥ ১৫০) · সর্বশেষ AQI ১২৭',
    );
    // The peak itself, a closed alert and a rule whose value is not what it measures: the message.
    expect(alertMessageWords({ ...active, value: 164.2 }, i18n.t, 'en-IN')).toBe(peak.message);
    expect(alertMessageWords({ ...active, status: 'resolved' }, i18n.t, 'en-IN')).toBe(
      peak.message,
    );
    const ph = { ...serverAlert(FACTS[4]!), value: 410, status: 'open' as const };
    expect(alertMessageWords(ph, i18n.t, 'en-IN')).toBe(ph.message);
    const energy = { ...serverAlert(FACTS[3]!), value: 34.04, status: 'acknowledged' as const };
    expect(latestWords(energy, i18n.t, 'en-IN')).toBe('Load 34 MW is 85 % of rated 40 MW');
  });
});
