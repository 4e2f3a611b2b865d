import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { AppToaster, TOAST_OPTIONS } from './app-toaster';

describe('AppToaster', () => {
  it('keeps at most 20 toasts, dropping the oldest', () => {
    render(<AppToaster />);
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast(`Reading ${n}`);
    });
    expect(screen.getAllByText(/^Reading \d+$/)).toHaveLength(20);
    expect(screen.getByText('Reading 25')).toBeInTheDocument();
    expect(screen.queryByText('Reading 5')).not.toBeInTheDocument();
  });

  it("uses the spec's durations and width", () => {
    expect(TOAST_OPTIONS.success.duration).toBe(2000);
    expect(TOAST_OPTIONS.error.duration).toBe(4000);
    expect(TOAST_OPTIONS.blank.duration).toBe(4000);
    expect(TOAST_OPTIONS.custom.duration).toBe(4000);
    expect(TOAST_OPTIONS.loading.duration).toBe(Infinity);
    expect(TOAST_OPTIONS.style.maxWidth).toBe('350px');
  });
});
