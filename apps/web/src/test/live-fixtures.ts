import {
  alertText,
  type Alert,
  type AlertFacts,
  type AlertGroup,
  type Sensor,
  type Stats,
} from '@smart-city/shared';

/** An alert as GET /api/alerts and the live events carry it; any field can be replaced. */
export function testAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'alert-1',
    title: 'Congestion at Howrah Bridge',
    message: 'Congestion 92% is over the critical threshold',
    severity: 'critical',
    status: 'open',
    sensorId: 'kol-traffic-01',
    city: 'kolkata',
    location: 'Howrah Bridge',
    rule: 'threshold',
    value: 92,
    facts: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    assignee: null,
    assignedAt: null,
    escalatedAt: null,
    severitySince: null,
    shelvedUntil: null,
    shelvedReason: null,
    shelvedBy: null,
    groupId: null,
    suppressed: false,
    chattering: false,
    ...overrides,
  };
}

/**
 * The facts of an alert its rule raised (a traffic sensor at Howrah Bridge unless replaced), with
 * their English record as the server stores it: spread into `testAlert`.
 */
export function ruleFacts(
  facts: Partial<AlertFacts> & Pick<AlertFacts, 'kind'>,
): Pick<Alert, 'facts' | 'title' | 'message'> {
  const full = {
    sensorId: 'kol-traffic-01',
    sensorName: 'Howrah Bridge Traffic',
    location: 'Howrah Bridge',
    ...facts,
  } as AlertFacts;
  return { facts: full, ...alertText(full) };
}

/**
 * A flood group as GET /api/alert-groups and `alertGroup:updated` carry it: 412 air-quality alerts
 * in Kolkata, still in flood at the tests' clock (an alert joined two minutes before TEST_NOW).
 */
export function testAlertGroup(overrides: Partial<AlertGroup> = {}): AlertGroup {
  return {
    id: 'group-1',
    city: 'kolkata',
    sensorType: 'air_quality',
    rule: 'threshold',
    severity: 'critical',
    status: 'open',
    members: 412,
    activeMembers: 398,
    peakValue: 320,
    createdAt: '2026-11-21T09:55:00.000Z',
    lastJoinedAt: '2026-11-21T10:03:00.000Z',
    updatedAt: '2026-11-21T10:03:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    ...overrides,
  };
}

/** `count` alerts numbered from 1, newest first. */
export function testAlerts(count: number, overrides: Partial<Alert> = {}): Alert[] {
  return Array.from({ length: count }, (_, index) =>
    testAlert({
      id: `alert-${index + 1}`,
      title: `Alert ${index + 1}`,
      message: `Reading ${index + 1} over threshold`,
      ...overrides,
    }),
  );
}

/** A sensor as GET /api/sensors returns it. */
export function testSensor(overrides: Partial<Sensor> = {}): Sensor {
  return {
    id: 'kol-traffic-01',
    name: 'Howrah Bridge traffic',
    type: 'traffic',
    city: 'kolkata',
    location: 'Howrah Bridge',
    lat: 22.585,
    lng: 88.347,
    status: 'active',
    unit: '%',
    value: 40,
    lastReading: '2026-11-21T10:00:00.000Z',
    metadata: {},
    maintenanceUntil: null,
    ...overrides,
  };
}

/** A city's counts as GET /api/stats and the live `stats` event carry them. */
export function testStats(overrides: Partial<Stats> = {}): Stats {
  return {
    totalSensors: 12,
    activeSensors: 12,
    alerts: 0,
    criticalAlerts: 0,
    lastUpdate: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
