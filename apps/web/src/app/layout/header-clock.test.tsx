import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HeaderClock } from './header-clock';

describe('HeaderClock', () => {
  it('shows the time and refreshes it every 60 s', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T18:12:30Z'));
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    render(<HeaderClock timeZone="Asia/Kolkata" />);
    const clock = screen.getByLabelText('Local time');
    expect(clock).toHaveTextContent('11:42 pm IST');

    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(clock).toHaveTextContent('11:42 pm');

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(clock).toHaveTextContent('11:43 pm');
    expect(setIntervalSpy).toHaveBeenCalledWith(expect.any(Function), 60_000);

    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(clock).toHaveTextContent('11:43 pm');

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(clock).toHaveTextContent('11:44 pm');

    act(() => {
      vi.advanceTimersByTime(60_000 * 16);
    });
    expect(clock).toHaveTextContent('12:00 am');
  });
});
