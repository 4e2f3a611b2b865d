import {
  airQualityWordsEn,
  OPEN_DATA_BASE_PATH,
  OPEN_DATA_DEFAULT_PAGE,
  OPEN_DATA_ENDPOINTS,
  OPEN_DATA_HISTORY_MAX_DAYS,
  OPEN_DATA_KEY_HEADER,
  OPEN_DATA_MAX_PAGE,
  pathOf,
  POLLUTANTS,
  SENSORTHINGS_BASE_PATH,
  SENSOR_TYPES,
  SENSOR_UNITS,
  type AirQualityStandard,
  type OpenCity,
  type SensorType,
} from '@smart-city/shared';

// The open data's catalogue, for national and European portals and for CKAN's harvesters: one
// dcat:Catalog of the city's datasets and the services that give access to them, by DCAT-AP 3.0.1.
// A DCAT-AP 2.1.1 harvester reads it too: every term here is in 2.1.1 but dcat:version, which
// DCAT 3 added.
//
// It is JSON-LD, and every property has its DCAT name as a term of the context (`title`,
// `distribution`, `accessURL`…), so the same document is RDF for harvesters that read RDF (CKAN's
// DCAT-AP profiles, data.europa.eu) and plain DCAT JSON for those that read keys (CKAN's
// `dcat_json` harvester reads `dataset[].identifier`, `title`, `description`, `keyword`,
// `distribution[].downloadURL`…). Only JSON-LD 1.0 features are used: CKAN reads it with rdflib.

/** Where the catalogue is served. */
const CATALOG_PATH = OPEN_DATA_ENDPOINTS.catalog.path;

/** Where the OGC SensorThings API is served. */
const SENSORTHINGS_PATH = `${SENSORTHINGS_BASE_PATH}/`;

/** The OpenAPI document describing every endpoint, the open data's among them. */
// eslint-disable-next-line boundaries/api-paths -- the document's address is set where the app serves it (app.ts), not in the contract
const OPENAPI_PATH = '/api/openapi.json';

const E = OPEN_DATA_ENDPOINTS;

/** The fixed start of the history's path, before the sensor's id. */
const HISTORY_PREFIX = E.history.path.slice(0, E.history.path.indexOf('{'));

/** The page people read about the open data on (in English, Hindi and Bengali). */
const LANDING_PATH = '/open-data';

const NS = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  dcatap: 'http://data.europa.eu/r5r/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  gsp: 'http://www.opengis.net/ont/geosparql#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

const iri = (id: string) => ({ '@id': id, '@type': '@id' }) as const;
const english = (id: string) => ({ '@id': id, '@language': 'en' }) as const;
const typed = (id: string, type: string) => ({ '@id': id, '@type': type }) as const;

/** The JSON-LD context: the prefixes, and each property by its name in DCAT. */
const CONTEXT = {
  ...NS,
  title: english('dct:title'),
  description: english('dct:description'),
  keyword: english('dcat:keyword'),
  prefLabel: english('skos:prefLabel'),
  identifier: 'dct:identifier',
  name: 'foaf:name',
  mbox: iri('foaf:mbox'),
  homepage: iri('foaf:homepage'),
  fn: 'vcard:fn',
  hasEmail: iri('vcard:hasEmail'),
  hasURL: iri('vcard:hasURL'),
  publisher: 'dct:publisher',
  contactPoint: 'dcat:contactPoint',
  dataset: 'dcat:dataset',
  service: 'dcat:service',
  distribution: 'dcat:distribution',
  spatial: 'dct:spatial',
  temporal: 'dct:temporal',
  bbox: typed('dcat:bbox', 'gsp:wktLiteral'),
  centroid: typed('dcat:centroid', 'gsp:wktLiteral'),
  startDate: typed('dcat:startDate', 'xsd:dateTime'),
  issued: typed('dct:issued', 'xsd:date'),
  modified: typed('dct:modified', 'xsd:dateTime'),
  version: 'dcat:version',
  language: iri('dct:language'),
  license: iri('dct:license'),
  accessRights: iri('dct:accessRights'),
  conformsTo: iri('dct:conformsTo'),
  theme: iri('dcat:theme'),
  themeTaxonomy: iri('dcat:themeTaxonomy'),
  accrualPeriodicity: iri('dct:accrualPeriodicity'),
  landingPage: iri('dcat:landingPage'),
  accessURL: iri('dcat:accessURL'),
  downloadURL: iri('dcat:downloadURL'),
  mediaType: iri('dcat:mediaType'),
  format: iri('dct:format'),
  availability: iri('dcatap:availability'),
  accessService: iri('dcat:accessService'),
  endpointURL: iri('dcat:endpointURL'),
  endpointDescription: iri('dcat:endpointDescription'),
  servesDataset: iri('dcat:servesDataset'),
} as const;

