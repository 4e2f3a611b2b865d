import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/error-boundary';
import { reloadPage } from '../lib/reload-page';
import { ScreenErrorFallback } from './screen-error-fallback';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new Error('sensor widget exploded');
  return <p>Widget ready</p>;
}

function Harness() {
  const [resetKey, setResetKey] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setResetKey((key) => key + 1)}>
        Change route
      </button>
      <ErrorBoundary resetKey={resetKey} fallback={ScreenErrorFallback}>
        <Fragile />
      </ErrorBoundary>
    </>
  );
}

describe('ErrorBoundary with the screen fallback', () => {
  it("shows the spec's texts and recovers with Try Again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(<Harness />);

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("We're sorry, but something unexpected happened. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Widget ready')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('stays on the error while the child keeps failing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('clears the error when the reset key (the route) changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(<Harness />);
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Change route' }));
    expect(screen.getByText('Widget ready')).toBeInTheDocument();
  });

  it('reloads the page from Reload Page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
