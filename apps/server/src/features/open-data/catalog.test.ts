import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CITY_AREAS,
  CITY_COUNTRIES,
  isCityKey,
  OPEN_DATA_ENDPOINTS,
  POLLUTANT_UNITS,
  SENSOR_TYPES,
  standardOfCountry,
  type OpenCity,
  type SensorType,
} from '@smart-city/shared';
import jsonld, { type Options } from 'jsonld';
import { DataFactory, Parser, Store, type Term } from 'n3';
import SHACLValidator from 'rdf-validate-shacl';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_CITIES } from '../../db/seed-data';
import { boundsWkt, buildCatalog } from './catalog';

const CATALOG_PATH = OPEN_DATA_ENDPOINTS.catalog.path;

// The catalogue read as harvesters read it: expanded from JSON-LD to RDF (CKAN's DCAT-AP profiles
// parse it into an RDF graph), checked against DCAT-AP's rules as SHACL shapes, and read as plain
// DCAT JSON the way CKAN's `dcat_json` harvester reads keys.

const BASE = 'https://city.example.org';

const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  dcatap: 'http://data.europa.eu/r5r/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  gsp: 'http://www.opengis.net/ont/geosparql#',
  sh: 'http://www.w3.org/ns/shacl#',
};
/** A term written `prefix:name`, as an IRI. */
const iri = (curie: string) => {
  const [prefix, name] = curie.split(':') as [keyof typeof NS, string];
  return `${NS[prefix]}${name}`;
};

const AUTHORITY = 'http://publications.europa.eu/resource/authority';
const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';
const STA = 'http://www.opengis.net/spec/iot_sensing/1.1';
const FORMATS: Record<string, string> = {
  [`${AUTHORITY}/file-type/JSON`]: 'https://www.iana.org/assignments/media-types/application/json',
  [`${AUTHORITY}/file-type/CSV`]: 'https://www.iana.org/assignments/media-types/text/csv',
};

/** The cities as the open data API gives them, from the seeded registry. */
const CITIES: OpenCity[] = SEED_CITIES.flatMap((c) => {
  if (!isCityKey(c.key)) return [];
  const standard = standardOfCountry(CITY_COUNTRIES[c.key]);
  if (!standard) return [];
  return [
    {
      key: c.key,
      name: c.name,
      country: CITY_COUNTRIES[c.key],
      timeZone: c.time_zone,
      center: { lat: c.center_lat, lng: c.center_lng },
      bounds: {
        north: c.bounds_north,
        south: c.bounds_south,
        east: c.bounds_east,
        west: c.bounds_west,
      },
      airQualityStandard: standard,
      pollutantUnits: POLLUTANT_UNITS[standard],
      areas: CITY_AREAS[c.key].map((a) => ({ ...a })),
      sensorCount: 0,
    },
  ];
});

/** Kharagpur has no feeders, footfall counters or air sensors; New York no bins. */
const SENSORS: Record<string, Partial<Record<SensorType, number>>> = {
  kolkata: { traffic: 40, air_quality: 25, energy: 12, water: 8, waste: 30, population: 10 },
  kharagpur: { traffic: 6, water: 3, waste: 9, population: 0 },
  'new-york': { traffic: 60, air_quality: 30, energy: 20, water: 10, population: 15 },
};

const INPUT = {
  baseUrl: BASE,
  cities: CITIES,
  sensorsByCityAndType: SENSORS,
  earliestReading: new Date('2026-10-21T00:00:00.000Z'),
  modified: new Date('2026-11-20T10:30:00.000Z'),
  publisher: {
    name: 'Smart City Open Data',
    email: 'opendata@city.example.org',
    homepage: 'https://city.example.org/',
  },
  version: '0.1.0',
};

/** The document as N-Quads, expanded offline; fails on any key or value it would drop. */
async function toNQuads(doc: Record<string, unknown>): Promise<string> {
  const options = {
    format: 'application/n-quads',
    safe: true,
    documentLoader: (url: string) => {
      throw new Error(`The catalogue asked to load ${url}`);
    },
  } as Options.ToRdf;
  return (await jsonld.toRDF(doc, options)) as string;
}