// The controlled vocabularies DCAT-AP asks for: the EU Publications Office's authority tables
// (themes, frequencies, file types, languages, access rights, availability) and IANA's media types.
const AUTHORITY = 'http://publications.europa.eu/resource/authority';
const THEME_SCHEME = `${AUTHORITY}/data-theme`;
const theme = (code: 'ENVI' | 'HEAL' | 'TRAN' | 'ENER' | 'SOCI' | 'GOVE') =>
  `${THEME_SCHEME}/${code}`;
const frequency = (code: 'UPDATE_CONT' | 'HOURLY' | 'IRREG') => `${AUTHORITY}/frequency/${code}`;
const ENGLISH = `${AUTHORITY}/language/ENG`;
const PAGE_LANGUAGES = [ENGLISH, `${AUTHORITY}/language/HIN`, `${AUTHORITY}/language/BEN`];
const PUBLIC_ACCESS = `${AUTHORITY}/access-right/PUBLIC`;
const STABLE = `${AUTHORITY}/planned-availability/STABLE`;

const FILE = {
  json: {
    format: `${AUTHORITY}/file-type/JSON`,
    mediaType: 'https://www.iana.org/assignments/media-types/application/json',
    label: 'JSON',
  },
  csv: {
    format: `${AUTHORITY}/file-type/CSV`,
    mediaType: 'https://www.iana.org/assignments/media-types/text/csv',
    label: 'CSV',
  },
} as const;
type FileKind = keyof typeof FILE;

const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';
const LICENCE = {
  '@id': CC_BY,
  '@type': 'dct:LicenseDocument',
  title: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
  'dct:type': { '@id': 'http://purl.org/adms/licencetype/Attribution' },
};

/** A standard data conform to, as dct:conformsTo names it. */
type Standard = { '@id': string; '@type': 'dct:Standard'; title: string };
const standard = (id: string, title: string): Standard => ({
  '@id': id,
  '@type': 'dct:Standard',
  title,
});

/** OGC 18-088, which the SensorThings service implements (its conformance classes are under it). */
const SENSORTHINGS = standard(
  'http://www.opengis.net/spec/iot_sensing/1.1',
  'OGC SensorThings API Part 1: Sensing, version 1.1 (OGC 18-088)',
);
const CSV_STANDARD = standard(
  'https://www.rfc-editor.org/rfc/rfc4180',
  'RFC 4180: Common Format and MIME Type for Comma-Separated Values (CSV) Files',
);
const MERKLE_STANDARD = standard(
  'https://www.rfc-editor.org/rfc/rfc6962',
  'RFC 6962: Certificate Transparency (its Merkle tree hashes)',
);

/** The document each air-quality standard is defined by. */
const AIR_QUALITY_STANDARD: Record<AirQualityStandard, Standard> = {
  'IN-NAQI': standard(
    'https://cpcb.nic.in/National-Air-Quality-Index/',
    'National Air Quality Index, Central Pollution Control Board, India (2014)',
  ),
  // The address is spelt "quailty" where AirNow publishes it.
  'US-EPA': standard(
    'https://document.airnow.gov/technical-assistance-document-for-the-reporting-of-daily-air-quailty.pdf',
    'Technical Assistance Document for the Reporting of Daily Air Quality: the Air Quality ' +
      'Index (AQI), US EPA, EPA-454/B-24-002 (2024)',
  ),
};

/** What each type of sensor measures, in words a portal shows, and where it files it. */
const SENSOR_KINDS: Record<
  SensorType,
  { label: string; measures: string; extras: string; themes: string[]; keywords: string[] }
