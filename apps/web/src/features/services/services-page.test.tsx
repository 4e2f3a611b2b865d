import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEmergencyServer, testBooking } from '../../test/fake-emergency-server';
import { testSensor } from '../../test/live-fixtures';
import { renderRoute, signedIn } from '../../test/render';

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

describe('the city services screen', () => {
  it('shows each service’s live status from real data, each card linking on', async () => {
    fakeEmergencyServer({
      sensors,
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
    expect(await screen.findByTestId('service-status-water')).toHaveTextContent(
      'All 2 sensors reporting',
    );
    const power = screen.getByTestId('service-status-energy');
    expect(power).toHaveTextContent('1 of 2 sensors reporting');
    expect(power).toHaveTextContent('1 offline');
    expect(screen.getByTestId('service-status-traffic')).toHaveTextContent('1 in maintenance');
    expect(
      within(screen.getByTestId('service-card-waste')).getByText('No sensors in this city'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('service-card-notices')).getByText('No notices yet'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('service-card-emergency')).getByRole('link', {
        name: /Book or follow a service/,
      }),
    ).toHaveAttribute('href', '/services/emergency');
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
        url.pathname === '/api/sensors/counts' || url.pathname === '/api/emergency/bookings/summary'
          ? new Response('', { status: 503 })
          : undefined,
    });
    renderRoute('/services', { auth: signedIn() });
    expect(await screen.findByText('The bookings could not be counted.')).toBeInTheDocument();
    expect(await screen.findAllByText('The sensors could not be loaded.')).toHaveLength(4);
  });
});
