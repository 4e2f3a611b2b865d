import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CITY_STORAGE_KEY } from '../../lib/storage-keys';
import { jsonResponse, stubCitiesApi, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render';
import { LandingPage } from './landing-page';

function renderLanding() {
  return renderRoute('/', {
    routes: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <p>Login form</p> },
    ],
  });
}

describe('LandingPage', () => {
  it('introduces the platform and lists what it does', () => {
    stubCitiesApi();
    renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Smart City' })).toBeInTheDocument();
    expect(screen.getByText(/live sensor data for traffic, air quality/)).toBeInTheDocument();
    const capabilities = within(
      screen.getByRole('region', { name: 'What the platform does' }),
    ).getAllByRole('heading', { level: 3 });
    expect(capabilities.map((heading) => heading.textContent)).toEqual([
      'Live sensor data',
      'Alerts',
      'City notices',
      'Emergency services',
      'Analytics',
      'Transparency ledger',
      '3D city twin',
    ]);
  });

  it('links the public tracker of reported problems and the open data from its footer', () => {
    stubCitiesApi();
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Problems residents have reported' })).toHaveAttribute(
      'href',
      '/reports',
    );
    expect(footer.getByRole('link', { name: 'Open data and its API' })).toHaveAttribute(
      'href',
      '/open-data',
    );
  });

  it('shows each city with its population and time zone, and colours the hero', async () => {
    stubCitiesApi();
    renderLanding();
    const picker = await screen.findByTestId('landing-city-picker');
    const kolkata = within(picker).getByRole('button', { name: /^Kolkata/ });
    expect(kolkata).toHaveAttribute('aria-pressed', 'true');
    expect(kolkata).toHaveTextContent('14.9M residents');
    expect(kolkata).toHaveTextContent('Time zone: India Standard Time');
    expect(within(picker).getByRole('button', { name: /^New York/ })).toHaveTextContent(
      'Time zone: Eastern Time',
    );
    expect(screen.getByTestId('landing-hero').style.backgroundImage).toContain('rgb(138, 35, 135)');
  });

  it('selects a city, updating the hero and the stored choice', async () => {
    stubCitiesApi();
    renderLanding();
    const picker = await screen.findByTestId('landing-city-picker');
    await userEvent.click(within(picker).getByRole('button', { name: /^Kharagpur/ }));
    expect(within(picker).getByRole('button', { name: /^Kharagpur/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('landing-selected-city')).toHaveTextContent('Kharagpur');
    expect(screen.getByTestId('landing-hero').style.backgroundImage).toContain('rgb(0, 198, 255)');
    expect(window.localStorage.getItem(CITY_STORAGE_KEY)).toBe('kharagpur');
  });

  it('says so when the cities cannot be loaded, and retries', async () => {
    let fail = true;
    stubFetch(() =>
      Promise.resolve(
        fail
          ? jsonResponse({ error: { code: 'unavailable', message: 'Down' } }, 503)
          : jsonResponse([]),
      ),
    );
    renderLanding();
    expect(await screen.findByText('The list of cities could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('landing-city-picker')).toBeInTheDocument();
  });

  it('links to sign-in', async () => {
    stubCitiesApi();
    renderLanding();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Login form')).toBeInTheDocument();
  });
});
