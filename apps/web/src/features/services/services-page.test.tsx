import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEmergencyServer, testBooking } from '../../test/fake-emergency-server';
import { alertText, type AlertFacts } from '@smart-city/shared';
import { testAlert, testSensor } from '../../test/live-fixtures';
import { renderRoute, signedIn } from '../../test/render';

/** An alert's facts and their English record, as the server stores them. */
const withFacts = (facts: AlertFacts) => ({ facts, ...alertText(facts) });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const sensors = [
  testSensor({ id: 'w1', type: 'water', status: 'active' }),
  testSensor({ id: 'w2', type: 'water', status: 'active' }),
  testSensor({ id: 'e1', type: 'energy', status: 'active' }),
  testSensor({ id: 'e2', type: 'energy', status: 'offline' }),
  testSensor({ id: 't1', type: 'traffic', status: 'maintenance' }),
  testSensor({ id: 't2', type: 'traffic', status: 'active' }),
];

/** A real threshold alert of a sensor: its words as the server writes them. */
function thresholdAlert(
  id: string,
  sensorId: string,
  sensorType: 'traffic' | 'waste',
  value: number,
  severity: 'critical' | 'high' | 'warning',
  location: string,
) {
  const level = { critical: 98, high: 90, warning: 75 }[severity];
  return testAlert({
    id,
    sensorId,
    severity,
    value,
    location,
    ...withFacts({
      kind: 'threshold',
      sensorId,
      sensorName: null,
      location,
      sensorType,
      value,
      unit: '%',
      severity,
      level,
    }),
  });
}

const bins = [
  testSensor({ id: 'b1', type: 'waste', status: 'active' }),
  testSensor({ id: 'b2', type: 'waste', status: 'active' }),
];

const alerts = [
  thresholdAlert('a-bin-full', 'b1', 'waste', 91, 'high', 'Gariahat'),
  thresholdAlert('a-bin-over', 'b2', 'waste', 99, 'critical', 'Park Street'),
  thresholdAlert('a-jam', 't2', 'traffic', 76, 'warning', 'Ultadanga'),
  thresholdAlert('a-gone', 't2', 'traffic', 95, 'critical', 'Ultadanga'),
].map((alert) => (alert.id === 'a-gone' ? { ...alert, status: 'resolved' as const } : alert));

describe('the city services screen', () => {
  it('says how each service is doing in plain words: its worst alert now, or that all is well', async () => {
    fakeEmergencyServer({
      sensors: [...sensors, ...bins],
      alerts,
      bookings: [
        testBooking({ id: 'a', status: 'confirmed' }),
        testBooking({ id: 'b', status: 'dispatched' }),
        testBooking({ id: 'c', status: 'completed' }),
      ],
    });
    renderRoute('/services', { auth: signedIn() });

    expect(await screen.findByTestId('service-status-emergency')).toHaveTextContent(
      'You have 2 open bookings',
    );
    const waste = await screen.findByTestId('service-status-waste');
    expect(waste).toHaveTextContent('Severe: Bins overflowing at Park Street');
    expect(waste).toHaveTextContent('and 1 more alert');
    expect(waste).toHaveAttribute('data-tone', 'bad');
    // The resolved jam is over: the junction's warning is what traffic is going through.
    const traffic = screen.getByTestId('service-status-traffic');
    expect(traffic).toHaveTextContent('Take care: Heavy traffic at Ultadanga');
    expect(traffic).not.toHaveTextContent('more');
    expect(traffic).toHaveAttribute('data-tone', 'warn');
    expect(screen.getByTestId('service-status-water')).toHaveTextContent(
      'Working normally: no alerts now',
    );
    // Residents read about the service, not about its sensors.
    expect(screen.queryByTestId('service-sensors-energy')).toBeNull();
    expect(screen.getByTestId('service-card-energy')).not.toHaveTextContent(/sensor/i);
    expect(
      within(screen.getByTestId('service-card-waste')).getByRole('link', {
        name: /See the alerts/,
      }),
    ).toHaveAttribute('href', '/alerts');
    expect(
      within(screen.getByTestId('service-card-notices')).getByText('No notices yet'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('service-card-emergency')).getByRole('link', {
        name: /Book or follow a service/,
      }),
    ).toHaveAttribute('href', '/services/emergency');
  });

  it('calls bins nearly full, not overflowing, below the overflow level', async () => {
    fakeEmergencyServer({ sensors: bins, alerts: [alerts[0]!] });
    renderRoute('/services', { auth: signedIn() });
    const waste = await screen.findByTestId('service-status-waste');
    expect(waste).toHaveTextContent('Serious: Bins nearly full at Gariahat');
    expect(waste).not.toHaveTextContent('overflowing');
  });

  it('shows operators whether each network’s sensors report, beside the service’s status', async () => {
    fakeEmergencyServer({ sensors, alerts });
    renderRoute('/services', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByTestId('service-status-traffic')).toHaveTextContent(
      'Warning: Heavy traffic at Ultadanga',
    );
    expect(await screen.findByTestId('service-sensors-water')).toHaveTextContent(
      'All 2 sensors reporting',
    );
    const power = screen.getByTestId('service-sensors-energy');
    expect(power).toHaveTextContent('1 of 2 sensors reporting');
    expect(power).toHaveTextContent('1 offline');
    expect(screen.getByTestId('service-sensors-traffic')).toHaveTextContent('1 in maintenance');
    expect(
      within(screen.getByTestId('service-card-waste')).getByText('No sensors in this city'),
    ).toBeInTheDocument();
  });

  it('counts the city’s open bookings for operators', async () => {
    fakeEmergencyServer({ sensors, bookings: [testBooking({ id: 'a' })] });
    renderRoute('/services', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByTestId('service-status-emergency')).toHaveTextContent(
      '1 open booking in Kolkata',
    );
  });

  it('says so when a service’s data cannot be loaded', async () => {
    fakeEmergencyServer({
      handler: (url) =>
        ['/api/sensors/counts', '/api/emergency/bookings/summary', '/api/alerts'].includes(
          url.pathname,
        )
          ? new Response('', { status: 503 })
          : undefined,
    });
    renderRoute('/services', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByText('The bookings could not be counted.')).toBeInTheDocument();
    expect(await screen.findAllByText('The alerts could not be loaded.')).toHaveLength(4);
    expect(await screen.findAllByText('The sensors could not be loaded.')).toHaveLength(4);
  });
});
