import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeAgo } from './time-ago';

afterEach(() => {
  vi.useRealTimers();
});

describe('TimeAgo', () => {
  it('says how long ago it was, keeps saying it, and offers the full date as its tooltip', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00.000Z'));
    render(<TimeAgo iso="2026-11-21T09:59:55.000Z" />);
    const time = screen.getByText('now');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-11-21T09:59:55.000Z');
    expect(time.getAttribute('title')).toMatch(/^21 Nov 2026/);

    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(time).toHaveTextContent('25 seconds ago');
  });
});
