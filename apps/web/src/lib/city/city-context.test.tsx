import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CitySelect } from '../../components/city-select';
import { stubCitiesApi } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { CITY_STORAGE_KEY } from '../storage-keys';
import { useCity } from './city-context';

function SelectedCity() {
  const { cityKey, city } = useCity();
  return (
    <p data-testid="selected">
      {cityKey}:{city?.name ?? 'unknown'}
    </p>
  );
}

function renderSelector() {
  stubCitiesApi();
  return renderWithProviders(
    <>
      <CitySelect />
      <SelectedCity />
    </>,
  );
}

describe('city selection', () => {
  it('defaults to Kolkata and lists the three cities from the API', async () => {
    renderSelector();
    const select = await screen.findByRole('combobox', { name: 'City' });
    expect(await screen.findByRole('option', { name: 'Kolkata' })).toBeInTheDocument();
    expect(select).toHaveValue('kolkata');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Kolkata',
      'Kharagpur',
      'New York',
    ]);
    expect(screen.getByTestId('selected')).toHaveTextContent('kolkata:Kolkata');
  });

  it('persists the chosen city', async () => {
    const { unmount } = renderSelector();
    await screen.findByRole('option', { name: 'Kharagpur' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Kharagpur');
    expect(screen.getByTestId('selected')).toHaveTextContent('kharagpur:Kharagpur');
    expect(window.localStorage.getItem(CITY_STORAGE_KEY)).toBe('kharagpur');

    unmount();
    renderSelector();
    expect(screen.getByTestId('selected')).toHaveTextContent('kharagpur:');
    await screen.findByRole('option', { name: 'Kharagpur' });
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('kharagpur');
  });

  it('falls back to Kolkata for an unknown stored value', async () => {
    window.localStorage.setItem(CITY_STORAGE_KEY, 'atlantis');
    renderSelector();
    expect(screen.getByTestId('selected')).toHaveTextContent('kolkata:');
    await screen.findByRole('option', { name: 'Kolkata' });
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('kolkata');
  });

  it('is disabled until the cities arrive', () => {
    stubCitiesApi();
    renderWithProviders(<CitySelect />);
    expect(screen.getByRole('combobox', { name: 'City' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
  });
});
