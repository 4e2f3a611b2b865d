import { describe, expect, it } from 'vitest';
import {
  cityDay,
  formatAxisTime,
  formatCityTime,
  formatClock,
  formatDate,
  formatDateTime,
  formatMonth,
  formatZoneName,
  fromCityLocalInput,
  toCityLocalInput,
} from './date-time';

const AT = '2026-11-21T10:00:00.000Z';

describe('formatCityTime', () => {
  it("writes a moment in the city's zone and names the zone", () => {
    expect(formatCityTime(AT, 'America/New_York', 'en')).toBe('Nov 21, 5:00 AM EST');
    expect(formatCityTime(Date.parse(AT), 'Asia/Kolkata', 'en')).toBe('Nov 21, 3:30 PM IST');
    expect(formatCityTime('not a time', 'Asia/Kolkata', 'en')).toBe('');
  });
});

describe('formatAxisTime', () => {
  it("names the time of day within a day and the date across days, in the city's zone", () => {
    const ms = Date.parse(AT);
    expect(formatAxisTime(ms, false, 'Asia/Kolkata', 'en')).toBe('3:30 PM');
    expect(formatAxisTime(ms, true, 'America/New_York', 'en')).toBe('Nov 21');
  });

  it("tells days apart in the city's zone", () => {
    // 20:00 UTC is already the next day in Kolkata.
    expect(cityDay(Date.parse('2026-11-21T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-22');
    expect(cityDay(Date.parse('2026-11-21T20:00:00Z'), 'America/New_York')).toBe('2026-11-21');
  });
});

describe('formatDateTime, formatDate and formatClock', () => {
  it('write dates in the medium style and the clock in 12-hour time', () => {
    // The city's zone, named.
    expect(formatDateTime(AT, 'en', 'Asia/Kolkata')).toBe('Nov 21, 2026, 3:30 PM IST');
    expect(formatDateTime(AT, 'en', 'America/New_York')).toBe('Nov 21, 2026, 5:00 AM EST');
    // The reader's while the city is not known (the tests run in UTC).
    expect(formatDateTime(AT, 'en')).toBe('Nov 21, 2026, 10:00 AM UTC');
    expect(formatDate('2026-10-01T12:00:00.000Z', 'en')).toBe('Oct 1, 2026');
    // Just before midnight in New York it is already the next day in Kolkata.
    expect(formatDate('2026-10-02T03:30:00.000Z', 'en', 'America/New_York')).toBe('Oct 1, 2026');
    expect(formatDate('2026-10-02T03:30:00.000Z', 'en', 'Asia/Kolkata')).toBe('Oct 2, 2026');
    expect(formatDate('nonsense', 'en')).toBe('');
    expect(formatClock(new Date('2026-03-01T18:12:00Z'), 'Asia/Kolkata', 'en')).toBe(
      '11:42 PM IST',
    );
    expect(formatClock(new Date('2026-03-01T05:07:00Z'), 'America/New_York', 'en')).toBe(
      '12:07 AM EST',
    );
    expect(formatClock(new Date('2026-07-01T05:07:00Z'), 'America/New_York', 'en')).toBe(
      '1:07 AM EDT',
    );
  });

  it("write the clock in each of the app's locales, the zone named alike in all", () => {
    const evening = new Date('2026-03-01T18:12:00Z');
    expect(formatClock(evening, 'Asia/Kolkata', 'en-IN')).toBe('11:42 pm IST');
    // Hindi and Bengali name the part of the day in words, never a Latin 'pm'.
    expect(formatClock(evening, 'Asia/Kolkata', 'hi-IN')).toBe('रात 11:42 IST');
    expect(formatClock(evening, 'Asia/Kolkata', 'bn-IN')).toBe('১১:৪২ রাত্রি IST');
    expect(formatClock(new Date('2026-07-01T05:07:00Z'), 'America/New_York', 'bn-IN')).toBe(
      '১:০৭ রাত্রি EDT',
    );
    expect(formatDateTime(AT, 'hi-IN', 'Asia/Kolkata')).toBe('21 नव॰ 2026, दोपहर 3:30 IST');
    expect(formatAxisTime(Date.parse(AT), false, 'Asia/Kolkata', 'bn-IN')).toBe('৩:৩০ দুপুর');
    expect(formatDate('2026-10-01T12:00:00.000Z', 'en-IN')).toBe('1 Oct 2026');
    expect(formatMonth('2026-11', 'hi-IN')).toBe('नवंबर 2026');
    expect(formatMonth('2026-11', 'bn-IN')).toBe('নভেম্বর ২০২৬');
  });
});

describe('formatZoneName', () => {
  it("names a zone in the reader's language, or by its IANA name when unknown", () => {
    expect(formatZoneName('Asia/Kolkata', 'en-IN')).toBe('India Standard Time');
    expect(formatZoneName('Asia/Kolkata', 'hi-IN')).toBe('भारतीय मानक समय');
    expect(formatZoneName('Asia/Kolkata', 'bn-IN')).toBe('ভারতীয় মানক সময়');
    expect(formatZoneName('Not/AZone', 'en-IN')).toBe('Not/AZone');
  });
});

describe('city-clock date-and-time fields', () => {
  it("shows a moment on the city's clock and reads one back", () => {
    expect(toCityLocalInput(AT, 'Asia/Kolkata')).toBe('2026-11-21T15:30');
    expect(toCityLocalInput(AT, 'America/New_York')).toBe('2026-11-21T05:00');
    expect(fromCityLocalInput('2026-11-21T15:30', 'Asia/Kolkata')).toBe(AT);
    expect(fromCityLocalInput('2026-11-21T05:00', 'America/New_York')).toBe(AT);
    // Summer time in New York: four hours behind UTC.
    expect(fromCityLocalInput('2026-07-01T08:00', 'America/New_York')).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(fromCityLocalInput('', 'Asia/Kolkata')).toBeNull();
    expect(toCityLocalInput('not a time', 'Asia/Kolkata')).toBe('');
  });
});