> = {
  traffic: {
    label: 'Road traffic',
    measures: 'Road congestion at traffic sensors, as a share of a standstill',
    extras: 'with vehicles a minute (`vehiclesPerMin`) and the average speed in km/h (`speedKmh`)',
    themes: [theme('TRAN')],
    keywords: ['traffic', 'congestion', 'mobility', 'road speed'],
  },
  air_quality: {
    label: 'Air quality',
    measures:
      "Air quality at street monitors, each sensor's air quality index as the device gives it",
    extras: 'with the pollutant concentrations it measured',
    themes: [theme('ENVI'), theme('HEAL')],
    keywords: ['air quality', 'air pollution', 'AQI', 'PM2.5', 'PM10'],
  },
  energy: {
    label: 'Electricity load',
    measures: 'The load on electricity distribution feeders',
    extras: 'with the feeder voltage in volts (`voltage`) and the power factor (`powerFactor`)',
    themes: [theme('ENER')],
    keywords: ['energy', 'electricity', 'power grid', 'load'],
  },
  water: {
    label: 'Water supply',
    measures: 'The flow of water supplied at supply meters',
    extras: 'with the pH (`ph`) and turbidity in NTU (`turbidity`) where the site measures them',
    themes: [theme('ENVI'), theme('HEAL')],
    keywords: ['water', 'water supply', 'water quality', 'turbidity'],
  },
  waste: {
    label: 'Waste bins',
    measures: 'How full public waste bins are, in percent of their volume',
    extras: 'emptied as collection rounds pass',
    themes: [theme('ENVI')],
    keywords: ['waste', 'waste collection', 'bin fill level'],
  },
  population: {
    label: 'Footfall',
    measures: 'People counted at footfall sensors',
    extras: 'in the area each sensor watches',
    themes: [theme('SOCI')],
    keywords: ['footfall', 'people counting', 'crowds', 'population'],
  },
};

const typeSlug = (type: SensorType) => type.replace(/_/g, '-');

type Node = Record<string, unknown>;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Degrees as WKT writes them: a decimal to 7 places (about a centimetre), no trailing zeros. */
const deg = (n: number) => n.toFixed(7).replace(/\.?0+$/, '');

/**
 * The city's frame as a WKT polygon, longitude before latitude (the default reference system of
 * GeoSPARQL literals, CRS84, so none is written: CKAN's WKT reader takes no system prefix).
 */
export function boundsWkt(b: OpenCity['bounds']): string {
  const at = (lng: number, lat: number) => `${deg(lng)} ${deg(lat)}`;
  const ring = [
    at(b.west, b.south),
    at(b.east, b.south),
    at(b.east, b.north),
    at(b.west, b.north),
    at(b.west, b.south),
  ];
  return `POLYGON((${ring.join(', ')}))`;
}

const pointWkt = (c: OpenCity['center']) => `POINT(${deg(c.lng)} ${deg(c.lat)})`;

/** Each pollutant's unit in the city's standard, as "PM2.5 (`pm25`) µg/m³, …". */
function unitsOf(city: OpenCity): string {
  return POLLUTANTS.flatMap((p) => {
    const unit = city.pollutantUnits[p];
    return unit ? [`${airQualityWordsEn.pollutant[p]} (\`${p}\`) ${unit}`] : [];
  }).join(', ');
}

