import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEmergencyServer, testBooking } from '../../test/fake-emergency-server';
import { renderRoute, signedIn } from '../../test/render';

const citizen = () => signedIn({ firstName: 'Asha', lastName: 'Sen', phone: '98300 12345' });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('quick booking', () => {
  it('takes the service and contact from the address and profile, never the place', async () => {
    fakeEmergencyServer({
      bookings: [
        testBooking({ id: 'a', location: 'Gariahat market' }),
        testBooking({ id: 'b', location: 'Gariahat market' }),
        testBooking({ id: 'c', location: 'Howrah station' }),
      ],
    });
    renderRoute('/services/emergency/quick?service=fire&urgency=critical', { auth: citizen() });

    expect(await screen.findByTestId('quick-service')).toHaveValue('fire');
    expect(screen.getByTestId('quick-urgency')).toHaveValue('critical');
    expect(screen.getByTestId('booking-contact-name')).toHaveValue('Asha Sen');
    expect(screen.getByTestId('booking-phone')).toHaveValue('98300 12345');
    expect(screen.getByTestId('booking-phone-source')).toHaveTextContent('from your profile');
    // Earlier places are offered once each, and the field stays empty until one is picked.
    const recent = await screen.findByTestId('recent-places');
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Gariahat market', 'Howrah station']);
    expect(screen.getByTestId('booking-location')).toHaveValue('');
    await userEvent.click(within(recent).getByRole('button', { name: 'Howrah station' }));
    expect(screen.getByTestId('booking-location')).toHaveValue('Howrah station');
    // 200 × 2.2 = 440.00, GST 79.20.
    expect(await screen.findByTestId('booking-fee-total')).toHaveTextContent('₹519.20');
    expect(screen.getByTestId('quick-call-primary')).toHaveAttribute('href', 'tel:112');
  });

  it('asks for a phone when the profile has none, rather than claim one from it', async () => {
    fakeEmergencyServer();
    renderRoute('/services/emergency/quick', { auth: signedIn({ phone: null }) });
    expect(await screen.findByTestId('booking-phone-source')).toHaveTextContent(
      'Your profile has no phone number',
    );
    expect(screen.getByTestId('booking-phone')).toHaveValue('');
  });

  it('fills the place from the device’s position and sends its coordinates', async () => {
    const server = fakeEmergencyServer();
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 22.5535, longitude: 88.3525 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    try {
      renderRoute('/services/emergency/quick?service=ambulance', { auth: citizen() });
      await userEvent.click(await screen.findByRole('button', { name: /location/i }));
      expect(screen.getByTestId('booking-location')).toHaveValue(
        'Near Park Street (22.55350, 88.35250)',
      );
      expect(screen.getByTestId('booking-point')).toHaveTextContent(
        '22.55350, 88.35250, near Park Street',
      );
      await screen.findByTestId('booking-fee-total');
      await userEvent.click(screen.getByTestId('quick-confirm'));
      await screen.findByTestId('result-booking-id');
      const [post] = server.calls('/api/emergency/bookings', 'POST');
      expect(post!.body).toMatchObject({
        location: 'Near Park Street (22.55350, 88.35250)',
        lat: 22.5535,
        lng: 88.3525,
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('books with one tap and opens the success screen with the reference and total', async () => {
    const server = fakeEmergencyServer();
    const { router } = renderRoute('/services/emergency/quick?service=ambulance', {
      auth: citizen(),
    });
    const location = await screen.findByTestId('booking-location');
    await userEvent.type(location, 'Park Street, gate 2');
    await screen.findByTestId('booking-fee-total');
    await userEvent.click(screen.getByTestId('quick-confirm'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/services/emergency/success'));
    expect(router.state.location.search).toBe('?booking=bk-new-1');
    expect(await screen.findByTestId('result-booking-id')).toHaveTextContent('KOL-2603-0001');
    expect(screen.getByTestId('result-fee-total')).toHaveTextContent('₹265.50');
    expect(
      within(screen.getByTestId('result-next')).getByTestId('booking-status'),
    ).toHaveTextContent('Waiting for a unit');

    const [post] = server.calls('/api/emergency/bookings', 'POST');
    expect(post!.body).toEqual({
      service: 'ambulance',
      urgency: 'high',
      addOns: [],
      remote: false,
      city: 'kolkata',
      location: 'Park Street, gate 2',
      contactName: 'Asha Sen',
      contactPhone: '98300 12345',
      email: 'asha.sen@smartcity.local',
      paymentMethod: 'municipal_account',
    });
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends a retry of the same booking with the same Idempotency-Key', async () => {
    let attempts = 0;
    const server = fakeEmergencyServer({
      handler: (url, init) => {
        if (url.pathname !== '/api/emergency/bookings' || init?.method !== 'POST') return undefined;
        attempts += 1;
        // The first answer is lost on the way back.
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return undefined;
      },
    });
    renderRoute('/services/emergency/quick', { auth: citizen() });
    await userEvent.type(await screen.findByTestId('booking-location'), 'Maidan');
    await userEvent.click(screen.getByTestId('quick-confirm'));
    expect(await screen.findByTestId('booking-error')).toHaveTextContent(
      'a booking sent twice is made once',
    );
    await userEvent.click(screen.getByTestId('quick-confirm'));
    await screen.findByTestId('result-booking-id');
    const keys = server
      .calls('/api/emergency/bookings', 'POST')
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says what is wrong with each field before sending anything', async () => {
    const server = fakeEmergencyServer();
    renderRoute('/services/emergency/quick', { auth: signedIn({ phone: null }) });
    await screen.findByTestId('booking-location');
    fireEvent.change(screen.getByTestId('booking-phone'), { target: { value: '12345' } });
    await userEvent.click(screen.getByTestId('quick-confirm'));
    expect(await screen.findByText('Say where help is needed')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a 10-digit mobile number or a number starting with +'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('booking-location')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('/api/emergency/bookings', 'POST')).toHaveLength(0);
  });

  it('shows the server’s field error under its field', async () => {
    fakeEmergencyServer({
      handler: (url, init) =>
        url.pathname === '/api/emergency/bookings' && init?.method === 'POST'
          ? new Response(
              JSON.stringify({
                error: {
                  code: 'invalid_input',
                  message: 'Invalid input',
                  details: [{ path: 'location', message: 'must say where help is needed' }],
                },
              }),
              { status: 400, headers: { 'Content-Type': 'application/json' } },
            )
          : undefined,
    });
    renderRoute('/services/emergency/quick', { auth: citizen() });
    await userEvent.type(await screen.findByTestId('booking-location'), 'x');
    await userEvent.click(screen.getByTestId('quick-confirm'));
    expect(await screen.findByText('Must say where help is needed')).toBeInTheDocument();
  });
});
