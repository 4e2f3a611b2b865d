import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/reload-page';
import { lazyPart } from './lazy-part';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

type Props = { city: string };

function Chart({ city }: Props) {
  return <p>Chart of {city}</p>;
}

function chartPart(load: () => Promise<ComponentType<Props>>) {
  return lazyPart<Props>({ chunk: 'chart', load, loading: ({ city }) => <p>Drawing {city}…</p> });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lazyPart', () => {
  it('shows its loading state until the code arrives, then the part', async () => {
    let arrive: (component: ComponentType<Props>) => void = () => {};
    const Part = chartPart(() => new Promise((resolve) => (arrive = resolve)));
    render(<Part city="Kolkata" />);

    expect(screen.getByText('Drawing Kolkata…')).toBeInTheDocument();
    await act(async () => arrive(Chart));
    expect(await screen.findByText('Chart of Kolkata')).toBeInTheDocument();
    expect(screen.queryByText('Drawing Kolkata…')).not.toBeInTheDocument();
  });

  it('draws a preloaded part at once, without its loading state, and downloads it once', async () => {
    const load = vi.fn(() => Promise.resolve(Chart));
    const Part = chartPart(load);
    Part.preload();
    await act(async () => {});
    render(<Part city="Kolkata" />);

    expect(screen.getByText('Chart of Kolkata')).toBeInTheDocument();
    expect(screen.queryByText('Drawing Kolkata…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a part drawn through its loading state when its props change', async () => {
    let arrive: (component: ComponentType<Props>) => void = () => {};
    let mounts = 0;
    function Counted({ city }: Props) {
      const [mountedAs] = useState(() => ++mounts);
      return (
        <p>
          Chart of {city} ({mountedAs})
        </p>
      );
    }
    const Part = chartPart(() => new Promise((resolve) => (arrive = resolve)));
    const { rerender } = render(<Part city="Kolkata" />);
    await act(async () => arrive(Counted));
    expect(await screen.findByText('Chart of Kolkata (1)')).toBeInTheDocument();

    rerender(<Part city="Kharagpur" />);
    expect(screen.getByText('Chart of Kharagpur (1)')).toBeInTheDocument();
  });

  it('names the part whose code failed to download and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = chartPart(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<Part city="Kolkata" />);

    expect(
      await screen.findByText('The chart could not be downloaded. Reload the page to try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('gives up on code that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = chartPart(() => new Promise(() => {}));
    render(<Part city="Kolkata" />);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(119_999);
    });
    expect(screen.getByText('Drawing Kolkata…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(
      screen.getByText('The chart could not be downloaded. Reload the page to try again.'),
    ).toBeInTheDocument();
  });

  it('says a part that failed to draw could not be shown, and clears that when its key changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Fragile({ city }: Props) {
      if (broken) throw new Error('no WebGL');
      return <p>Map of {city}</p>;
    }
    const Part = lazyPart<Props>({
      chunk: 'map',
      load: () => Promise.resolve(Fragile),
      loading: () => <p>Loading map</p>,
    });
    const { rerender } = render(<Part city="Kolkata" resetKey="kolkata" />);

    expect(
      await screen.findByText(
        'This part of the screen could not be shown. Reload the page to try again.',
      ),
    ).toBeInTheDocument();
    broken = false;
    rerender(<Part city="New York" resetKey="new-york" />);
    expect(await screen.findByText('Map of New York')).toBeInTheDocument();
  });
});
