import { alertText, type AlertFacts } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { renderAlertEmail, type AlertEmailParams } from './email-templates';

const offline: AlertFacts = {
  kind: 'offline',
  sensorId: 'kharagpur-traffic-nh16-crossing',
  sensorName: 'NH16 Crossing Traffic',
  location: 'NH16 Crossing',
  sensorType: 'traffic',
  since: '2026-11-21T09:41:00.000Z',
  severity: 'warning',
};

const params = (facts: AlertFacts | null, title: string): AlertEmailParams => ({
  recipientName: 'System Operator',
  alertTitle: title,
  alertFacts: facts,
  severity: 'warning',
  city: 'kharagpur',
  actor: null,
  excerpt: null,
  alertUrl: 'http://smartcity.test/alerts/a1',
});

describe('alert e-mails', () => {
  it('words the alert from its facts in the reader’s language, zone and digits', () => {
    const { subject, text } = renderAlertEmail(
      'escalated',
      'hi',
      params(offline, alertText(offline).title),
      'Kharagpur',
      'Asia/Kolkata',
    );
    expect(subject).toBe('[चेतावनी] अब तक स्वीकार नहीं हुआ: NH16 Crossing पर सेंसर ऑफ़लाइन');
    expect(text).toContain('  NH16 Crossing पर सेंसर ऑफ़लाइन\n  NH16 Crossing Traffic से ');
    expect(text).toContain('IST के बाद कोई रीडिंग नहीं आई');
  });

  it('says the English record’s words to an English reader', () => {
    const { subject, text } = renderAlertEmail(
      'reminded',
      'en',
      params(offline, alertText(offline).title),
      'Kharagpur',
      'UTC',
    );
    expect(subject).toBe(
      '[Warning] Reminder, still not acknowledged: Sensor offline at NH16 Crossing',
    );
    expect(text).toContain(
      'NH16 Crossing Traffic has sent no reading since 21 Nov 2026, 9:41 am UTC',
    );
  });

  it('quotes an alert without facts (e-mails queued before) as it was written', () => {
    const old = params(null, 'Gas leak at Park Street');
    delete old.alertFacts;
    const { subject, text } = renderAlertEmail('assigned', 'bn', old, 'Kolkata');
    expect(subject).toContain('Gas leak at Park Street');
    expect(text).toContain('  Gas leak at Park Street\n\n');
  });
});
