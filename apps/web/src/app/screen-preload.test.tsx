import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubCitiesApi } from '../test/fetch-stub';
import { authLoading, renderRoute } from '../test/render';

const sensorsScreenArrived = vi.hoisted(() => vi.fn());

vi.mock('../features/sensors/sensors-page', () => {
  sensorsScreenArrived();
  return { SensorsPage: () => <h1>Sensors stand-in</h1> };
});

describe('opening a signed-in screen', () => {
  it("downloads the screen's code while the session is still being checked", async () => {
    stubCitiesApi();
    renderRoute('/sensors', { auth: authLoading });

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(sensorsScreenArrived).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Sensors stand-in' })).not.toBeInTheDocument();
  });
});
