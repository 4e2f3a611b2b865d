import { SENSOR_TYPES, SENSOR_UNITS, type SensorType } from '@smart-city/shared';

/**
 * The SensorThings data model (OGC 18-088) as this platform fills it, without a table
 * of its own: a sensor is a Thing, its place is its Location, its FeatureOfInterest and its one
 * HistoricalLocation, and its primary value is its Datastream; a sensor type is both the Sensor
 * (the procedure) and the ObservedProperty of every Datastream of that type; a raw reading is an
 * Observation.
 */
export type EntityType =
  | 'Thing'
  | 'Location'
  | 'HistoricalLocation'
  | 'Datastream'
  | 'Sensor'
  | 'ObservedProperty'
  | 'Observation'
  | 'FeatureOfInterest';

/** Where an entity's data comes from: a sensor's row, a sensor type, or one raw reading. */
type Source = 'sensor' | 'kind' | 'reading';

/** What a sensor-based entity can be filtered and ordered by: a column of the sensor's row. */
type SensorColumn = 'id' | 'name' | 'location' | 'city' | 'type' | 'status' | 'created';
/** What an Observation can be filtered and ordered by; `sensor` is the tie-break, not offered. */
type ReadingColumn = 'time' | 'result' | 'sensor';
/** What a sensor type (a Sensor, an ObservedProperty) can be filtered and ordered by. */
type KindColumn = 'id' | 'name';
export type Column = SensorColumn | ReadingColumn | KindColumn;

type FieldType = 'string' | 'number' | 'datetime';
export type Field = { column: Column; type: FieldType };

type Navigation = { target: EntityType; many: boolean };

type EntityDefinition = {
  /** The entity set's name in paths. */
  set: string;
  source: Source;
  /** The properties an entity of the type has, in the order they are written. */
  properties: readonly string[];
  navigation: Readonly<Record<string, Navigation>>;
  /** The properties `$filter` and `$orderby` take, by their name in those options. */
  fields: Readonly<Record<string, Field>>;
};

const one = (target: EntityType): Navigation => ({ target, many: false });
const many = (target: EntityType): Navigation => ({ target, many: true });

const ID: Field = { column: 'id', type: 'string' };

export const ENTITIES: Readonly<Record<EntityType, EntityDefinition>> = {
  Thing: {
    set: 'Things',
    source: 'sensor',
    properties: ['name', 'description', 'properties'],
    navigation: {
      Locations: many('Location'),
      HistoricalLocations: many('HistoricalLocation'),
      Datastreams: many('Datastream'),
    },
    fields: {
      id: ID,
      name: { column: 'name', type: 'string' },
      'properties/city': { column: 'city', type: 'string' },
      'properties/type': { column: 'type', type: 'string' },
      'properties/status': { column: 'status', type: 'string' },
    },
  },
  Location: {
    set: 'Locations',
    source: 'sensor',
    properties: ['name', 'description', 'encodingType', 'location'],
    navigation: { Things: many('Thing'), HistoricalLocations: many('HistoricalLocation') },
    fields: { id: ID, name: { column: 'location', type: 'string' } },
  },
  HistoricalLocation: {
    set: 'HistoricalLocations',
    source: 'sensor',
    properties: ['time'],
    navigation: { Thing: one('Thing'), Locations: many('Location') },
    fields: { id: ID, time: { column: 'created', type: 'datetime' } },
  },
  Datastream: {
    set: 'Datastreams',
    source: 'sensor',
    properties: ['name', 'description', 'unitOfMeasurement', 'observationType', 'properties'],
    navigation: {
      Thing: one('Thing'),
      Sensor: one('Sensor'),
      ObservedProperty: one('ObservedProperty'),
      Observations: many('Observation'),
    },
    fields: {
      id: ID,
      name: { column: 'name', type: 'string' },
      'properties/city': { column: 'city', type: 'string' },
      'properties/type': { column: 'type', type: 'string' },
    },
  },
  Sensor: {
    set: 'Sensors',
    source: 'kind',
    properties: ['name', 'description', 'encodingType', 'metadata'],
    navigation: { Datastreams: many('Datastream') },
    fields: { id: ID, name: { column: 'name', type: 'string' } },
  },
  ObservedProperty: {
    set: 'ObservedProperties',
    source: 'kind',
    properties: ['name', 'definition', 'description'],
    navigation: { Datastreams: many('Datastream') },
    fields: { id: ID, name: { column: 'name', type: 'string' } },
  },
  Observation: {
    set: 'Observations',
    source: 'reading',
    properties: ['phenomenonTime', 'resultTime', 'result'],
    navigation: { Datastream: one('Datastream'), FeatureOfInterest: one('FeatureOfInterest') },
    fields: {
      phenomenonTime: { column: 'time', type: 'datetime' },
      resultTime: { column: 'time', type: 'datetime' },
      result: { column: 'result', type: 'number' },
    },
  },
  FeatureOfInterest: {
    set: 'FeaturesOfInterest',
    source: 'sensor',
    properties: ['name', 'description', 'encodingType', 'feature'],
    navigation: { Observations: many('Observation') },
    fields: { id: ID, name: { column: 'location', type: 'string' } },
  },
};