/** Makes the DCAT-AP catalogue of the open data, as a JSON-LD document. */
export function buildCatalog(input: {
  /** The site's origin, e.g. "https://city.example.org"; every address here starts with it. */
  baseUrl: string;
  cities: OpenCity[];
  /** How many sensors each city has of each type; a type without any gets no dataset. */
  sensorsByCityAndType: Record<string, Partial<Record<SensorType, number>>>;
  /** The first reading's time: the start of the readings' temporal coverage (null: unknown). */
  earliestReading: Date | null;
  /** When the data last changed. */
  modified: Date;
  publisher: { name: string; email: string; homepage: string };
  version: string;
}): Record<string, unknown> {
  const base = new URL(input.baseUrl).origin;
  const api = `${base}${OPEN_DATA_BASE_PATH}`;
  const catalogId = `${base}${CATALOG_PATH}`;
  const local = (fragment: string) => `${catalogId}#${fragment}`;
  const landingPage = `${base}${LANDING_PATH}`;
  const openApi = `${base}${OPENAPI_PATH}`;
  const modified = input.modified.toISOString();
  const start = input.earliestReading?.toISOString() ?? null;

  const publisher = {
    '@id': local('publisher'),
    '@type': 'foaf:Agent',
    name: input.publisher.name,
    mbox: `mailto:${input.publisher.email}`,
    homepage: input.publisher.homepage,
  };
  const contactPoint = {
    '@id': local('contact-point'),
    '@type': 'vcard:Organization',
    fn: input.publisher.name,
    hasEmail: `mailto:${input.publisher.email}`,
    hasURL: input.publisher.homepage,
  };
  const temporal = start
    ? { temporal: { '@type': 'dct:PeriodOfTime', startDate: start } }
    : ({} as Node);

  const place = (city: OpenCity) => ({
    '@id': local(`place-${city.key}`),
    '@type': 'dct:Location',
    prefLabel: `${city.name}, ${countryName(city.country)}`,
    bbox: boundsWkt(city.bounds),
    centroid: pointWkt(city.center),
  });

  const service = {
    api: local('open-data-api'),
    history: local('sensor-history-api'),
    sensorThings: local('sensorthings-api'),
  };

  /** What every dataset says alike: who publishes it, on what terms, and where to read about it. */
  const common = {
    publisher,
    contactPoint,
    license: CC_BY,
    accessRights: PUBLIC_ACCESS,
    landingPage,
    modified,
  };

  type DistributionSpec = {
    slug: string;
    title: string;
    description: string;
    file: FileKind;
    url: string;
    /** Whether the address is the data itself (a download) rather than a way in to it. */
    download: boolean;
    service: string;
    conformsTo?: Standard;
  };

  const distribution = (datasetId: string, d: DistributionSpec): Node => ({
    '@id': `${datasetId}/${d.slug}`,
    '@type': 'dcat:Distribution',
    title: d.title,
    description: d.description,
    accessURL: d.url,
    ...(d.download ? { downloadURL: d.url } : {}),
    mediaType: FILE[d.file].mediaType,
    format: FILE[d.file].format,
    license: CC_BY,
    availability: STABLE,
    accessService: d.service,
    ...(d.file === 'csv' ? { conformsTo: CSV_STANDARD } : {}),
    ...(d.conformsTo ? { conformsTo: d.conformsTo } : {}),
  });

  const pages =
    `Pages of up to ${OPEN_DATA_MAX_PAGE} rows ` +
    `(\`limit\`, ${OPEN_DATA_DEFAULT_PAGE} by default)`;
  const PAGING = `${pages}; the answer gives the next page as \`nextCursor\`, for \`cursor\`.`;
  const CSV_PAGING = `${pages}; the next page's address is in the \`Link\` header.`;

  const readingsDatasets: Node[] = [];
  const readingsIds: string[] = [];
  const indexDatasets: Node[] = [];

  for (const city of input.cities) {
    const counts = input.sensorsByCityAndType[city.key] ?? {};
    const country = countryName(city.country);
    const areas = city.areas.map((a) => a.name).join(', ');
    const where = areas ? `${city.name}, ${country} (areas: ${areas})` : `${city.name}, ${country}`;
    const standardName = airQualityWordsEn.standard[city.airQualityStandard];

    for (const type of SENSOR_TYPES) {
      const count = counts[type] ?? 0;
      if (count <= 0) continue;
      const kind = SENSOR_KINDS[type];
      const unit = SENSOR_UNITS[type];
      const identifier = `${city.key}-${typeSlug(type)}-readings`;
      const id = local(identifier);
      const at = (endpoint: (typeof E)['latest' | 'latestCsv' | 'sensors' | 'sensorsCsv']) =>
        `${base}${pathOf(endpoint, { city: city.key }, { type })}`;
      const registry = at(E.sensors);
      const pollutants =
        type === 'air_quality'
          ? ` Pollutant concentrations come in the units of ${standardName}: ${unitsOf(city)}.`
          : '';
      const historyTemplate = (path: string) =>
        `GET ${base}${path}?resolution=hour|day&from=…&to=… (ISO 8601 times; at most ` +
        `${OPEN_DATA_HISTORY_MAX_DAYS.hour} days of hours or ${OPEN_DATA_HISTORY_MAX_DAYS.day} ` +
        `of days a request), where {id} is a sensor's id from the registry (${registry}).`;

      readingsIds.push(id);
      readingsDatasets.push({
        '@id': id,
        '@type': 'dcat:Dataset',
        identifier,
        title: `${kind.label} sensors, ${city.name}: live readings and history`,
        description:
          `${kind.measures} (unit: ${unit}), ${kind.extras}. Live from ${count} ` +
          `sensor${count === 1 ? '' : 's'} across ${where}.${pollutants} ` +
          'Readings arrive continuously as each sensor reports ' +
          '(every few seconds to minutes); the latest value of every sensor, its registry entry ' +
          '(place, coordinates in WGS 84, status) and its hourly or daily means, minimums and ' +
          'maximums are published. Times are ISO 8601 in UTC.',
        keyword: [...kind.keywords, city.name, 'sensors', 'real-time'],
        theme: kind.themes,
        accrualPeriodicity: frequency('UPDATE_CONT'),
        spatial: place(city),
        ...temporal,
        language: [ENGLISH],
        conformsTo: SENSORTHINGS,
        ...common,
        distribution: [
          distribution(id, {
            slug: 'latest-json',
            title: `Latest readings (${FILE.json.label})`,
            description:
              `The latest reading of each ${kind.label.toLowerCase()} sensor in ${city.name}: ` +
              `its value in ${unit}, status, time and the other figures it sent ` +
              `(\`metrics\`). ${PAGING}`,
            file: 'json',
            url: at(E.latest),
            download: true,
            service: service.api,
          }),
          distribution(id, {
            slug: 'latest-csv',
            title: `Latest readings (${FILE.csv.label})`,
            description:
              `The latest reading of each ${kind.label.toLowerCase()} sensor in ${city.name}, ` +
              `one sensor a row, its other figures as columns. ${CSV_PAGING}`,
            file: 'csv',
            url: at(E.latestCsv),
            download: true,
            service: service.api,
          }),
          distribution(id, {
            slug: 'sensors-json',
            title: `Sensor registry (${FILE.json.label})`,
            description:
              `The ${kind.label.toLowerCase()} sensors of ${city.name}: public id, name, place, ` +
              `latitude and longitude, status and unit. ${PAGING}`,
            file: 'json',
            url: registry,
            download: true,
            service: service.api,
          }),
          distribution(id, {
            slug: 'sensors-csv',
            title: `Sensor registry (${FILE.csv.label})`,
            description:
              `The ${kind.label.toLowerCase()} sensors of ${city.name}, one a row: public id, ` +
              `name, type, city, place, latitude, longitude, status and unit. ${CSV_PAGING}`,
            file: 'csv',
            url: at(E.sensorsCsv),
            download: true,
            service: service.api,
          }),
          distribution(id, {
            slug: 'history-json',
            title: `History of one sensor (${FILE.json.label})`,
            description:
              `A sensor's hourly or daily mean, minimum, maximum and count of readings: ` +
              historyTemplate(E.history.path),
            file: 'json',
            url: `${base}${HISTORY_PREFIX}`,
            download: false,
            service: service.history,
          }),
          distribution(id, {
            slug: 'history-csv',
            title: `History of one sensor (${FILE.csv.label})`,
            description:
              "A sensor's hourly or daily history, one hour or day a row: " +
              historyTemplate(E.historyCsv.path),
            file: 'csv',
            url: `${base}${HISTORY_PREFIX}`,
            download: false,
            service: service.history,
          }),
          distribution(id, {
            slug: 'sensorthings',
            title: 'OGC SensorThings API',
            description:
              `The same sensors and readings as SensorThings entities: each sensor a Thing with ` +
              `its Location and Datastream, each reading an Observation; filter with OData ` +
              `queries such as $filter and $expand.`,
            file: 'json',
            url: `${base}${SENSORTHINGS_PATH}`,
            download: false,
            service: service.sensorThings,
            conformsTo: SENSORTHINGS,
          }),
        ],
      });
    }

    // The index is worked out from the air sensors' pollutants: no air sensors, no index.
    if ((counts.air_quality ?? 0) > 0) {
      const identifier = `${city.key}-air-quality-index`;
      const id = local(identifier);
      const index = `${base}${pathOf(E.airQuality, { city: city.key })}`;
      const areaKeys = city.areas.map((a) => `\`${a.key}\``).join(', ');
      indexDatasets.push({
        '@id': id,
        '@type': 'dcat:Dataset',
        identifier,
        title: `Air quality index, ${city.name} (${standardName})`,
        description: [
          `${city.name}'s air quality as ${standardName} rates it, worked out each hour ` +
            "from the hourly mean pollutant concentrations of the city's air sensors over the " +
            "last 24 hours, by the standard's own averaging and completeness rules: the index, " +
            'its category and colour, the dominant pollutant, every sub-index and the ' +
            'concentrations behind it. Where the data do not meet the rules the index is empty ' +
            'and says why.',
          ...(areaKeys ? [`One area's index with \`area\`: ${areaKeys}.`] : []),
        ].join(' '),
        keyword: ['air quality', 'air quality index', 'AQI', city.airQualityStandard, city.name],
        theme: [theme('ENVI'), theme('HEAL')],
        accrualPeriodicity: frequency('HOURLY'),
        spatial: place(city),
        language: [ENGLISH],
        conformsTo: AIR_QUALITY_STANDARD[city.airQualityStandard],
        ...common,
        distribution: [
          distribution(id, {
            slug: 'index-json',
            title: `Air quality index (${FILE.json.label})`,
            description: `${city.name}'s index now, by ${standardName}.`,
            file: 'json',
            url: index,
            download: true,
            service: service.api,
          }),
        ],
      });
    }
  }

  const everywhere = input.cities.map(place);

  const noticesId = local('notices');
  const notices: Node = {
    '@id': noticesId,
    '@type': 'dcat:Dataset',
    identifier: 'notices',
    title: 'City notices',
    description:
      "Notices the city's staff publish to residents (closures, works, warnings, events), " +
      'newest first: title, text, a link where there is one and when it was published. ' +
      `Published as they are written. ${OPEN_DATA_MAX_PAGE} at most in one answer (\`limit\`).`,
    keyword: ['notices', 'announcements', 'city services'],
    theme: [theme('GOVE')],
    accrualPeriodicity: frequency('IRREG'),
    spatial: everywhere,
    ...common,
    distribution: [
      distribution(noticesId, {
        slug: 'json',
        title: `City notices (${FILE.json.label})`,
        description: 'The latest notices, newest first.',
        file: 'json',
        url: `${base}${pathOf(E.notices)}`,
        download: true,
        service: service.api,
      }),
    ],
  };

  const checkpointsId = local('ledger-checkpoints');
  const checkpoints: Node = {
    '@id': checkpointsId,
    '@type': 'dcat:Dataset',
    identifier: 'ledger-checkpoints',
    title: 'Transparency ledger checkpoints',
    description:
      "The signed checkpoints of the city's transparency ledger, an append-only, hash-chained " +
      "log of the platform's recorded actions: each gives the number of entries, the Merkle " +
      'tree root hash over them (RFC 6962), when it was made and its Ed25519 signature, so ' +
      'anyone holding a copy of the log can check that nothing in it was changed or removed. ' +
      `A checkpoint is made as entries arrive. Newest first, ${OPEN_DATA_MAX_PAGE} at most in ` +
      'one answer (`limit`).',
    keyword: ['transparency', 'audit log', 'Merkle tree', 'digital signature'],
    theme: [theme('GOVE')],
    accrualPeriodicity: frequency('IRREG'),
    spatial: everywhere,
    language: [ENGLISH],
    conformsTo: MERKLE_STANDARD,
    ...common,
    distribution: [
      distribution(checkpointsId, {
        slug: 'json',
        title: `Ledger checkpoints (${FILE.json.label})`,
        description: 'The latest signed checkpoints, newest first.',
        file: 'json',
        url: `${base}${pathOf(E.checkpoints)}`,
        download: true,
        service: service.api,
      }),
    ],
  };

  const datasets = [...readingsDatasets, ...indexDatasets, notices, checkpoints];
  const themesOf = (list: Node[]) => [...new Set(list.flatMap((d) => d.theme as string[]))];
  const serviceCommon = { publisher, contactPoint, license: CC_BY, accessRights: PUBLIC_ACCESS };

  const services: Node[] = [
    {
      '@id': service.api,
      '@type': 'dcat:DataService',
      title: 'Open data API',
      description:
        `The city's open data over HTTP, read without an account under ${api}/: JSON, and CSV ` +
        'for tables. Each client is limited to a number of requests a minute (by its open data ' +
        `key, \`${OPEN_DATA_KEY_HEADER}\`, or else its address), told in the \`RateLimit\` and ` +
        '`RateLimit-Policy` headers; answers carry an ETag for `If-None-Match`. The OpenAPI ' +
        'document describes every endpoint.',
      endpointURL: `${api}/`,
      endpointDescription: openApi,
      keyword: ['open data', 'API', 'REST'],
      theme: themesOf(datasets),
      servesDataset: datasets.map((d) => d['@id'] as string),
      version: input.version,
      ...serviceCommon,
    },
    {
      '@id': service.history,
      '@type': 'dcat:DataService',
      title: 'Sensor history API',
      description:
        "One sensor's readings aggregated by hour or by day (mean, minimum, maximum, count): " +
        `GET ${base}${E.history.path} (or ${E.historyCsv.path.split('/').pop()} for CSV), ` +
        'with `resolution` hour or day and `from` and `to` as ISO 8601 times (by default the ' +
        'last day of hours or the last 30 days of days; at most ' +
        `${OPEN_DATA_HISTORY_MAX_DAYS.hour} days of hours or ${OPEN_DATA_HISTORY_MAX_DAYS.day} ` +
        'of days a request). {id} is a ' +
        "sensor's public id, from a city's sensor registry.",
      endpointURL: `${base}${HISTORY_PREFIX}`,
      endpointDescription: openApi,
      keyword: ['time series', 'history', 'sensors'],
      theme: themesOf(readingsDatasets),
      servesDataset: readingsIds,
      ...serviceCommon,
    },
    {
      '@id': service.sensorThings,
      '@type': 'dcat:DataService',
      title: 'OGC SensorThings API',
      description:
        'The sensors and their readings through the OGC SensorThings API 1.1 (read only): ' +
        'Things, Locations, Datastreams, Sensors, ObservedProperties and Observations, with ' +
        "OData queries. The service's root lists its entity sets and conformance classes.",
      endpointURL: `${base}${SENSORTHINGS_PATH}`,
      // In SensorThings the service root describes the service: its entity sets and settings.
      endpointDescription: `${base}${SENSORTHINGS_PATH}`,
      conformsTo: SENSORTHINGS,
      keyword: ['SensorThings', 'OGC', 'Internet of Things', 'sensors'],
      theme: themesOf(readingsDatasets),
      servesDataset: readingsIds,
      ...serviceCommon,
    },
  ];

  const cityNames = input.cities.map((c) => c.name);
  const types = SENSOR_TYPES.filter((t) =>
    Object.values(input.sensorsByCityAndType).some((counts) => (counts[t] ?? 0) > 0),
  )
    .map((t) => SENSOR_KINDS[t].label.toLowerCase())
    .join(', ');

  return {
    '@context': CONTEXT,
    '@id': catalogId,
    '@type': 'dcat:Catalog',
    title: `${input.publisher.name} open data`,
    description:
      `Open data of the smart-city platform for ${cityNames.join(', ')}: live sensor readings ` +
      `(${types}) with their history, each city's air quality index by its own national ` +
      "standard, city notices and the transparency ledger's signed checkpoints. Free to reuse " +
      'under CC BY 4.0 with attribution; read without an account, limited per client.',
    publisher,
    homepage: { '@id': landingPage, '@type': 'foaf:Document', language: PAGE_LANGUAGES },
    language: [ENGLISH],
    license: LICENCE,
    ...(input.earliestReading ? { issued: input.earliestReading.toISOString().slice(0, 10) } : {}),
    modified,
    version: input.version,
    themeTaxonomy: THEME_SCHEME,
    spatial: everywhere,
    service: services,
    dataset: datasets,
  };
}
