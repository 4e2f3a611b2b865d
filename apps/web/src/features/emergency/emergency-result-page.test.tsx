import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEmergencyServer, testBooking } from '../../test/fake-emergency-server';
import { renderRoute, signedIn } from '../../test/render';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the result screens', () => {
  it('print the receipt of a booking', async () => {
    fakeEmergencyServer({ bookings: [testBooking({ id: 'b1' })] });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderRoute('/services/emergency/success?booking=b1', { auth: signedIn() });
    expect(await screen.findByTestId('result-charged')).toHaveTextContent(
      '₹265.50 on your statement for March 2026',
    );
    await userEvent.click(screen.getByTestId('result-print'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('say when the payment is still open, and follow the booking until it settles', async () => {
    const server = fakeEmergencyServer({
      bookings: [testBooking({ id: 'b1', status: 'pending_payment', chargedPaise: 0 })],
    });
    renderRoute('/services/emergency/success?booking=b1', { auth: signedIn() });
    expect(await screen.findByTestId('result-waiting')).toBeInTheDocument();
    server.bookings[0] = testBooking({ id: 'b1', updatedAt: '2026-03-10T06:01:00.000Z' });
    await waitFor(() => expect(screen.queryByTestId('result-waiting')).not.toBeInTheDocument(), {
      timeout: 5_000,
    });
  });

  it('lead the owner from a cancellation to the cancel screen, nothing charged', async () => {
    fakeEmergencyServer({ bookings: [testBooking({ id: 'b1' })] });
    const { router } = renderRoute('/services/emergency/success?booking=b1', { auth: signedIn() });
    await userEvent.click(await screen.findByTestId('booking-action-cancel'));
    await userEvent.click(screen.getByTestId('booking-action-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/emergency/cancel'));
    expect(await screen.findByTestId('result-outcome')).toHaveTextContent('Nothing was charged');
    expect(screen.getByTestId('result-retry')).toHaveAttribute(
      'href',
      '/services/emergency/quick?service=ambulance&urgency=high',
    );
  });

  it('give a declined payment’s reason on the cancel screen', async () => {
    fakeEmergencyServer({
      bookings: [
        testBooking({
          id: 'b1',
          status: 'payment_failed',
          chargedPaise: 0,
          history: [
            {
              action: 'payment_failed',
              fromStatus: 'pending_payment',
              toStatus: 'payment_failed',
              actor: { name: 'Municipal account', role: null },
              note: 'The account is on hold',
              unit: null,
              etaMinutes: null,
              at: '2026-03-10T06:00:00.000Z',
            },
          ],
        }),
      ],
    });
    renderRoute('/services/emergency/cancel?booking=b1', { auth: signedIn() });
    expect(await screen.findByTestId('result-outcome')).toHaveTextContent(
      'The payment was declined: The account is on hold',
    );
  });

  it('render the cancel variant with no booking, and say when a booking cannot be found', async () => {
    fakeEmergencyServer();
    const { unmount } = renderRoute('/services/emergency/cancel', { auth: signedIn() });
    expect(await screen.findByText('Nothing was charged')).toBeInTheDocument();
    unmount();
    renderRoute('/services/emergency/success?booking=nope', { auth: signedIn() });
    expect(await screen.findByText('The booking could not be loaded.')).toBeInTheDocument();
  });
});