/** The entry of `record` named `key`, never one it inherits (`valueOf`, `constructor`). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The entity sets in the order the service root lists them. */
export const ENTITY_TYPES = Object.keys(ENTITIES) as EntityType[];

const TYPE_OF_SET = new Map(ENTITY_TYPES.map((type) => [ENTITIES[type].set, type]));

export function entityTypeOfSet(set: string): EntityType | undefined {
  return TYPE_OF_SET.get(set);
}

export const isSensorType = (key: string): key is SensorType =>
  (SENSOR_TYPES as readonly string[]).includes(key);

export const OBSERVATION_TYPE =
  'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';

/** Units by their UCUM code under OGC's register, the index by the agency that defines it. */
const UCUM = 'http://www.opengis.net/def/uom/UCUM/0/';

type Kind = {
  /** The Sensor: the kind of device and where its working is described. */
  sensor: { name: string; description: string; metadata: string };
  /** The ObservedProperty: the type's primary metric. */
  property: { name: string; definition: string; description: string };
  unit: { name: string; symbol: string; definition: string };
  /** How a sensor of the type is named in a sentence ("Air quality sensor at …"). */
  label: string;
};

/** What each sensor type measures and in which unit (its unit is SENSOR_UNITS'). */
export const KINDS: Readonly<Record<SensorType, Kind>> = {
  traffic: {
    label: 'Traffic sensor',
    sensor: {
      name: 'Traffic sensor',
      description: 'Roadside traffic counter that reports how congested its road is',
      metadata: 'https://en.wikipedia.org/wiki/Traffic_counter',
    },
    property: {
      name: 'Traffic congestion',
      definition: 'https://en.wikipedia.org/wiki/Traffic_congestion',
      description: "The share of the road's capacity in use, in percent",
    },
    unit: { name: 'Percent', symbol: SENSOR_UNITS.traffic, definition: `${UCUM}%25` },
  },
  air_quality: {
    label: 'Air quality sensor',
    sensor: {
      name: 'Air quality monitor',
      description: 'Air quality monitor that reports the Air Quality Index on the US EPA scale',
      metadata: 'https://en.wikipedia.org/wiki/Air_pollution_measurement',
    },
    property: {
      name: 'Air Quality Index',
      definition: 'https://en.wikipedia.org/wiki/Air_quality_index',
      description: 'The Air Quality Index of the air around the monitor, on the US EPA scale',
    },
    unit: {
      name: 'Air Quality Index',
      symbol: SENSOR_UNITS.air_quality,
      definition: 'https://www.airnow.gov/aqi/aqi-basics/',
    },
  },
  energy: {
    label: 'Energy feeder',
    sensor: {
      name: 'Feeder meter',
      description: 'Meter on an electricity feeder that reports the load it carries',
      metadata: 'https://en.wikipedia.org/wiki/Electricity_meter',
    },
    property: {
      name: 'Electrical load',
      definition: 'https://en.wikipedia.org/wiki/Electrical_load',
      description: 'The power drawn through the feeder, in megawatts',
    },
    unit: { name: 'Megawatt', symbol: SENSOR_UNITS.energy, definition: `${UCUM}MW` },
  },
  water: {
    label: 'Water supply meter',
    sensor: {
      name: 'Water supply meter',
      description: 'Flow meter at a water works that reports the water it supplies',
      metadata: 'https://en.wikipedia.org/wiki/Flow_measurement',
    },
    property: {
      name: 'Water supplied',
      definition: 'https://en.wikipedia.org/wiki/Water_supply',
      description: 'The water supplied, in megalitres a day',
    },
    unit: { name: 'Megalitres per day', symbol: SENSOR_UNITS.water, definition: `${UCUM}ML/d` },
  },
  waste: {
    label: 'Waste bin sensor',
    sensor: {
      name: 'Bin fill-level sensor',
      description: 'Sensor in a public waste bin that reports how full the bin is',
      metadata: 'https://en.wikipedia.org/wiki/Waste_container',
    },
    property: {
      name: 'Bin fill level',
      definition: 'https://en.wikipedia.org/wiki/Waste_container',
      description: 'How full the bin is, in percent of its volume',
    },
    unit: { name: 'Percent', symbol: SENSOR_UNITS.waste, definition: `${UCUM}%25` },
  },
  population: {
    label: 'Footfall counter',
    sensor: {
      name: 'Footfall counter',
      description: 'People counter that reports how many people are in its area',
      metadata: 'https://en.wikipedia.org/wiki/People_counter',
    },
    property: {
      name: 'People in the area',
      definition: 'https://en.wikipedia.org/wiki/Crowd_counting',
      description: 'How many people are in the area the counter watches',
    },
    unit: {
      name: 'People',
      symbol: SENSOR_UNITS.population,
      definition: `${UCUM}%7Bpeople%7D`,
    },
  },
};

