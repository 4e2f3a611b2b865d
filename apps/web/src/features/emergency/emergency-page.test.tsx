import type { LiveEventName, LiveEventPayload } from '@smart-city/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveContext } from '../../lib/live/live-module';
import { fakeEmergencyServer, testBooking } from '../../test/fake-emergency-server';
import { createTestQueryClient, renderRoute, signedIn } from '../../test/render';
import { emergencyLive } from './emergency.live';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function deliver<K extends 'booking:created' | 'booking:updated'>(
  name: K,
  payload: LiveEventPayload<K>,
  context: LiveContext,
) {
  const handler = emergencyLive.handlers[name as LiveEventName] as
    ((p: LiveEventPayload<K>, c: LiveContext) => void) | undefined;
  act(() => handler?.(payload, context));
}

const card = (id: string) =>
  screen.findByText((_, element) => element?.getAttribute('data-booking-id') === id);

describe('the emergency screen', () => {
  it('tells the reader to call 112 first and lists the city’s numbers as tel: links', async () => {
    fakeEmergencyServer();
    renderRoute('/services/emergency', { auth: signedIn() });
    expect(await screen.findByRole('heading', { name: /call 112 first/ })).toBeInTheDocument();
    expect(screen.getByTestId('call-primary')).toHaveAttribute('href', 'tel:112');
    expect(screen.getByRole('link', { name: 'Call 100, Police' })).toHaveAttribute(
      'href',
      'tel:100',
    );
  });

  it('keeps staff pages out of the tabs, and sends an old Dispatch link to its page', async () => {
    fakeEmergencyServer();
    const { unmount } = renderRoute('/services/emergency', { auth: signedIn({ role: 'admin' }) });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Book Service', 'My Bookings']);
    unmount();
    const { router } = renderRoute('/services/emergency?tab=dispatch', {
      auth: signedIn({ role: 'operator' }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/dispatch'));
  });

  it('asks the server for the reader’s own bookings only, whatever the role', async () => {
    const server = fakeEmergencyServer({ bookings: [testBooking()] });
    renderRoute('/services/emergency?tab=mine', { auth: signedIn({ role: 'operator' }) });
    await screen.findByTestId('booking-card');
    const [list] = server.calls('/api/emergency/bookings', 'GET');
    expect(list!.url.searchParams.get('owner')).toBe('me');
  });

  it('works the fee out on the server as the choices change', async () => {
    const server = fakeEmergencyServer();
    renderRoute('/services/emergency', { auth: signedIn() });
    expect(await screen.findByTestId('booking-fee-total')).toHaveTextContent('₹265.50');
    await userEvent.click(screen.getByTestId('booking-urgency-critical'));
    await userEvent.click(screen.getByTestId('booking-add-on-paramedic'));
    await userEvent.click(screen.getByTestId('booking-remote'));
    await waitFor(() =>
      expect(screen.getByTestId('booking-fee-total')).toHaveTextContent('₹531.00'),
    );
    const fee = screen.getByTestId('booking-fee');
    expect(within(fee).getByText('Paramedic')).toBeInTheDocument();
    expect(within(fee).getByText('Remote location surcharge (20 %)')).toBeInTheDocument();
    expect(server.calls('/api/emergency/quote', 'POST').at(-1)!.body).toEqual({
      service: 'ambulance',
      urgency: 'critical',
      addOns: ['paramedic'],
      remote: true,
    });
  });

  it('drops the add-ons of a service when another is chosen', async () => {
    fakeEmergencyServer();
    renderRoute('/services/emergency', { auth: signedIn() });
    await userEvent.click(await screen.findByTestId('booking-add-on-oxygen'));
    await userEvent.click(screen.getByTestId('booking-service-fire'));
    expect(screen.queryByTestId('booking-add-on-oxygen')).not.toBeInTheDocument();
    expect(screen.getByTestId('booking-add-on-hazmat')).not.toBeChecked();
  });

  it('checks coordinates against the city before sending', async () => {
    const server = fakeEmergencyServer();
    renderRoute('/services/emergency', { auth: signedIn({ phone: '9830012345' }) });
    await userEvent.type(await screen.findByTestId('booking-location'), 'Howrah');
    await userEvent.type(screen.getByTestId('booking-lat'), '40.7');
    await userEvent.type(screen.getByTestId('booking-lng'), '88.3');
    await userEvent.click(screen.getByTestId('booking-submit'));
    expect(
      await screen.findByText('This point lies outside the selected city'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('booking-lat')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('/api/emergency/bookings', 'POST')).toHaveLength(0);
  });
});

describe('my bookings', () => {
  it('shows each booking’s status as a word and follows it live', async () => {
    const server = fakeEmergencyServer({
      bookings: [
        testBooking({ id: 'b1', status: 'confirmed' }),
        testBooking({ id: 'b2', service: 'fire', status: 'cancelled', chargedPaise: 0 }),
      ],
    });
    const queryClient = createTestQueryClient();
    renderRoute('/services/emergency?tab=mine', { auth: signedIn(), queryClient });
    const first = await card('b1');
    expect(within(first).getByTestId('booking-status')).toHaveTextContent('Waiting for a unit');
    expect(within(await card('b2')).getByTestId('booking-status')).toHaveTextContent('Cancelled');

    const dispatched = testBooking({
      id: 'b1',
      status: 'dispatched',
      unit: 'AMB-12',
      etaMinutes: 8,
      updatedAt: '2026-03-10T06:05:00.000Z',
    });
    server.bookings[0] = dispatched;
    deliver('booking:updated', dispatched, { queryClient, city: 'kolkata' });
    await waitFor(() =>
      expect(within(first).getByTestId('booking-status')).toHaveTextContent('Unit on its way'),
    );
    expect(within(first).getByTestId('booking-unit')).toHaveTextContent('AMB-12 · ETA 8 minutes');
    expect(within(first).getByText(/Only the control room can cancel/)).toBeInTheDocument();
    expect(within(first).queryByTestId('booking-action-cancel')).not.toBeInTheDocument();
  });

  it('lets the owner cancel before dispatch, saying it costs nothing', async () => {
    const server = fakeEmergencyServer({ bookings: [testBooking({ id: 'b1' })] });
    renderRoute('/services/emergency?tab=mine', { auth: signedIn() });
    const booking = await card('b1');
    await userEvent.click(within(booking).getByTestId('booking-action-cancel'));
    expect(within(booking).getByText(/Nothing is charged/)).toBeInTheDocument();
    await userEvent.type(within(booking).getByTestId('booking-action-note'), 'Not needed');
    await userEvent.click(within(booking).getByTestId('booking-action-submit'));
    await waitFor(() =>
      expect(within(booking).getByTestId('booking-status')).toHaveTextContent('Cancelled'),
    );
    expect(server.calls('/api/emergency/bookings/b1/cancel', 'POST')[0]!.body).toEqual({
      note: 'Not needed',
    });
  });

  it('opens a booking’s fee and history', async () => {
    fakeEmergencyServer({ bookings: [testBooking({ id: 'b1' })] });
    renderRoute('/services/emergency?tab=mine', { auth: signedIn() });
    const booking = await card('b1');
    await userEvent.click(within(booking).getByTestId('booking-details-toggle'));
    const entries = within(booking).getAllByTestId('booking-history-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Booked'),
      expect.stringContaining('by Municipal account'),
    ]);
    expect(within(booking).getByTestId('booking-card-fee-total')).toHaveTextContent('₹265.50');
  });

  it('shows the month’s statement, its total the sum of its lines', async () => {
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    fakeEmergencyServer({
      bookings: [
        testBooking({ id: 'b1', statementMonth: month }),
        testBooking({ id: 'b2', urgency: 'low', statementMonth: month }),
      ],
    });
    renderRoute('/services/emergency?tab=mine', { auth: signedIn() });
    const statement = await screen.findByTestId('statement');
    await waitFor(() => expect(within(statement).getAllByTestId('statement-line')).toHaveLength(2));
    // ₹265.50 + ₹177.00.
    expect(within(statement).getByTestId('statement-total')).toHaveTextContent('₹442.50');
    await userEvent.click(within(statement).getByTestId('statement-previous'));
    expect(await within(statement).findByTestId('statement-empty')).toBeInTheDocument();
    expect(within(statement).getByTestId('statement-next')).toBeEnabled();
  });

  it('says so when there are no bookings, and when they cannot be loaded', async () => {
    fakeEmergencyServer();
    const { unmount } = renderRoute('/services/emergency?tab=mine', { auth: signedIn() });
    expect(
      await screen.findByText('You have not booked an emergency service yet'),
    ).toBeInTheDocument();
    unmount();
    fakeEmergencyServer({
      handler: (url) =>
        url.pathname === '/api/emergency/bookings' ? new Response('', { status: 500 }) : undefined,
    });
    renderRoute('/services/emergency?tab=mine', { auth: signedIn() });
    expect(await screen.findByText('Your bookings could not be loaded.')).toBeInTheDocument();
  });
});

describe('the dispatch page', () => {
  it('lets an operator dispatch a unit with its ETA, each booking on a small map', async () => {
    const server = fakeEmergencyServer({
      bookings: [
        testBooking({ id: 'low', urgency: 'low' }),
        testBooking({
          id: 'critical',
          urgency: 'critical',
          reference: 'KOL-2603-0002',
          lat: 22.5535,
          lng: 88.3525,
          area: { key: 'park-street', name: 'Park Street' },
        }),
      ],
    });
    renderRoute('/services/dispatch', { auth: signedIn({ role: 'operator' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispatch' })).toBeInTheDocument();
    const queue = await screen.findByTestId('dispatch-queue');
    const cards = within(queue).getAllByTestId('booking-card');
    expect(cards.map((c) => c.getAttribute('data-booking-id'))).toEqual(['critical', 'low']);
    expect(within(cards[0]!).getByTestId('booking-reference')).toHaveTextContent('KOL-2603-0002');
    expect(
      within(cards[0]!).getByRole('img', { name: 'Where in Kolkata: Park Street' }),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('dispatch-map-none')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('booking-status')).toHaveTextContent('Waiting for a unit');
    await userEvent.click(within(cards[0]!).getByTestId('booking-action-dispatch'));
    await userEvent.type(within(cards[0]!).getByTestId('booking-dispatch-unit'), 'AMB-3');
    await userEvent.type(within(cards[0]!).getByTestId('booking-dispatch-eta'), '6');
    await userEvent.click(within(cards[0]!).getByTestId('booking-action-submit'));
    expect(await screen.findByText('Unit dispatched')).toBeInTheDocument();
    expect(server.calls('/api/emergency/bookings/critical/dispatch', 'POST')[0]!.body).toEqual({
      unit: 'AMB-3',
      etaMinutes: 6,
    });
  });

  it('is not for citizens', async () => {
    fakeEmergencyServer();
    renderRoute('/services/dispatch', { auth: signedIn() });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByTestId('dispatch-queue')).not.toBeInTheDocument();
  });
});

describe('the billing page', () => {
  it('is for admins, with the month’s revenue per service and urgency, accounts by name', async () => {
    fakeEmergencyServer({
      bookings: [
        testBooking({ id: 'a' }),
        testBooking({ id: 'b', service: 'police', urgency: 'low' }),
      ],
    });
    const { unmount } = renderRoute('/services/billing', {
      auth: signedIn({ role: 'operator' }),
    });
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    unmount();

    renderRoute('/services/billing', { auth: signedIn({ role: 'admin' }) });
    // ₹265.50 + ₹118.00.
    expect(await screen.findByTestId('overview-revenue')).toHaveTextContent('₹383.50');
    const byService = screen.getByRole('table', { name: 'By service' });
    expect(within(byService).getByRole('row', { name: /Police Emergency/ })).toHaveTextContent(
      '₹118.00',
    );
    const accounts = screen.getByRole('table', { name: 'Accounts charged most' });
    expect(accounts).toHaveTextContent('Asha Sen');
    expect(accounts).not.toHaveTextContent('@');
  });
});
