import {
  OPEN_DATA_ANONYMOUS_LIMIT,
  OPEN_DATA_BASE_PATH,
  OPEN_DATA_ENDPOINTS,
  OPEN_DATA_KEY_HEADER,
  OPEN_DATA_WINDOW_S,
  pathOf,
  SENSORTHINGS_BASE_PATH,
} from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';

// The addresses the open data page documents and links to: each endpoint's path comes from the
// contract, and its examples are made with the same function the app's own requests are.

/** Five things (places with sensors) with their datastreams. */
export const SENSORTHINGS_EXAMPLE = `${SENSORTHINGS_BASE_PATH}/Things?$top=5&$expand=Datastreams`;

/** The DCAT-AP catalogue of the datasets, as JSON-LD. */
export const CATALOGUE_PATH = `${OPEN_DATA_BASE_PATH}/catalog`;

/** The licence the data are published under, which the catalogue names too. */
export const LICENCE = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

/** Rows an example asks for: enough to see the shape of an answer. */
const EXAMPLE_ROWS = 5;

type ApiEndpointName =
  'cities' | 'sensors' | 'latest' | 'history' | 'airQuality' | 'notices' | 'checkpoints';

/** An endpoint as the page documents it. */
export interface ApiEndpointDoc {
  name: ApiEndpointName;
  /** The JSON path and, where the data come as CSV too, the CSV path, with their {parameters}. */
  paths: string[];
  /** The names its query takes. */
  parameters: string[];
  /** A request to try, as JSON and as CSV; null until a sensor to ask about is known. */
  example: { json: string; csv: string | null } | null;
}

const E = OPEN_DATA_ENDPOINTS;

/** The names a query schema takes; none without one. */
function parametersOf(query?: { shape: object }): string[] {
  return Object.keys(query?.shape ?? {});
}

/** Every endpoint of the open data API, its examples asking about `city` and `sensorId`. */
export function apiEndpointDocs(city: CityKey, sensorId: string | null): ApiEndpointDoc[] {
  const page = { limit: EXAMPLE_ROWS };
  return [
    {
      name: 'cities',
      paths: [E.cities.path],
      parameters: parametersOf(),
      example: { json: pathOf(E.cities), csv: null },
    },
    {
      name: 'sensors',
      paths: [E.sensors.path, E.sensorsCsv.path],
      parameters: parametersOf(E.sensors.query),
      example: {
        json: pathOf(E.sensors, { city }, page),
        csv: pathOf(E.sensorsCsv, { city }, page),
      },
    },
    {
      name: 'latest',
      paths: [E.latest.path, E.latestCsv.path],
      parameters: parametersOf(E.latest.query),
      example: { json: pathOf(E.latest, { city }, page), csv: pathOf(E.latestCsv, { city }, page) },
    },
    {
      name: 'history',
      paths: [E.history.path, E.historyCsv.path],
      parameters: parametersOf(E.history.query),
      example: sensorId
        ? {
            json: pathOf(E.history, { id: sensorId }, { resolution: 'hour' }),
            csv: pathOf(E.historyCsv, { id: sensorId }, { resolution: 'day' }),
          }
        : null,
    },
    {
      name: 'airQuality',
      paths: [E.airQuality.path],
      parameters: parametersOf(E.airQuality.query),
      example: { json: pathOf(E.airQuality, { city }), csv: null },
    },
    {
      name: 'notices',
      paths: [E.notices.path],
      parameters: parametersOf(E.notices.query),
      example: { json: pathOf(E.notices, undefined, page), csv: null },
    },
    {
      name: 'checkpoints',
      paths: [E.checkpoints.path],
      parameters: parametersOf(E.checkpoints.query),
      example: { json: pathOf(E.checkpoints, undefined, page), csv: null },
    },
  ];
}

/** A city's datasets as files: its sensors and their latest values, a full page of each. */
export function cityDownloads(city: CityKey): { sensorsCsv: string; latestCsv: string } {
  return { sensorsCsv: pathOf(E.sensorsCsv, { city }), latestCsv: pathOf(E.latestCsv, { city }) };
}

/** The headers of the rules, as a client without a key sees them on its first request. */
export const RULE_EXAMPLES = {
  key: `${OPEN_DATA_KEY_HEADER}: sk_…\n?api_key=sk_…`,
  rateHeaders: `RateLimit-Policy: "open-data";q=${OPEN_DATA_ANONYMOUS_LIMIT};w=${OPEN_DATA_WINDOW_S}\nRateLimit: "open-data";r=${OPEN_DATA_ANONYMOUS_LIMIT - 1};t=${OPEN_DATA_WINDOW_S}`,
  tooMany: `HTTP/1.1 429 Too Many Requests\nRetry-After: 12`,
  caching: `ETag: "Xc2b…"\n\nIf-None-Match: "Xc2b…"\n→ HTTP/1.1 304 Not Modified`,
} as const;

/** How paging reads in JSON and in CSV, on a city's sensors. */
export function pagingExamples(city: CityKey): { json: string; csv: string } {
  const first = pathOf(E.sensors, { city }, { limit: 500 });
  const csv = pathOf(E.sensorsCsv, { city }, { limit: 500 });
  return {
    json: `GET ${first}\n→ { "items": […], "nextCursor": "c2Vu…", "total": 1240 }\nGET ${first}&cursor=c2Vu…`,
    csv: `Link: <${csv}&cursor=c2Vu…>; rel="next"`,
  };
}
