import type { AirQuality, OpenCity, OpenSensor } from '@smart-city/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../lib/i18n/i18n';
import { jsonResponse, requestedUrls, stubFetch } from '../../test/fetch-stub';
import { renderRoute, signedIn, signedOut } from '../../test/render';
import { citiesOr404 } from '../../test/report-fixtures';

const KOLKATA: OpenCity = {
  key: 'kolkata',
  name: 'Kolkata',
  country: 'IN',
  timeZone: 'Asia/Kolkata',
  center: { lat: 22.5726, lng: 88.3639 },
  bounds: { north: 22.75, south: 22.45, east: 88.5, west: 88.2 },
  airQualityStandard: 'IN-NAQI',
  pollutantUnits: { pm25: 'µg/m³', pm10: 'µg/m³', co: 'mg/m³' },
  areas: [
    { key: 'esplanade', name: 'Esplanade', lat: 22.5646, lng: 88.3515, radiusKm: 1.5 },
    { key: 'park-street', name: 'Park Street', lat: 22.5526, lng: 88.3525, radiusKm: 1.5 },
  ],
  sensorCount: 48,
};

const NEW_YORK: OpenCity = {
  key: 'new-york',
  name: 'New York',
  country: 'US',
  timeZone: 'America/New_York',
  center: { lat: 40.7589, lng: -73.9851 },
  bounds: { north: 40.92, south: 40.49, east: -73.7, west: -74.26 },
  airQualityStandard: 'US-EPA',
  pollutantUnits: { pm25: 'µg/m³', o3: 'ppb', co: 'ppm' },
  areas: [{ key: 'midtown', name: 'Midtown', lat: 40.754, lng: -73.984, radiusKm: 2 }],
  sensorCount: 1,
};

const KOLKATA_AIR: AirQuality = {
  city: 'kolkata',
  area: null,
  standard: 'IN-NAQI',
  index: 142,
  category: 'moderate',
  categoryName: 'Moderately polluted',
  colour: '#FFFF00',
  dominantPollutant: 'pm25',
  subIndices: { pm25: 142, pm10: 96, co: 40 },
  concentrations: { pm25: 72.4, pm10: 96, co: 0.8 },
  units: { pm25: 'µg/m³', pm10: 'µg/m³', co: 'mg/m³' },
  at: '2026-11-21T10:00:00.000Z',
  complete: true,
  incompleteReason: null,
  sensors: 6,
};

const NEW_YORK_AIR: AirQuality = {
  city: 'new-york',
  area: null,
  standard: 'US-EPA',
  index: null,
  category: null,
  categoryName: null,
  colour: null,
  dominantPollutant: null,
  subIndices: {},
  concentrations: {},
  units: { o3: 'ppb' },
  at: '2026-11-21T10:00:00.000Z',
  complete: false,
  incompleteReason: 'no_particulates',
  sensors: 1,
};

const SENSOR: OpenSensor = {
  id: 'kolkata-air-esplanade',
  name: 'Esplanade air monitor',
  type: 'air_quality',
  city: 'kolkata',
  location: 'Esplanade',
  lat: 22.5646,
  lng: 88.3515,
  status: 'active',
  unit: 'AQI',
};

const NOT_FOUND = () => jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);

/** The open data API over the two cities; any answer can be replaced by a status to fail with. */
function stubOpenData(options: { cities?: OpenCity[] | number } = {}) {
  const cities = options.cities ?? [KOLKATA, NEW_YORK];
  return stubFetch((url) => {
    const { pathname } = new URL(url, 'http://localhost');
    switch (pathname) {
      case '/api/public/v1/cities':
        return Promise.resolve(
          typeof cities === 'number'
            ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, cities)
            : jsonResponse({ items: cities }),
        );
      case '/api/public/v1/cities/kolkata/air-quality':
        return Promise.resolve(jsonResponse(KOLKATA_AIR));
      case '/api/public/v1/cities/new-york/air-quality':
        return Promise.resolve(jsonResponse(NEW_YORK_AIR));
      case '/api/public/v1/cities/kolkata/sensors':
        return Promise.resolve(jsonResponse({ items: [SENSOR], nextCursor: 'c1', total: 48 }));
      default:
        return Promise.resolve(url === '/api/cities' ? citiesOr404(url) : NOT_FOUND());
    }
  });
}

const cityCard = (name: string) => screen.getByRole('article', { name });

