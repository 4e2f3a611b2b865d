import { DEFAULT_NOTIFICATION_PREFERENCES, type AlertSeverity } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { bellShowsAlert, toastKindFor } from './alert-preferences';

const SEVERITIES: AlertSeverity[] = ['critical', 'high', 'warning', 'info'];
const shown = (preferences = DEFAULT_NOTIFICATION_PREFERENCES) =>
  SEVERITIES.filter((severity) => bellShowsAlert({ severity }, preferences));

describe('alert notification preferences', () => {
  it('lists every severity in the bell by default, and warnings only while their switch is on', () => {
    expect(shown()).toEqual(SEVERITIES);
    expect(shown({ ...DEFAULT_NOTIFICATION_PREFERENCES, warningAlerts: false })).toEqual([
      'critical',
      'high',
    ]);
    expect(
      shown({ ...DEFAULT_NOTIFICATION_PREFERENCES, criticalAlerts: false, highAlerts: false }),
    ).toEqual(['warning', 'info']);
  });

  it('toasts critical and high alerts only, each by its own switch', () => {
    const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(SEVERITIES.map((severity) => toastKindFor({ severity }, prefs))).toEqual([
      'critical',
      'high',
      null,
      null,
    ]);
    expect(toastKindFor({ severity: 'high' }, { ...prefs, highAlerts: false })).toBeNull();
    expect(toastKindFor({ severity: 'critical' }, { ...prefs, criticalAlerts: false })).toBeNull();
  });
});