async function toGraph(doc: Record<string, unknown>): Promise<Store> {
  return new Store(new Parser({ format: 'N-Quads' }).parse(await toNQuads(doc)));
}

const namedNode = (value: string) => DataFactory.namedNode(value);

/** Reading a graph by `prefix:name` terms. */
function reader(graph: Store) {
  const objects = (s: Term, p: string) => graph.getObjects(s, namedNode(iri(p)), null);
  const one = (s: Term, p: string) => {
    const found = objects(s, p);
    expect(found, `${s.value} ${p}`).toHaveLength(1);
    return found[0]!;
  };
  const ofType = (cls: string) =>
    graph.getSubjects(namedNode(iri('rdf:type')), namedNode(iri(cls)), null);
  const isA = (s: Term, cls: string) =>
    graph.countQuads(s, namedNode(iri('rdf:type')), namedNode(iri(cls)), null) > 0;
  return { objects, one, ofType, isA };
}

/** The DCAT-AP rules the catalogue is held to, as SHACL shapes. */
const shapesGraph = () =>
  new Store(
    new Parser({ format: 'Turtle' }).parse(
      readFileSync(
        path.join(import.meta.dirname, 'catalog-fixtures', 'dcat-ap-shapes.ttl'),
        'utf8',
      ),
    ),
  );

const datatypeOf = (term: Term) => (term.termType === 'Literal' ? term.datatype.value : null);

/** The four corners of a WKT polygon's ring and its closing point, as [longitude, latitude]. */
function wktRing(wkt: string): [number, number][] {
  const match = /^POLYGON\s*\(\((.+)\)\)$/.exec(wkt);
  expect(match, wkt).not.toBeNull();
  return match![1]!.split(',').map((pair) => {
    const [lng, lat] = pair.trim().split(/\s+/).map(Number) as [number, number];
    return [lng, lat];
  });
}

const expectedReadings = () =>
  Object.entries(SENSORS).flatMap(([city, counts]) =>
    SENSOR_TYPES.filter((t) => (counts[t] ?? 0) > 0).map(
      (t) => `${city}-${t.replaceAll('_', '-')}-readings`,
    ),
  );

