import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CitySelect } from '../../components/city-select';
import { CITY_STORAGE_KEY } from '../../lib/storage-keys';
import { jsonResponse, stubCitiesApi, stubFetch, stubPendingFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { HeaderCity } from './header-city';

describe('HeaderCity', () => {
  it('shows the fallback text while the cities load', () => {
    stubPendingFetch();
    renderWithProviders(<HeaderCity />);
    expect(screen.getByTestId('header-city-name')).toHaveTextContent('Smart City');
    expect(screen.getByTestId('header-city-population')).toHaveTextContent('2.1M residents');
  });

  it('replaces the fallback with the selected city from GET /api/cities', async () => {
    const fetchSpy = stubCitiesApi();
    renderWithProviders(<HeaderCity />);
    expect(screen.getByTestId('header-city-name')).toHaveTextContent('Smart City');
    expect(await screen.findByText('Kolkata')).toBeInTheDocument();
    expect(screen.getByTestId('header-city-population')).toHaveTextContent('14.9M residents');
    expect(fetchSpy).toHaveBeenCalledWith('/api/cities', expect.anything());
  });

  it('shows the stored city', async () => {
    window.localStorage.setItem(CITY_STORAGE_KEY, 'new-york');
    stubCitiesApi();
    renderWithProviders(<HeaderCity />);
    expect(await screen.findByText('New York')).toBeInTheDocument();
    expect(screen.getByTestId('header-city-population')).toHaveTextContent('8.3M residents');
  });

  it('keeps the fallback when the request fails', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)),
    );
    renderWithProviders(
      <>
        <HeaderCity />
        <CitySelect />
      </>,
    );
    expect(await screen.findByRole('option', { name: 'Cities unavailable' })).toBeInTheDocument();
    expect(screen.getByTestId('header-city-name')).toHaveTextContent('Smart City');
    expect(screen.getByTestId('header-city-population')).toHaveTextContent('2.1M residents');
  });

  it('keeps the fallback when the answer does not match the contract', async () => {
    stubFetch(() => Promise.resolve(jsonResponse([{ key: 'paris', name: 'Paris' }])));
    renderWithProviders(
      <>
        <HeaderCity />
        <CitySelect />
      </>,
    );
    expect(await screen.findByRole('option', { name: 'Cities unavailable' })).toBeInTheDocument();
    expect(screen.getByTestId('header-city-name')).toHaveTextContent('Smart City');
  });

  it("on a phone, the city's name is the switch: choosing another city changes the header", async () => {
    stubCitiesApi();
    renderWithProviders(
      <>
        <HeaderCity />
        <CitySelect variant="title" testId="header-city-switch" />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('header-city-name')).toHaveTextContent('Kolkata'),
    );
    const phoneSwitch = screen.getByTestId('header-city-switch');
    expect(phoneSwitch).toHaveAccessibleName('City');
    await userEvent.selectOptions(phoneSwitch, 'New York');
    expect(screen.getByTestId('header-city-name')).toHaveTextContent('New York');
  });
});
