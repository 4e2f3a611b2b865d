import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../lib/chunk-load';
import { renderRoute } from '../test/render';
import { RouteErrorScreen } from './route-error-screen';

let failing = true;

function Unstable() {
  if (failing) throw new Error('layout exploded');
  return <p>Layout ready</p>;
}

function BrokenChunk(): never {
  throw new ChunkLoadError('blockchain', 'failed');
}

describe('RouteErrorScreen', () => {
  it('shows the error screen for a route error and renders the route again on Try Again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failing = true;
    renderRoute('/', {
      routes: [{ path: '/', element: <Unstable />, errorElement: <RouteErrorScreen /> }],
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Layout ready')).toBeInTheDocument();
  });

  it('names the screen when the error is a failed chunk', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/', {
      routes: [{ path: '/', element: <BrokenChunk />, errorElement: <RouteErrorScreen /> }],
    });
    expect(
      screen.getByRole('heading', { name: 'Failed to load the Blockchain screen' }),
    ).toBeInTheDocument();
  });
});