describe('the DCAT-AP catalogue of the open data', () => {
  const doc = buildCatalog(INPUT);
  let graph: Store;
  let r: ReturnType<typeof reader>;

  beforeAll(async () => {
    graph = await toGraph(doc);
    r = reader(graph);
  });

  const datasets = () => r.ofType('dcat:Dataset');
  const byIdentifier = (identifier: string) => {
    const found = datasets().filter((d) => r.objects(d, 'dct:identifier')[0]?.value === identifier);
    expect(found, identifier).toHaveLength(1);
    return found[0]!;
  };

  it('is JSON-LD 1.0 that expands whole, without loading anything', async () => {
    // CKAN reads JSON-LD with rdflib, whose support of JSON-LD 1.1 is partial: only 1.0 keywords.
    const KEYWORDS_1_0 = new Set([
      '@context',
      '@id',
      '@type',
      '@value',
      '@language',
      '@list',
      '@set',
      '@graph',
      '@reverse',
      '@index',
      '@vocab',
      '@base',
      '@container',
    ]);
    const keys = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keys)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
          : [];
    const used = keys(doc).filter((k) => k.startsWith('@'));
    expect(used.filter((k) => !KEYWORDS_1_0.has(k))).toEqual([]);
    const strings = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : typeof value === 'string'
            ? [value]
            : [];
    expect(
      strings(doc['@context']).filter((s) => s.startsWith('@') && !KEYWORDS_1_0.has(s)),
    ).toEqual([]);

    await expect(
      jsonld.expand(doc, { processingMode: 'json-ld-1.0' } as Options.Expand),
    ).resolves.toHaveLength(1);
    // Safe mode fails on any key or value the context does not turn into RDF.
    expect((await toNQuads(doc)).split('\n').length).toBeGreaterThan(1000);
  });

  it('is one catalogue with its publisher, licence, languages, dates and themes', () => {
    const catalogues = r.ofType('dcat:Catalog');
    expect(catalogues.map((c) => c.value)).toEqual([`${BASE}${CATALOG_PATH}`]);
    const catalogue = catalogues[0]!;

    const title = r.one(catalogue, 'dct:title');
    expect(title).toMatchObject({ value: 'Smart City Open Data open data', language: 'en' });
    expect(r.one(catalogue, 'dct:description').value).toContain('Kolkata, Kharagpur, New York');

    const publisher = r.one(catalogue, 'dct:publisher');
    expect(r.isA(publisher, 'foaf:Agent')).toBe(true);
    expect(r.one(publisher, 'foaf:name').value).toBe('Smart City Open Data');
    expect(r.one(publisher, 'foaf:mbox').value).toBe('mailto:opendata@city.example.org');
    expect(r.one(publisher, 'foaf:homepage').value).toBe('https://city.example.org/');

    const homepage = r.one(catalogue, 'foaf:homepage');
    expect(homepage.value).toBe(`${BASE}/open-data`);
    expect(
      r
        .objects(homepage, 'dct:language')
        .map((l) => l.value)
        .sort(),
    ).toEqual(['BEN', 'ENG', 'HIN'].map((code) => `${AUTHORITY}/language/${code}`));
    expect(r.objects(catalogue, 'dct:language').map((l) => l.value)).toEqual([
      `${AUTHORITY}/language/ENG`,
    ]);

    const licence = r.one(catalogue, 'dct:license');
    expect(licence.value).toBe(CC_BY);
    expect(r.isA(licence, 'dct:LicenseDocument')).toBe(true);

    const issued = r.one(catalogue, 'dct:issued');
    expect(issued).toMatchObject({ value: '2026-10-21', datatype: { value: iri('xsd:date') } });
    const modified = r.one(catalogue, 'dct:modified');
    expect(modified).toMatchObject({
      value: '2026-11-20T10:30:00.000Z',
      datatype: { value: iri('xsd:dateTime') },
    });
    expect(r.one(catalogue, 'dcat:themeTaxonomy').value).toBe(`${AUTHORITY}/data-theme`);
    expect(r.one(catalogue, 'dcat:version').value).toBe('0.1.0');
    expect(r.objects(catalogue, 'dcat:service')).toHaveLength(3);
    expect(r.objects(catalogue, 'dct:spatial')).toHaveLength(CITIES.length);
    expect(r.objects(catalogue, 'dcat:dataset').length).toBe(datasets().length);
  });

  it('has a dataset for each city and type with sensors, and none for a type without', () => {
    const identifiers = datasets()
      .map((d) => r.one(d, 'dct:identifier').value)
      .sort();
    expect(identifiers).toEqual(
      [
        ...expectedReadings(),
        // An index for each city with air sensors, worked out from them.
        'kolkata-air-quality-index',
        'new-york-air-quality-index',
        'notices',
        'ledger-checkpoints',
      ].sort(),
    );
    for (const missing of [
      'kharagpur-energy-readings',
      'kharagpur-air-quality-readings',
      'kharagpur-population-readings',
      'kharagpur-air-quality-index',
      'new-york-waste-readings',
    ])
      expect(identifiers).not.toContain(missing);
    // The count is in the description, where a reader sees how much there is.
    expect(r.one(byIdentifier('kolkata-waste-readings'), 'dct:description').value).toContain(
      '30 sensors across Kolkata, India',
    );
  });

  it('gives every dataset the mandatory and recommended properties', () => {
    const readings = new Set(expectedReadings());
    for (const dataset of datasets()) {
      const identifier = r.one(dataset, 'dct:identifier').value;
      expect(dataset.value).toBe(`${BASE}${CATALOG_PATH}#${identifier}`);
      expect(r.one(dataset, 'dct:title')).toMatchObject({ language: 'en' });
      expect(r.one(dataset, 'dct:description').value.length).toBeGreaterThan(80);
      expect(r.objects(dataset, 'dcat:keyword').length).toBeGreaterThanOrEqual(3);
      const themes = r.objects(dataset, 'dcat:theme');
      expect(themes.length).toBeGreaterThanOrEqual(1);
      for (const theme of themes) expect(theme.value).toMatch(/\/data-theme\/[A-Z]{4}$/);

      const contact = r.one(dataset, 'dcat:contactPoint');
      expect(r.isA(contact, 'vcard:Organization')).toBe(true);
      expect(r.one(contact, 'vcard:hasEmail').value).toBe('mailto:opendata@city.example.org');
      expect(r.isA(r.one(dataset, 'dct:publisher'), 'foaf:Agent')).toBe(true);

      expect(r.one(dataset, 'dct:accrualPeriodicity').value).toMatch(
        new RegExp(`^${AUTHORITY}/frequency/(UPDATE_CONT|HOURLY|IRREG)$`),
      );
      expect(r.objects(dataset, 'dct:spatial').length).toBeGreaterThanOrEqual(1);
      for (const place of r.objects(dataset, 'dct:spatial')) {
        expect(r.isA(place, 'dct:Location')).toBe(true);
        expect(r.one(place, 'skos:prefLabel').value).toMatch(/, (India|United States)$/);
        expect(datatypeOf(r.one(place, 'dcat:bbox'))).toBe(iri('gsp:wktLiteral'));
        expect(r.one(place, 'dcat:centroid').value).toMatch(/^POINT\(-?[\d.]+ -?[\d.]+\)$/);
      }
      expect(r.one(dataset, 'dct:license').value).toBe(CC_BY);
      expect(r.one(dataset, 'dct:accessRights').value).toBe(`${AUTHORITY}/access-right/PUBLIC`);
      expect(r.one(dataset, 'dcat:landingPage').value).toBe(`${BASE}/open-data`);
      expect(r.one(dataset, 'dct:modified').value).toBe('2026-11-20T10:30:00.000Z');
      expect(r.objects(dataset, 'dcat:distribution').length).toBeGreaterThanOrEqual(1);

      if (readings.has(identifier)) {
        const period = r.one(dataset, 'dct:temporal');
        expect(r.isA(period, 'dct:PeriodOfTime')).toBe(true);
        expect(r.one(period, 'dcat:startDate')).toMatchObject({
          value: '2026-10-21T00:00:00.000Z',
          datatype: { value: iri('xsd:dateTime') },
        });
        expect(r.one(dataset, 'dct:accrualPeriodicity').value).toBe(
          `${AUTHORITY}/frequency/UPDATE_CONT`,
        );
        expect(r.one(dataset, 'dct:conformsTo').value).toBe(STA);
        expect(r.objects(dataset, 'dct:spatial')).toHaveLength(1);
      }
    }

    const theme = (id: string) =>
      r
        .objects(byIdentifier(id), 'dcat:theme')
        .map((t) => t.value.split('/').pop())
        .sort();
    expect(theme('kolkata-traffic-readings')).toEqual(['TRAN']);
    expect(theme('kolkata-air-quality-readings')).toEqual(['ENVI', 'HEAL']);
    expect(theme('kolkata-energy-readings')).toEqual(['ENER']);
    expect(theme('kolkata-water-readings')).toEqual(['ENVI', 'HEAL']);
    expect(theme('notices')).toEqual(['GOVE']);

    // Each index by its city's standard, refreshed hourly.
    const kolkata = byIdentifier('kolkata-air-quality-index');
    expect(r.one(kolkata, 'dct:conformsTo').value).toBe(
      'https://cpcb.nic.in/National-Air-Quality-Index/',
    );
    expect(r.one(kolkata, 'dct:title').value).toContain('National Air Quality Index');
    expect(r.one(byIdentifier('new-york-air-quality-index'), 'dct:conformsTo').value).toMatch(
      /^https:\/\/document\.airnow\.gov\//,
    );
    expect(r.one(kolkata, 'dct:accrualPeriodicity').value).toBe(`${AUTHORITY}/frequency/HOURLY`);
    // The pollutants' units are the standard's: CO in mg/m³ in India, ppm in the US.
    expect(r.one(byIdentifier('kolkata-air-quality-readings'), 'dct:description').value).toContain(
      'CO (`co`) mg/m³',
    );
    expect(r.one(byIdentifier('new-york-air-quality-readings'), 'dct:description').value).toContain(
      'CO (`co`) ppm',
    );
  });

  it('gives every distribution an access URL, authority media type and format, licence', () => {
    const distributions = r.ofType('dcat:Distribution');
    expect(distributions.length).toBe(
      datasets().reduce((n, d) => n + r.objects(d, 'dcat:distribution').length, 0),
    );
    for (const distribution of distributions) {
      const access = r.one(distribution, 'dcat:accessURL');
      expect(access.termType).toBe('NamedNode');
      const format = r.one(distribution, 'dct:format').value;
      expect(Object.keys(FORMATS)).toContain(format);
      expect(r.one(distribution, 'dcat:mediaType').value).toBe(FORMATS[format]);
      expect(r.one(distribution, 'dct:license').value).toBe(CC_BY);
      expect(r.one(distribution, 'dct:title').value).not.toBe('');
      expect(r.one(distribution, 'dct:description').value).not.toBe('');
      expect(r.one(distribution, 'dcatap:availability').value).toBe(
        `${AUTHORITY}/planned-availability/STABLE`,
      );
      const service = r.one(distribution, 'dcat:accessService');
      expect(r.isA(service, 'dcat:DataService')).toBe(true);
      const download = r.objects(distribution, 'dcat:downloadURL');
      if (download.length) expect(download[0]!.value).toBe(access.value);
    }

    // A readings dataset's files: the latest values and the registry, as JSON and as CSV.
    const downloads = (id: string) =>
      r
        .objects(byIdentifier(id), 'dcat:distribution')
        .flatMap((d) => r.objects(d, 'dcat:downloadURL').map((u) => u.value))
        .sort();
    const api = `${BASE}/api/public/v1`;
    expect(downloads('kharagpur-waste-readings')).toEqual(
      [
        `${api}/cities/kharagpur/latest.csv?type=waste`,
        `${api}/cities/kharagpur/latest?type=waste`,
        `${api}/cities/kharagpur/sensors.csv?type=waste`,
        `${api}/cities/kharagpur/sensors?type=waste`,
      ].sort(),
    );
    expect(downloads('kolkata-air-quality-index')).toEqual([`${api}/cities/kolkata/air-quality`]);
    expect(downloads('notices')).toEqual([`${api}/notices`]);
    expect(downloads('ledger-checkpoints')).toEqual([`${api}/ledger/checkpoints`]);
  });

  it("writes each city's bounds as a WKT polygon and its centre as a WKT point", () => {
    for (const city of CITIES) {
      const place = namedNode(`${BASE}${CATALOG_PATH}#place-${city.key}`);
      const bbox = r.one(place, 'dcat:bbox');
      expect(datatypeOf(bbox)).toBe(iri('gsp:wktLiteral'));
      const ring = wktRing(bbox.value);
      expect(ring).toHaveLength(5);
      expect(ring[4]).toEqual(ring[0]);
      const lngs = ring.map(([lng]) => lng);
      const lats = ring.map(([, lat]) => lat);
      expect([Math.min(...lngs), Math.max(...lngs)]).toEqual([city.bounds.west, city.bounds.east]);
      expect([Math.min(...lats), Math.max(...lats)]).toEqual([
        city.bounds.south,
        city.bounds.north,
      ]);
      expect(r.one(place, 'dcat:centroid').value).toBe(
        `POINT(${city.center.lng} ${city.center.lat})`,
      );
    }
    expect(boundsWkt({ north: 1.5, south: -0.25, east: 10, west: -179.9999999 })).toBe(
      'POLYGON((-179.9999999 -0.25, 10 -0.25, 10 1.5, -179.9999999 1.5, -179.9999999 -0.25))',
    );
  });

  it('offers the history and the SensorThings API as data services serving the readings', () => {
    const readings = expectedReadings().map((id) => `${BASE}${CATALOG_PATH}#${id}`);
    const services: Record<string, Term> = Object.fromEntries(
      r.ofType('dcat:DataService').map((s) => [s.value.split('#')[1] ?? s.value, s] as const),
    );
    expect(Object.keys(services).sort()).toEqual([
      'open-data-api',
      'sensor-history-api',
      'sensorthings-api',
    ]);
    const served = (name: string) =>
      r
        .objects(services[name]!, 'dcat:servesDataset')
        .map((d) => d.value)
        .sort();

    const sta = services['sensorthings-api']!;
    expect(r.one(sta, 'dcat:endpointURL').value).toBe(`${BASE}/api/sta/v1.1/`);
    expect(r.one(sta, 'dct:conformsTo').value).toBe(STA);
    expect(served('sensorthings-api')).toEqual(readings.sort());

    const history = services['sensor-history-api']!;
    expect(r.one(history, 'dcat:endpointURL').value).toBe(`${BASE}/api/public/v1/sensors/`);
    expect(r.one(history, 'dct:description').value).toContain(
      `${BASE}/api/public/v1/sensors/{id}/history`,
    );
    expect(served('sensor-history-api')).toEqual(readings.sort());

    const api = services['open-data-api']!;
    expect(r.one(api, 'dcat:endpointDescription').value).toBe(`${BASE}/api/openapi.json`);
    expect(served('open-data-api')).toEqual(
      datasets()
        .map((d) => d.value)
        .sort(),
    );

    // Each readings dataset reaches both services through a distribution of its own.
    for (const id of expectedReadings()) {
      const through = r
        .objects(byIdentifier(id), 'dcat:distribution')
        .flatMap((d) => r.objects(d, 'dcat:accessService').map((s) => s.value));
      expect(new Set(through)).toEqual(new Set([api.value, history.value, sta.value]));
    }
  });

  it('uses only absolute addresses, its own all under the base URL', () => {
    const external = [
      `${AUTHORITY}/`,
      'https://www.iana.org/assignments/media-types/',
      CC_BY,
      'http://purl.org/adms/licencetype/',
      'http://www.opengis.net/spec/',
      'https://www.rfc-editor.org/rfc/',
      'https://cpcb.nic.in/',
      'https://document.airnow.gov/',
      ...Object.values(NS),
    ];
    const ours = [
      'dcat:accessURL',
      'dcat:downloadURL',
      'dcat:endpointURL',
      'dcat:endpointDescription',
      'dcat:landingPage',
      'dcat:dataset',
      'dcat:distribution',
      'dcat:service',
      'dcat:accessService',
      'dcat:servesDataset',
    ].map(iri);
    const named = new Set<string>();
    for (const quad of graph.getQuads(null, null, null, null)) {
      for (const term of [quad.subject, quad.predicate, quad.object])
        if (term.termType === 'NamedNode') named.add(term.value);
      if (ours.includes(quad.predicate.value)) expect(quad.object.value).toMatch(`${BASE}/`);
    }
    for (const value of named) {
      const url = new URL(value);
      expect(['http:', 'https:', 'mailto:']).toContain(url.protocol);
      if (value.startsWith(`${BASE}/`) || value === 'mailto:opendata@city.example.org') continue;
      expect(
        external.some((prefix) => value.startsWith(prefix)),
        value,
      ).toBe(true);
    }
    // The base URL is an origin: a trailing slash makes no double slash.
    const again = JSON.stringify(buildCatalog({ ...INPUT, baseUrl: `${BASE}/` }));
    expect(again).toBe(JSON.stringify(doc));
  });

  it('meets the DCAT-AP shapes, missing only what it cannot know', async () => {
    const report = await new SHACLValidator(shapesGraph()).validate(graph);
    const results = report.results.map((result) => ({
      severity: result.severity?.value.replace(NS.sh, ''),
      focus: result.focusNode?.value.replace(`${BASE}${CATALOG_PATH}`, ''),
      path: result.path?.value,
    }));
    expect(results.filter((x) => x.severity !== 'Warning')).toEqual([]);
    // DCAT-AP recommends these, but the catalogue has nothing true to say: the index, the notices
    // and the checkpoints have no known start; the open data API follows no published standard;
    // and what kind of body the publisher is (dct:type) is not among the settings.
    const temporal = iri('dct:temporal');
    expect(
      results.sort((a, b) => `${a.focus}${a.path}`.localeCompare(`${b.focus}${b.path}`)),
    ).toEqual(
      [
        { severity: 'Warning', focus: '#kolkata-air-quality-index', path: temporal },
        { severity: 'Warning', focus: '#ledger-checkpoints', path: temporal },
        { severity: 'Warning', focus: '#new-york-air-quality-index', path: temporal },
        { severity: 'Warning', focus: '#notices', path: temporal },
        { severity: 'Warning', focus: '#open-data-api', path: iri('dct:conformsTo') },
        { severity: 'Warning', focus: '#publisher', path: iri('dct:type') },
        { severity: 'Warning', focus: '#sensor-history-api', path: iri('dct:conformsTo') },
      ].sort((a, b) => `${a.focus}${a.path}`.localeCompare(`${b.focus}${b.path}`)),
    );
  });

  it('has shapes that catch a catalogue breaking DCAT-AP', async () => {
    const broken = structuredClone(doc) as {
      dataset: (Record<string, unknown> & { distribution: Record<string, unknown>[] })[];
      service: Record<string, unknown>[];
    };
    const [first, second] = broken.dataset as [(typeof broken.dataset)[0], Record<string, unknown>];
    delete first.title;
    delete first.distribution[0]!.accessURL;
    first.distribution[1]!.mediaType = 'https://example.org/types/csv';
    first.distribution[1]!.format = 'https://example.org/formats/CSV';
    first.temporal = { '@type': 'dct:PeriodOfTime' };
    second.theme = ['https://example.org/themes/air'];
    delete broken.service[0]!.endpointURL;

    const report = await new SHACLValidator(shapesGraph()).validate(await toGraph(broken));
    const where = (term?: { termType: string; value: string } | null) =>
      term?.termType === 'BlankNode' ? 'a period' : term?.value.split('#')[1];
    const violations = report.results
      .filter((x) => x.severity?.value === `${NS.sh}Violation`)
      .map((x) => `${where(x.focusNode)} ${x.path?.value ?? 'itself'}`)
      .sort();
    const a = String(first.identifier);
    expect(violations).toEqual(
      [
        `${a} ${iri('dct:title')}`,
        `${a}/latest-json ${iri('dcat:accessURL')}`,
        `${a}/latest-csv ${iri('dcat:mediaType')}`,
        `${a}/latest-csv ${iri('dct:format')}`,
        `${String(second.identifier)} ${iri('dcat:theme')}`,
        `open-data-api ${iri('dcat:endpointURL')}`,
        // A period of time with neither a start nor an end.
        'a period itself',
      ].sort(),
    );
  });

  it('reads as CKAN reads plain DCAT JSON (its dcat_json harvester)', () => {
    // That harvester takes `dataset` from the top, each dataset's guid from `identifier`, and the
    // package and its resources from these keys, each a string or a list of strings.
    const list = doc.dataset as Record<string, unknown>[];
    expect(list.length).toBe(datasets().length);
    const isText = (v: unknown) => typeof v === 'string' && v.length > 0;
    const isTexts = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isText);
    for (const d of list) {
      expect(isText(d.identifier)).toBe(true);
      expect(isText(d.title)).toBe(true);
      expect(isText(d.description)).toBe(true);
      expect(d.landingPage).toBe(`${BASE}/open-data`);
      expect(isTexts(d.keyword)).toBe(true);
      expect(isText(d.modified)).toBe(true);
      expect((d.publisher as { name: unknown }).name).toBe('Smart City Open Data');
      if (d.language !== undefined) expect(isTexts(d.language)).toBe(true);
      const resources = d.distribution as Record<string, unknown>[];
      expect(resources.length).toBeGreaterThan(0);
      for (const resource of resources) {
        expect(isText(resource.title)).toBe(true);
        expect(isText(resource.description)).toBe(true);
        const url = resource.downloadURL ?? resource.accessURL;
        expect(isText(url) && (url as string).startsWith(`${BASE}/`)).toBe(true);
        expect(isText(resource.format)).toBe(true);
      }
    }
    expect(new Set(list.map((d) => d.identifier)).size).toBe(list.length);
  });

  it("uses the DCAT terms ckanext-dcat's DCAT-AP profile maps to CKAN fields", () => {
    // The fields CKAN fills from a harvested dataset and resource, and the properties its DCAT-AP
    // profiles read them from (as in ckanext-dcat's mapping and its JSON-LD example catalogue):
    // a path of properties from the dataset, or from each distribution.
    const DATASET: Record<string, string[]> = {
      title: ['dct:title'],
      notes: ['dct:description'],
      tags: ['dcat:keyword'],
      url: ['dcat:landingPage'],
      identifier: ['dct:identifier'],
      modified: ['dct:modified'],
      frequency: ['dct:accrualPeriodicity'],
      theme: ['dcat:theme'],
      access_rights: ['dct:accessRights'],
      contact_name: ['dcat:contactPoint', 'vcard:fn'],
      contact_email: ['dcat:contactPoint', 'vcard:hasEmail'],
      publisher_name: ['dct:publisher', 'foaf:name'],
      publisher_email: ['dct:publisher', 'foaf:mbox'],
      publisher_url: ['dct:publisher', 'foaf:homepage'],
      spatial_text: ['dct:spatial', 'skos:prefLabel'],
      spatial_bbox: ['dct:spatial', 'dcat:bbox'],
      spatial_centroid: ['dct:spatial', 'dcat:centroid'],
    };
    const READINGS_ONLY: Record<string, string[]> = {
      language: ['dct:language'],
      conforms_to: ['dct:conformsTo'],
      temporal_start: ['dct:temporal', 'dcat:startDate'],
    };
    const RESOURCE: Record<string, string[]> = {
      name: ['dct:title'],
      description: ['dct:description'],
      access_url: ['dcat:accessURL'],
      mimetype: ['dcat:mediaType'],
      format: ['dct:format'],
      license: ['dct:license'],
      availability: ['dcatap:availability'],
      access_services: ['dcat:accessService', 'dcat:endpointURL'],
    };
    const follow = (from: Term, properties: string[]) =>
      properties.reduce<Term[]>((at, p) => at.flatMap((t) => r.objects(t, p)), [from]);
    const missing: string[] = [];
    const readings = new Set(expectedReadings());
    for (const dataset of datasets()) {
      const id = r.one(dataset, 'dct:identifier').value;
      const fields = readings.has(id) ? { ...DATASET, ...READINGS_ONLY } : DATASET;
      for (const [field, properties] of Object.entries(fields))
        if (follow(dataset, properties).length === 0) missing.push(`${id}: ${field}`);
      for (const distribution of r.objects(dataset, 'dcat:distribution'))
        for (const [field, properties] of Object.entries(RESOURCE))
          if (follow(distribution, properties).length === 0)
            missing.push(`${distribution.value}: ${field}`);
    }
    expect(missing).toEqual([]);
    // CKAN takes a spatial text and geometry only from a dct:Location.
    for (const dataset of datasets())
      for (const place of r.objects(dataset, 'dct:spatial'))
        expect(r.isA(place, 'dct:Location')).toBe(true);
  });

  it('leaves out the temporal coverage and release date until a first reading', async () => {
    const unknown = await toGraph(buildCatalog({ ...INPUT, earliestReading: null }));
    const u = reader(unknown);
    expect(unknown.getQuads(null, namedNode(iri('dct:temporal')), null, null)).toEqual([]);
    expect(u.objects(u.ofType('dcat:Catalog')[0]!, 'dct:issued')).toEqual([]);
    expect(u.ofType('dcat:Dataset').length).toBe(datasets().length);
  });
});