/** The lowest and highest instants the API reads and writes: years 1 to 9999, in microseconds. */
const MIN_MICROS = -62_135_596_800_000_000n;
const MAX_MICROS = 253_402_300_799_999_999n;

export const inTimeRange = (micros: bigint) => micros >= MIN_MICROS && micros <= MAX_MICROS;

/**
 * An instant in ISO 8601 in UTC, to the microsecond when it has one (PostgreSQL keeps
 * microseconds; a JavaScript Date only milliseconds).
 */
export function isoOfMicros(micros: bigint): string {
  let ms = micros / 1000n;
  let rest = micros % 1000n;
  if (rest < 0n) {
    ms -= 1n;
    rest += 1000n;
  }
  // Years 1–9999 (inTimeRange) are written with four digits.
  const iso = new Date(Number(ms)).toISOString();
  return rest === 0n ? iso : `${iso.slice(0, -1)}${String(rest).padStart(3, '0')}Z`;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant an ISO 8601 date and time with its zone names, in microseconds since the epoch
 * (digits past the microsecond are dropped); null when it is not one or is outside years 1–9999.
 */
export function parseDateTime(text: string): bigint | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? '0');
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, 0);
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const [oh, om] = zone!.slice(1).split(':').map(Number) as [number, number];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (zone!.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const micros =
    (BigInt(date.getTime()) - BigInt(offsetMinutes) * 60_000n) * 1000n +
    BigInt((fraction ?? '').padEnd(6, '0').slice(0, 6) || '0');
  return inTimeRange(micros) ? micros : null;
}