describe('the open data page', () => {
  afterEach(() => applyLanguage('en'));

  it('shows a visitor each city’s datasets and its air-quality index, in the standard’s words', async () => {
    stubOpenData();
    renderRoute('/open-data', { auth: signedOut });

    expect(await screen.findByRole('heading', { level: 1, name: 'Open data' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await screen.findByTestId('open-city-list');

    const kolkata = within(cityCard('Kolkata'));
    expect(kolkata.getByText('48 sensors · 2 areas')).toBeInTheDocument();
    expect(
      kolkata.getByText("India's National Air Quality Index (CPCB)", { exact: true }),
    ).toBeInTheDocument();
    expect(kolkata.getByText('PM2.5').parentElement).toHaveTextContent('PM2.5 µg/m³');
    expect(kolkata.getByText('CO').parentElement).toHaveTextContent('CO mg/m³');
    expect(await kolkata.findByTestId('air-quality-index')).toHaveTextContent('142');
    expect(kolkata.getByTestId('air-quality-category')).toHaveTextContent('Moderately polluted');
    expect(kolkata.getByTestId('air-quality-colour')).toHaveStyle({
      backgroundColor: 'rgb(255, 255, 0)',
    });
    expect(
      kolkata.getByText('Main pollutant: PM2.5 · From 6 air sensors', { exact: false }),
    ).toBeInTheDocument();

    const newYork = within(cityCard('New York'));
    expect(newYork.getByText('1 sensor · 1 area')).toBeInTheDocument();
    expect(newYork.getByText('US EPA Air Quality Index')).toBeInTheDocument();
    expect(newYork.getByText('ppm')).toBeInTheDocument();
    expect(await newYork.findByTestId('air-quality-incomplete')).toHaveTextContent(
      'Not enough data for an index: neither PM2.5 nor PM10 measured in the last 24 hours',
    );
    expect(newYork.queryByTestId('air-quality-index')).not.toBeInTheDocument();

    const licence = screen.getByTestId('open-data-licence');
    expect(within(licence).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
    expect(screen.getByTestId('open-data-anonymous-limit')).toHaveTextContent(
      'Without a key, each address may make 300 requests a minute.',
    );
  });

  it('points every example at the API’s real addresses', async () => {
    const fetchSpy = stubOpenData();
    renderRoute('/open-data', { auth: signedOut });
    await screen.findByTestId('open-city-list');

    const endpoint = (name: string) => within(screen.getByRole('article', { name }));
    const links = (name: string) =>
      endpoint(name)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);

    expect(links('Cities')).toEqual([['Open JSON', '/api/public/v1/cities']]);
    expect(
      endpoint('Cities').getByText("curl 'http://localhost:3000/api/public/v1/cities'"),
    ).toBeInTheDocument();
    expect(links('Sensors')).toEqual([
      ['Open JSON', '/api/public/v1/cities/kolkata/sensors?limit=5'],
      ['Open CSV', '/api/public/v1/cities/kolkata/sensors.csv?limit=5'],
    ]);
    expect(links('Latest values')).toEqual([
      ['Open JSON', '/api/public/v1/cities/kolkata/latest?limit=5'],
      ['Open CSV', '/api/public/v1/cities/kolkata/latest.csv?limit=5'],
    ]);
    // The history asks about a sensor the API named.
    expect(await endpoint('Sensor history').findAllByRole('link')).toHaveLength(2);
    expect(links('Sensor history')).toEqual([
      ['Open JSON', '/api/public/v1/sensors/kolkata-air-esplanade/history?resolution=hour'],
      ['Open CSV', '/api/public/v1/sensors/kolkata-air-esplanade/history.csv?resolution=day'],
    ]);
    expect(requestedUrls(fetchSpy)).toContain('/api/public/v1/cities/kolkata/sensors?limit=1');
    expect(links('Air quality')).toEqual([
      ['Open JSON', '/api/public/v1/cities/kolkata/air-quality'],
    ]);
    expect(links('City notices')).toEqual([['Open JSON', '/api/public/v1/notices?limit=5']]);
    expect(links('Ledger checkpoints')).toEqual([
      ['Open JSON', '/api/public/v1/ledger/checkpoints?limit=5'],
    ]);
    expect(links('OGC SensorThings API 1.1')).toEqual([
      ['Open the example', '/api/sta/v1.1/Things?$top=5&$expand=Datastreams'],
    ]);
    expect(links('DCAT-AP')).toEqual([['Open the catalogue', '/api/public/v1/catalog']]);
    expect(screen.getByRole('link', { name: 'Data catalogue' })).toHaveAttribute(
      'href',
      '/api/public/v1/catalog',
    );
    expect(
      within(cityCard('Kolkata'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/api/public/v1/cities/kolkata/sensors.csv',
      '/api/public/v1/cities/kolkata/latest.csv',
    ]);
  });

  it('names the categories and the missing data in the reader’s language', async () => {
    await applyLanguage('hi');
    stubOpenData();
    renderRoute('/open-data', { auth: signedOut });
    expect(await screen.findByRole('heading', { level: 1, name: 'ओपन डेटा' })).toBeInTheDocument();
    await screen.findByTestId('open-city-list');
    const kolkata = within(cityCard('कोलकाता'));
    expect(await kolkata.findByTestId('air-quality-category')).toHaveTextContent('मध्यम');
    expect(kolkata.getByText('48 सेंसर · 2 क्षेत्र')).toBeInTheDocument();
    expect(
      await within(cityCard('न्यूयॉर्क')).findByTestId('air-quality-incomplete'),
    ).toHaveTextContent('सूचकांक के लिए पर्याप्त आँकड़े नहीं: पिछले 24 घंटों में न PM2.5 मापा गया');
  });

  it('says when the open data cannot be loaded, with Retry', async () => {
    stubOpenData({ cities: 500 });
    renderRoute('/open-data', { auth: signedOut });
    expect(await screen.findByTestId('open-data-error')).toHaveTextContent(
      'The open datasets could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('open-city-list')).not.toBeInTheDocument();
  });

  it('says when no city publishes open data yet', async () => {
    stubOpenData({ cities: [] });
    renderRoute('/open-data', { auth: signedOut });
    expect(await screen.findByText('No city publishes open data yet')).toBeInTheDocument();
  });

  it('opens inside the signed-in frame, marked in its navigation', async () => {
    stubOpenData();
    renderRoute('/open-data', { auth: signedIn() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Open data' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Open data' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
