import { airQualityWordsEn } from '@smart-city/shared';

/**
 * English texts of the open data page, in an i18next namespace of their own (see
 * open-data-namespace.ts): they download with the page, so the landing and sign-in pages carry
 * none of them. `airQuality` is the shared catalogue of air-quality words the server's index is
 * named with. hi-open-data.ts and bn-open-data.ts have exactly these keys.
 */
export const enOpenData = {
  openData: {
    intro:
      'The city’s sensors, their readings, its air quality, notices and transparency ledger, free for anyone to read and reuse without signing in: browse the datasets here, or fetch them from the API as JSON or CSV.',
    catalogue: 'Data catalogue',
    licenceTitle: 'Licence:',
    licenceBody:
      'Anyone may copy, share and adapt the data for any purpose, as long as they name the source.',
    signIn: 'Sign in',
    datasets: {
      title: 'Datasets',
      intro:
        'Each city publishes its sensors, their latest readings, each sensor’s hourly and daily history, and its air quality by its own standard.',
      loadFailed: 'The open datasets could not be loaded.',
      empty: 'No city publishes open data yet',
      emptyHelp: 'A city appears here once it has sensors.',
      sensors_one: '{{count}} sensor',
      sensors_other: '{{count}} sensors',
      areas_one: '{{count}} area',
      areas_other: '{{count}} areas',
      standard: 'Air-quality standard',
      units: 'Pollutant units',
      downloads: 'Download',
      sensorsCsv: 'Sensors (CSV)',
      latestCsv: 'Latest values (CSV)',
    },
    airQuality: {
      title: 'Air quality now',
      loadFailed: 'The air-quality index could not be loaded.',
      notEnough: 'Not enough data for an index',
      dominant: 'Main pollutant: {{pollutant}}',
      sensors_one: 'From {{count}} air sensor',
      sensors_other: 'From {{count}} air sensors',
      until: 'Up to {{time}}',
    },
    api: {
      title: 'API',
      intro:
        'Every dataset can be fetched without signing in: as JSON, and the lists also as CSV. Every address starts with:',
      parameters: 'Parameters:',
      example: 'Example request:',
      copy: 'Copy',
      copied: 'Example copied.',
      copyYourself: 'The example is selected: copy it with your keyboard or menu.',
      openJson: 'Open JSON',
      openCsv: 'Open CSV',
      needsSensor: 'Take a sensor’s id from the list of sensors to try it.',
      endpoints: {
        cities: {
          title: 'Cities',
          body: 'The cities, their areas, the air-quality standard each reports by, its pollutants’ units and how many sensors it has.',
        },
        sensors: {
          title: 'Sensors',
          body: 'A city’s sensors, a page at a time: kind, place, state and unit. Filter by kind of sensor.',
        },
        latest: {
          title: 'Latest values',
          body: 'The latest reading of each of a city’s sensors, a page at a time, with the other figures it sent.',
        },
        history: {
          title: 'Sensor history',
          body: 'A sensor’s hourly or daily mean, minimum and maximum: hourly for up to {{hourDays}} days at a time, daily for up to {{dayDays}} days.',
        },
        airQuality: {
          title: 'Air quality',
          body: 'The city’s air-quality index by its own standard (India’s NAQI, the US EPA’s AQI), or one area’s, with each pollutant’s sub-index and whether the data were enough for a full index.',
        },
        notices: {
          title: 'City notices',
          body: 'The notices the city has published, newest first.',
        },
        checkpoints: {
          title: 'Ledger checkpoints',
          body: 'The transparency ledger’s signed checkpoints, newest first, to check the ledger against.',
        },
      },
    },
    rules: {
      title: 'Limits, caching and paging',
      limitsTitle: 'Rate limits',
      anonymous: 'Without a key, each address may make {{limit}} requests a minute.',
      keys: 'For more, ask the city’s administrators for an API key, which has a limit of its own. Send it with each request in a header, or in the address:',
      headers: 'Every answer says the limit and how much of it is left:',
      tooMany: 'Past the limit the answer is 429, and says how many seconds to wait:',
      cachingTitle: 'Caching',
      caching:
        'Every answer carries its version. Send it back with the next request: if nothing has changed, the answer is 304, without a body.',
      pagingTitle: 'Paging',
      paging:
        'Lists come a page at a time: {{default}} rows, or up to {{max}} if you ask. Each page names the cursor of the next one, which is empty on the last page:',
      csvPaging: 'A CSV page gives the address of the next one in a header:',
    },
    standards: {
      title: 'Standard interfaces',
      sensorThings:
        'The sensors, their datastreams and their observations, to read through this open standard. It starts at:',
      example: 'Example:',
      openExample: 'Open the example',
      catalogue: 'The datasets described for data portals, as JSON-LD, with their licence:',
      openCatalogue: 'Open the catalogue',
    },
  },
  airQuality: airQualityWordsEn,
} as const;

export type OpenDataResources = typeof enOpenData;
