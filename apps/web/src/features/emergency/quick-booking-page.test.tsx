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
  it('comes prefilled from the address, the profile and the last booking, with the server’s fee', async () => {
    fakeEmergencyServer({ bookings: [testBooking({ location: 'Gariahat market' })] });
    renderRoute('/services/emergency/quick?service=fire&urgency=critical', { auth: citizen() });

    expect(await screen.findByTestId('quick-service')).toHaveValue('fire');
    expect(screen.getByTestId('quick-urgency')).toHaveValue('critical');
    expect(screen.getByTestId('booking-contact-name')).toHaveValue('Asha Sen');
    expect(screen.getByTestId('booking-phone')).toHaveValue('98300 12345');
    await waitFor(() =>
      expect(screen.getByTestId('booking-location')).toHaveValue('Gariahat market'),
    );
    // 200 × 2.2 = 440.00, GST 79.20.
    expect(await screen.findByTestId('booking-fee-total')).toHaveTextContent('₹519.20');
    expect(screen.getByTestId('quick-call-primary')).toHaveAttribute('href', 'tel:112');
  });

  it('books with one tap and opens the success screen with the booking id and total', async () => {
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
    expect(await screen.findByTestId('result-booking-id')).toHaveTextContent('bk-new-1');
    expect(screen.getByTestId('result-fee-total')).toHaveTextContent('₹265.50');
    expect(
      within(screen.getByTestId('booking-receipt')).getByTestId('booking-status'),
    ).toHaveTextContent('Confirmed');

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
