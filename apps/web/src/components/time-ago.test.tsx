import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubCitiesApi } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { TimeAgo } from './time-ago';

afterEach(() => {
  vi.useRealTimers();
});

describe('TimeAgo', () => {
  it("says how long ago it was, keeps saying it, and offers the exact time on the city's clock", async () => {
    stubCitiesApi();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-21T10:00:00.000Z'));
    renderWithProviders(<TimeAgo iso="2026-11-21T09:59:55.000Z" />);
    const time = screen.getByText('now');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-11-21T09:59:55.000Z');
    // Kolkata, the city chosen by default, once the cities have come: 3:29 pm there.
    await waitFor(() => expect(time).toHaveAttribute('title', '21 Nov 2026, 3:29 pm IST'));
    expect(time).toHaveAttribute('data-exact', '21 Nov 2026, 3:29 pm IST');
    // On its own it takes keyboard focus, where it shows the exact time under it.
    expect(time).toHaveAttribute('tabindex', '0');

    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(time).toHaveTextContent('25 seconds ago');
  });

  it('leaves focus to the link it sits in', () => {
    renderWithProviders(
      <a href="/alerts/a-1">
        Congestion at Howrah Bridge <TimeAgo iso="2026-11-21T10:00:00.000Z" />
      </a>,
    );
    expect(screen.getByText('5 minutes ago')).not.toHaveAttribute('tabindex');
  });
});
