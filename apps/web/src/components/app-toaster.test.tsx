import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { AppToaster } from './app-toaster';
import { InPageToastSlot } from './in-page-toasts';
import { TOAST_OPTIONS } from './toast-options';

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

  it('shows toasts once, in the page, while a signed-in screen has its own outlet', () => {
    const { rerender } = render(
      <>
        <AppToaster />
        <main>
          <InPageToastSlot />
        </main>
      </>,
    );
    act(() => {
      toast.success('Real-time connection established');
    });
    const shown = screen.getAllByText('Real-time connection established');
    expect(shown).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(shown[0]!);

    // Without it (the sign-in pages), the floating outlet shows them.
    rerender(<AppToaster />);
    expect(screen.getByText('Real-time connection established')).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });
});
