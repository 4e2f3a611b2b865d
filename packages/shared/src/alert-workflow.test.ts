import { describe, expect, it } from 'vitest';
import { alertCommentCreateSchema, mentionedUsernames } from './alert-comments';
import { alertSchema, alertShelveSchema, bySeverityThenNewest, isShelved } from './alerts';
import { escalationPolicyCreateSchema, normalizeStep } from './escalation';
import { inQuietHours, notificationPreferencesSchema, quietHoursSchema } from './preferences';

describe('escalation steps', () => {
  const policy = (steps: unknown[], severity = 'high') =>
    escalationPolicyCreateSchema.safeParse({ city: 'kolkata', severity, steps });

  it('take notify, remind and raise steps with what each needs', () => {
    expect(
      policy([
        { afterSeconds: 300, action: 'notify', audience: 'operators' },
        { afterSeconds: 300, action: 'remind', everySeconds: 600 },
        { afterSeconds: 1800, action: 'raise', severity: 'critical' },
      ]).success,
    ).toBe(true);
  });

  it('refuse a raise to a milder severity, a remind without a period, stray fields', () => {
    const paths = (steps: unknown[], severity?: string) =>
      (policy(steps, severity).error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths([{ afterSeconds: 5, action: 'raise', severity: 'high' }])).toEqual([
      'steps.0.severity',
    ]);
    expect(paths([{ afterSeconds: 5, action: 'remind' }])).toEqual(['steps.0.everySeconds']);
    expect(
      paths([{ afterSeconds: 5, action: 'raise', severity: 'critical', audience: 'admins' }]),
    ).toEqual(['steps.0.audience']);
    expect(paths([{ afterSeconds: 5, action: 'notify', wait: 3 }])).toEqual(['steps.0']);
    expect(paths([])).toEqual(['steps']);
  });

  it('fill the audience a step leaves out and clear what its action does not use', () => {
    expect(normalizeStep({ afterSeconds: 60, action: 'remind', everySeconds: 120 })).toEqual({
      afterSeconds: 60,
      action: 'remind',
      audience: 'operators',
      severity: null,
      everySeconds: 120,
    });
    expect(normalizeStep({ afterSeconds: 0, action: 'raise', severity: 'critical' })).toEqual({
      afterSeconds: 0,
      action: 'raise',
      audience: null,
      severity: 'critical',
      everySeconds: null,
    });
  });
});

describe('comments', () => {
  it('are 1 to 2,000 characters after trimming', () => {
    expect(alertCommentCreateSchema.parse({ body: '  On it.  ' })).toEqual({ body: 'On it.' });
    expect(alertCommentCreateSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(alertCommentCreateSchema.safeParse({ body: 'x'.repeat(2_001) }).success).toBe(false);
  });

  it('mention @usernames, once each, never e-mail addresses', () => {
    expect(
      mentionedUsernames('@Priya.Das can you check? cc @operator, @operator and mail a@b.org. @ab'),
    ).toEqual(['priya.das', 'operator']);
    expect(mentionedUsernames('Thanks @admin.')).toEqual(['admin']);
  });
});

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);

  it('span midnight when they start after they end, in their own zone', () => {
    const night = { start: '22:00', end: '07:00', timeZone: 'Asia/Kolkata' };
    // 17:00 UTC is 22:30 in Kolkata; 02:00 UTC is 07:30.
    expect(inQuietHours(night, at('2026-03-02T17:00:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-03-02T01:00:00Z'))).toBe(true);
    expect(inQuietHours(night, at('2026-03-02T02:00:00Z'))).toBe(false);
    expect(inQuietHours(null, at('2026-03-02T17:00:00Z'))).toBe(false);
  });

  it('need two different times and a real time zone', () => {
    expect(
      quietHoursSchema.safeParse({ start: '09:00', end: '09:00', timeZone: 'UTC' }).success,
    ).toBe(false);
    expect(
      quietHoursSchema.safeParse({ start: '09:00', end: '17:00', timeZone: 'Mars/Olympus' })
        .success,
    ).toBe(false);
    expect(
      quietHoursSchema.safeParse({ start: '9:00', end: '17:00', timeZone: 'UTC' }).success,
    ).toBe(false);
  });

  it('are one of the notification preferences, off by default', () => {
    expect(notificationPreferencesSchema.shape.quietHours.parse(null)).toBeNull();
  });
});

describe('an alert of a server from before the workflow', () => {
  it('still parses, with nobody assigned and nothing escalated', () => {
    const older = {
      id: 'a1',
      title: 'Congestion',
      message: 'Congestion 96 %',
      severity: 'critical',
      status: 'open',
      sensorId: null,
      city: 'kolkata',
      location: null,
      rule: 'threshold',
      value: 96,
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      note: null,
    };
    expect(alertSchema.parse(older)).toMatchObject({
      assignee: null,
      assignedAt: null,
      escalatedAt: null,
      shelvedUntil: null,
      shelvedReason: null,
      shelvedBy: null,
    });
  });
});

describe('the order of active alerts', () => {
  it('is the worst first, then the newest, the id settling a tie', () => {
    const alert = (id: string, severity: 'critical' | 'high' | 'warning', minute: number) => ({
      id,
      severity,
      createdAt: `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`,
    });
    const sorted = [
      alert('w-new', 'warning', 9),
      alert('h-new', 'high', 8),
      alert('c-old', 'critical', 1),
      alert('b', 'high', 5),
      alert('a', 'high', 5),
      alert('c-new', 'critical', 4),
    ].sort(bySeverityThenNewest);
    expect(sorted.map((a) => a.id)).toEqual(['c-new', 'c-old', 'h-new', 'a', 'b', 'w-new']);
  });
});

describe('shelving', () => {
  const issues = (body: unknown) =>
    (alertShelveSchema.safeParse(body).error?.issues ?? []).map((issue) => issue.path.join('.'));

  it('takes 1 to 1440 whole minutes and a reason, trimmed', () => {
    expect(alertShelveSchema.parse({ minutes: 60, reason: '  Pump swap  ' })).toEqual({
      minutes: 60,
      reason: 'Pump swap',
    });
    expect(issues({ minutes: 1, reason: 'a' })).toEqual([]);
    expect(issues({ minutes: 1440, reason: 'a'.repeat(500) })).toEqual([]);
  });

  it('refuses no time, more than a day, part minutes, a blank or long reason, stray fields', () => {
    expect(issues({ minutes: 0, reason: 'x' })).toEqual(['minutes']);
    expect(issues({ minutes: 1441, reason: 'x' })).toEqual(['minutes']);
    expect(issues({ minutes: 1.5, reason: 'x' })).toEqual(['minutes']);
    expect(issues({ minutes: '60', reason: 'x' })).toEqual(['minutes']);
    expect(issues({ minutes: 60, reason: '   ' })).toEqual(['reason']);
    expect(issues({ minutes: 60, reason: 'a'.repeat(501) })).toEqual(['reason']);
    expect(issues({ minutes: 60 })).toEqual(['reason']);
    expect(issues({ minutes: 60, reason: 'x', by: 'me' })).toEqual(['']);
  });

  it('counts an alert shelved only while its time is still to come', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(isShelved({ shelvedUntil: null }, now)).toBe(false);
    expect(isShelved({ shelvedUntil: '2026-03-01T10:00:01.000Z' }, now)).toBe(true);
    expect(isShelved({ shelvedUntil: '2026-03-01T10:00:00.000Z' }, now)).toBe(false);
  });
});
