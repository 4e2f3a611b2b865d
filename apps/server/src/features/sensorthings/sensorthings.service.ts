import { SENSOR_TYPES, type SensorType } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/domain-errors';
import {
  ENTITIES,
  ENTITY_TYPES,
  entityTypeOfSet,
  inTimeRange,
  isoOfMicros,
  isSensorType,
  KINDS,
  OBSERVATION_TYPE,
  own,
  type Column,
  type EntityType,
} from './sensorthings-model';
import {
  decodeSkipToken,
  DEFAULT_TOP,
  encodeSkipToken,
  keyInPath,
  MAX_SKIP,
  MAX_TOP,
  parseQueryOptions,
  queryString,
  type Condition,
  type Expansion,
  type Order,
  type PagePlace,
  type PathSegment,
  type QueryOptions,
} from './sensorthings-request';
import {
  readingAt,
  readingCount,
  readingPage,
  readingsOfSensors,
  sensorCount,
  sensorCountsOfKinds,
  sensorPage,
  sensorsByIds,
  sensorsOfKinds,
  type PageQuery,
  type ReadingRow,
  type SensorEntityRow,
} from './sensorthings.repository';

/**
 * The Observations of every Datastream at once are read one hour of phenomenonTime at a time: the
 * raw readings of a city are millions a day, and an hour is as far as a page may look without a
 * Datastream to read by.
 */
const OBSERVATIONS_WINDOW_MICROS = 3_600_000_000n;

/** Most Observations one response holds expanded, over all its Datastreams. */
const EXPANDED_OBSERVATIONS = 10_000;

/** The conformance classes served (OGC 18-088): the data model, paths and reading. */
const CONFORMANCE = [
  'http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/resource-path/resource-path-to-entities',
  'http://www.opengis.net/spec/iot_sensing/1.1/req/request-data',
];

const WINDOW_ADVICE =
  "bound phenomenonTime within one hour (such as $filter=phenomenonTime ge 2026-11-20T09:00:00Z and phenomenonTime lt 2026-11-20T10:00:00Z), or read one Datastream's Observations (Datastreams('id')/Observations), which have no such limit";

/** One entity, from the data it is made of. */
type Item =
  | { source: 'sensor'; type: EntityType; sensor: SensorEntityRow }
  | { source: 'kind'; type: EntityType; kind: SensorType }
  | { source: 'reading'; type: EntityType; reading: ReadingRow };

/** Which entities a collection holds: one sensor's, one type's, or all. */
type Scope = { sensorId?: string; kind?: SensorType };

/** An expanded navigation property of one entity, as written into it. */
type Expanded = { value: unknown; count?: number; nextLink?: string };

/** What a request reads: a collection, one entity, one property of one, or links to them. */
type Target =
  | { kind: 'collection'; type: EntityType; scope: Scope; path: string }
  | { kind: 'entity'; item: Item; path: string }
  | { kind: 'property'; item: Item; name: string };

/** What the service answers: JSON, a property's raw value, or nothing (a null property). */
type SensorThingsAnswer =
  { kind: 'json'; body: unknown } | { kind: 'text'; body: string } | { kind: 'empty' };

const sensorItem = (type: EntityType, sensor: SensorEntityRow): Item => ({
  source: 'sensor',
  type,
  sensor,
});

function keyOfItem(item: Item): string {
  switch (item.source) {
    case 'sensor':
      return item.sensor.id;
    case 'kind':
      return item.kind;
    case 'reading':
      return `${item.reading.sensor_id}@${item.reading.micros}`;
  }
}

const selfPath = (item: Item) => `/${ENTITIES[item.type].set}(${keyInPath(keyOfItem(item))})`;

const point = (row: SensorEntityRow) => ({ type: 'Point', coordinates: [row.lng, row.lat] });

/** A sensor's type facts (the sensors table's check admits the six types alone). */
const kindOf = (type: string) => KINDS[isSensorType(type) ? type : 'traffic'];

/** The properties of an entity, in the order the specification lists them. */
function propertiesOf(item: Item): Record<string, unknown> {
  if (item.source === 'kind') {
    const kind = KINDS[item.kind];
    const { sensor, property } = kind;
    return item.type === 'Sensor'
      ? {
          name: sensor.name,
          description: sensor.description,
          encodingType: 'text/html',
          metadata: sensor.metadata,
        }
      : { name: property.name, definition: property.definition, description: property.description };
  }
  if (item.source === 'reading') {
    const at = isoOfMicros(BigInt(item.reading.micros));
    return { phenomenonTime: at, resultTime: at, result: item.reading.value };
  }
  const row = item.sensor;
  const kind = kindOf(row.type);
  const place = `${row.location}, ${row.city_name}`;
  switch (item.type) {
    case 'Thing':
      return {
        name: row.name,
        description: `${kind.label} at ${place}`,
        properties: { city: row.city_key, type: row.type, status: row.status },
      };
    case 'Location':
      return {
        name: row.location,
        description: `Where ${row.name} stands, in ${row.city_name}`,
        encodingType: 'application/geo+json',
        location: point(row),
      };
    case 'HistoricalLocation':
      return { time: isoOfMicros(BigInt(row.created)) };
    case 'Datastream':
      return {
        name: row.name,
        description: `${kind.property.name} at ${place}, in ${kind.unit.symbol}`,
        unitOfMeasurement: kind.unit,
        observationType: OBSERVATION_TYPE,
        properties: { city: row.city_key, type: row.type },
      };
    case 'FeatureOfInterest':
      return {
        name: row.location,
        description: `The place ${row.name} observes, in ${row.city_name}`,
        encodingType: 'application/geo+json',
        feature: point(row),
      };
    case 'Sensor':
    case 'ObservedProperty':
    case 'Observation':
      throw new Error(`${item.type} is not made from a sensor`);
  }
}

/** A sort key of an entity, as a next link carries it (datetimes in microseconds). */
function sortKeyOf(item: Item, column: Column): string | number {
  if (item.source === 'reading') {
    if (column === 'time') return item.reading.micros;
    if (column === 'result') return item.reading.value;
    return item.reading.sensor_id;
  }
  if (item.source === 'kind') return column === 'id' ? item.kind : String(propertiesOf(item).name);
  const row = item.sensor;
  const keys: Partial<Record<Column, string>> = {
    id: row.id,
    name: row.name,
    location: row.location,
    city: row.city_key,
    type: row.type,
    status: row.status,
    created: row.created,
  };
  return keys[column]!;
}

/**
 * The whole order of a page: what was asked, then the entity's key as the tie-break (a sensor's
 * id; a reading's time, and its sensor when the page holds several sensors').
 */
function orderOf(type: EntityType, asked: Order[], oneSensor: boolean): Order[] {
  const source = ENTITIES[type].source;
  const order: Order[] = [];
  const add = (key: Order) => {
    if (!order.some((o) => o.column === key.column)) order.push(key);
  };
  const defaults: Order[] =
    source === 'reading' ? [{ column: 'time', desc: true }] : [{ column: 'id', desc: false }];
  for (const key of asked.length > 0 ? asked : defaults) add(key);
  if (source === 'reading') {
    add({ column: 'time', desc: true });
    if (!oneSensor) add({ column: 'sensor', desc: false });
  } else add({ column: 'id', desc: false });
  return order;
}

const MICROS = /^-?\d{1,19}$/;

/** A next link's place, checked against the page's order: each key of the column's kind. */
function placeOf(token: string | null, order: Order[]): PagePlace | null {
  if (token === null) return null;
  const place = decodeSkipToken(token);
  const fits =
    place.after.length === order.length &&
    order.every((key, i) => {
      const value = place.after[i];
      if (key.column === 'result') return typeof value === 'number';
      if (key.column === 'time' || key.column === 'created') {
        return typeof value === 'string' && MICROS.test(value) && inTimeRange(BigInt(value));
      }
      return typeof value === 'string';
    }) &&
    (place.window === undefined ||
      place.window.every(
        (edge) => edge === null || (MICROS.test(edge) && inTimeRange(BigInt(edge))),
      ));
  if (!fits)
    throw new Invalid('$skiptoken does not fit this request: follow @iot.nextLink as it is');
  return place;
}

/** The page query of options in `order`, one entity more than the page to know if more follow. */
function pageQuery(options: QueryOptions, order: Order[], place: PagePlace | null): PageQuery {
  return {
    filter: options.filter,
    order,
    after: place?.after ?? null,
    skip: options.skip,
    limit: options.top + 1,
  };
}

/** A next link's place after `last` in `order` (and the window the first page was read in). */
function placeAfter(
  last: Item,
  order: Order[],
  window?: [string, string | null],
): [string, string] {
  const after = order.map((key) => sortKeyOf(last, key.column));
  return ['$skiptoken', encodeSkipToken(window ? { after, window } : { after })];
}

/** A page of `top` out of one more read, and the place of the next page when there is one. */
function pageOf(children: Item[], top: number, order: Order[], window?: [string, string | null]) {
  const page = children.slice(0, top);
  const last = page.at(-1);
  const next = children.length > top && last ? placeAfter(last, order, window) : null;
  return { page, next };
}

/** The instants a filter's top-level `and` bounds phenomenonTime to, in microseconds. */
function timeBounds(filter: Condition | null) {
  let from: bigint | null = null;
  let to: bigint | null = null;
  const visit = (node: Condition) => {
    if (node.kind === 'and') {
      visit(node.left);
      visit(node.right);
    } else if (node.kind === 'compare' && node.column === 'time' && node.micros !== undefined) {
      const at = node.micros;
      if (node.op === 'ge' || node.op === 'gt' || node.op === 'eq') {
        from = from === null || at > from ? at : from;
      }
      if (node.op === 'le' || node.op === 'lt' || node.op === 'eq') {
        to = to === null || at < to ? at : to;
      }
    }
  };
  if (filter) visit(filter);
  return { from: from as bigint | null, to: to as bigint | null };
}

/** Keeps the options of a next link: all but `$skip`, which the place replaces. */
function nextLinkOf(url: string, given: [string, string][], next: [string, string]): string {
  const pairs = given.filter(([name]) => name !== '$skip' && name !== '$skiptoken');
  return `${url}?${queryString([...pairs, next])}`;
}

/** In-memory comparison for the six sensor types (Sensors, ObservedProperties). */
function kindPasses(item: Item & { source: 'kind' }, condition: Condition): boolean {
  switch (condition.kind) {
    case 'and':
      return kindPasses(item, condition.left) && kindPasses(item, condition.right);
    case 'or':
      return kindPasses(item, condition.left) || kindPasses(item, condition.right);
    case 'not':
      return !kindPasses(item, condition.operand);
    case 'compare': {
      const have = sortKeyOf(item, condition.column);
      const want = condition.value;
      switch (condition.op) {
        case 'eq':
          return have === want;
        case 'ne':
          return have !== want;
        case 'gt':
          return have > want;
        case 'ge':
          return have >= want;
        case 'lt':
          return have < want;
        case 'le':
          return have <= want;
      }
    }
  }
}

export function createSensorThingsService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db } = deps;

  /** The service root: each entity set, and what this server conforms to. */
  function root(base: string) {
    return {
      value: ENTITY_TYPES.map((type) => ({
        name: ENTITIES[type].set,
        url: `${base}/${ENTITIES[type].set}`,
      })),
      serverSettings: {
        conformance: CONFORMANCE,
        limits: {
          defaultTop: DEFAULT_TOP,
          maxTop: MAX_TOP,
          maxSkip: MAX_SKIP,
          observationsWindow: 'PT1H',
          observations:
            "Observations of every Datastream at once (/Observations) are read an hour of phenomenonTime at a time, newest first: the last hour unless $filter bounds phenomenonTime within an hour; they take no $count. A Datastream's Observations (Datastreams('id')/Observations) have neither limit.",
          readOnly: 'Entities are read here; readings arrive through the platform itself.',
        },
      },
    };
  }

  async function loadSensor(type: EntityType, id: string, scope: Scope): Promise<Item> {
    const [row] =
      id.length <= 200 && (scope.sensorId === undefined || scope.sensorId === id)
        ? await sensorsByIds(db, [id], null)
        : [];
    if (!row || (scope.kind !== undefined && row.type !== scope.kind)) {
      throw new NotFound(`No ${type} with id '${id}' here`);
    }
    return sensorItem(type, row);
  }

  async function loadReading(id: string, scope: Scope): Promise<Item> {
    const at = id.lastIndexOf('@');
    const micros = id.slice(at + 1);
    if (at <= 0 || !MICROS.test(micros) || !inTimeRange(BigInt(micros))) {
      throw new Invalid(
        `'${id.slice(0, 200)}' is not an Observation id: an Observation's id is its Datastream's id, @ and its time in microseconds since 1970`,
      );
    }
    const sensorId = id.slice(0, at);
    const reading =
      scope.sensorId === undefined || scope.sensorId === sensorId
        ? await readingAt(db, sensorId, isoOfMicros(BigInt(micros)))
        : undefined;
    if (!reading) throw new NotFound(`No Observation with id '${id}' here`);
    return { source: 'reading', type: 'Observation', reading };
  }

  function load(type: EntityType, key: string, scope: Scope): Promise<Item> {
    switch (ENTITIES[type].source) {
      case 'sensor':
        return loadSensor(type, key, scope);
      case 'reading':
        return loadReading(key, scope);
      case 'kind':
        if (!isSensorType(key) || (scope.kind !== undefined && scope.kind !== key)) {
          throw new NotFound(`No ${type} with id '${key}' here`);
        }
        return Promise.resolve({ source: 'kind', type, kind: key });
    }
  }

  /** The one entity a navigation property of `item` leads to. */
  async function relatedOne(item: Item, navigation: string): Promise<Item> {
    const target = ENTITIES[item.type].navigation[navigation]!.target;
    if (ENTITIES[target].source === 'kind') {
      if (item.source !== 'sensor' || !isSensorType(item.sensor.type)) {
        throw new NotFound(`No ${navigation} here`);
      }
      return { source: 'kind', type: target, kind: item.sensor.type };
    }
    if (item.source === 'sensor') return sensorItem(target, item.sensor);
    if (item.source === 'reading') return loadSensor(target, item.reading.sensor_id, {});
    throw new NotFound(`No ${navigation} here`);
  }

  /** The collection a to-many navigation property of `item` is. */
  function scopeOf(item: Item): Scope {
    if (item.source === 'sensor') return { sensorId: item.sensor.id };
    if (item.source === 'kind') return { kind: item.kind };
    throw new Error('An Observation links to single entities only');
  }

  async function resolve(segments: PathSegment[]): Promise<{ target: Target; ref: boolean }> {
    const [first, ...rest] = segments;
    const type = entityTypeOfSet(first!.name);
    if (!type) {
      throw new NotFound(
        `No entity set ${first!.name}: the service root lists ${ENTITY_TYPES.map((t) => ENTITIES[t].set).join(', ')}`,
      );
    }
    return { target: await walk(type, first!.key, rest), ref: rest.at(-1)?.name === '$ref' };
  }

  async function walk(type: EntityType, key: string | null, rest: PathSegment[]): Promise<Target> {
    const set = ENTITIES[type].set;
    let target: Target =
      key === null
        ? { kind: 'collection', type, scope: {}, path: `/${set}` }
        : { kind: 'entity', item: await load(type, key, {}), path: `/${set}(${keyInPath(key)})` };
    for (let i = 0; i < rest.length; i++) {
      const segment = rest[i]!;
      const last = i === rest.length - 1;
      if (segment.name === '$ref') {
        if (!last || segment.key !== null || target.kind === 'property') {
          throw new Invalid("$ref ends a path to entities, such as Things('id')/Datastreams/$ref");
        }
        break;
      }
      if (target.kind === 'property') {
        if (segment.name === '$value' && last && segment.key === null) {
          return { ...target, name: `${target.name}/$value` };
        }
        throw new Invalid(`Only $value may follow the property ${target.name}`);
      }
      if (target.kind === 'collection') {
        const { set: here } = ENTITIES[target.type];
        throw new Invalid(
          `${here} is a collection: name one of them before ${segment.name}, such as ${here}('id')/${segment.name}`,
        );
      }
      const item: Item = target.item;
      const definition: (typeof ENTITIES)[EntityType] = ENTITIES[item.type];
      const navigation = own(definition.navigation, segment.name);
      const path: string = `${target.path}/${segment.name}`;
      if (navigation?.many) {
        const scope = scopeOf(item);
        target =
          segment.key === null
            ? { kind: 'collection', type: navigation.target, scope, path }
            : {
                kind: 'entity',
                item: await load(navigation.target, segment.key, scope),
                path: `${path}(${keyInPath(segment.key)})`,
              };
      } else if (navigation) {
        if (segment.key !== null) {
          throw new Invalid(`${segment.name} is one entity: it takes no id in parentheses`);
        }
        target = { kind: 'entity', item: await relatedOne(item, segment.name), path };
      } else if (definition.properties.includes(segment.name) && segment.key === null) {
        target = { kind: 'property', item, name: segment.name };
      } else {
        throw new NotFound(
          `${definition.set} have no property or related entity ${segment.name}${segment.key === null ? '' : '(…)'}`,
        );
      }
    }
    return target;
  }

  /** The time window a page of every Datastream's Observations is read in, in microseconds. */
  function windowOf(filter: Condition | null, place: PagePlace | null) {
    if (place?.window) {
      const [from, to] = place.window;
      return { from: BigInt(from), to: to === null ? null : BigInt(to) };
    }
    const bounds = timeBounds(filter);
    const end = bounds.to ?? BigInt(deps.now().getTime()) * 1000n;
    const from = bounds.from ?? end - OBSERVATIONS_WINDOW_MICROS;
    if (end - from > OBSERVATIONS_WINDOW_MICROS) {
      throw new Invalid(
        `The Observations of every Datastream are read an hour at a time, and this $filter spans more: ${WINDOW_ADVICE}`,
      );
    }
    return { from, to: bounds.to };
  }

  /** One page of a collection, one entity past it read to know whether more follow. */
  async function readPage(type: EntityType, scope: Scope, options: QueryOptions) {
    const source = ENTITIES[type].source;
    if (source === 'kind') {
      const order = orderOf(type, options.orderby, true);
      const all = SENSOR_TYPES.filter((kind) => scope.kind === undefined || scope.kind === kind)
        .map((kind) => ({ source: 'kind' as const, type, kind }))
        .filter((item) => options.filter === null || kindPasses(item, options.filter))
        .sort((a, b) => {
          for (const key of order) {
            const x = sortKeyOf(a, key.column);
            const y = sortKeyOf(b, key.column);
            if (x !== y) return (x < y ? -1 : 1) * (key.desc ? -1 : 1);
          }
          return 0;
        });
      const items = all.slice(options.skip, options.skip + options.top);
      const more = options.skip + options.top < all.length;
      return {
        items: items as Item[],
        count: options.count ? all.length : undefined,
        next: more ? (['$skip', String(options.skip + options.top)] as [string, string]) : null,
      };
    }
    const oneSensor = scope.sensorId !== undefined;
    const order = orderOf(type, options.orderby, oneSensor);
    const place = placeOf(options.skiptoken, order);
    const query = pageQuery(options, order, place);
    let items: Item[];
    let count: number | undefined;
    let window: [string, string | null] | undefined;
    if (source === 'sensor') {
      const rows = options.top === 0 ? [] : await sensorPage(db, scope, query);
      items = rows.map((row) => sensorItem(type, row));
      if (options.count) count = await sensorCount(db, scope, options.filter);
    } else if (oneSensor) {
      const rows =
        options.top === 0 ? [] : await readingPage(db, { sensorId: scope.sensorId }, query);
      items = rows.map((reading) => ({ source: 'reading', type, reading }));
      if (options.count) count = await readingCount(db, scope.sensorId!, options.filter);
    } else {
      if (options.count) {
        throw new Invalid(
          `$count is not offered for the Observations of every Datastream, which are millions a day: ask it of one Datastream's Observations (Datastreams('id')/Observations?$count=true)`,
        );
      }
      const span = windowOf(options.filter, place);
      window = [String(span.from), span.to === null ? null : String(span.to)];
      const rows = options.top === 0 ? [] : await readingPage(db, { window: span }, query);
      items = rows.map((reading) => ({ source: 'reading', type, reading }));
    }
    const { page, next } = pageOf(items, options.top, order, window);
    return { items: page, count, next };
  }

  /** The expanded navigation properties of each of `items` (all of one type), in few queries. */
  async function expand(items: Item[], expansions: Expansion[], base: string) {
    const expanded = new Map<Item, Map<string, Expanded>>(items.map((item) => [item, new Map()]));
    for (const expansion of expansions) {
      const put = (item: Item, value: Expanded) =>
        expanded.get(item)!.set(expansion.navigation, value);
      const { options, target } = expansion;
      const present = (child: Item) => entityJson(child, base, options.select, new Map());
      const targetSource = ENTITIES[target].source;
      if (!expansion.many) {
        // One entity: the same sensor, its type, or (for an Observation) its sensor.
        const readings = items.flatMap((item) => (item.source === 'reading' ? [item.reading] : []));
        const sensors = new Map(
          readings.length === 0
            ? []
            : (await sensorsByIds(db, [...new Set(readings.map((r) => r.sensor_id))], null)).map(
                (row) => [row.id, row],
              ),
        );
        for (const item of items) {
          if (item.source === 'reading') {
            const row = sensors.get(item.reading.sensor_id);
            if (row) put(item, { value: present(sensorItem(target, row)) });
          } else put(item, { value: present(await relatedOne(item, expansion.navigation)) });
        }
        continue;
      }
      const linkOf = (item: Item, next: [string, string] | null) =>
        next
          ? nextLinkOf(`${base}${selfPath(item)}/${expansion.navigation}`, options.given, next)
          : undefined;
      if (targetSource === 'sensor' && items.every((item) => item.source === 'sensor')) {
        // The same sensor under another name: at most one entity, there if it passes the filter.
        const passing = options.filter
          ? new Set(
              (
                await sensorsByIds(
                  db,
                  items.map((item) => item.sensor.id),
                  options.filter,
                )
              ).map((row) => row.id),
            )
          : null;
        for (const item of items) {
          const row = item.sensor;
          const all = passing === null || passing.has(row.id) ? [sensorItem(target, row)] : [];
          const page = all.slice(options.skip, options.skip + options.top);
          put(item, {
            value: page.map(present),
            ...(options.count ? { count: all.length } : {}),
          });
        }
      } else if (targetSource === 'sensor') {
        // The Datastreams of each type.
        const kinds = items.map((item) => (item as Item & { source: 'kind' }).kind);
        const order = orderOf(target, options.orderby, false);
        const rows =
          options.top === 0 ? [] : await sensorsOfKinds(db, kinds, pageQuery(options, order, null));
        const counts = options.count ? await sensorCountsOfKinds(db, kinds, options.filter) : null;
        for (const item of items) {
          const kind = (item as Item & { source: 'kind' }).kind;
          const children = rows
            .filter((row) => row.kind === kind)
            .map((row) => sensorItem(target, row));
          const { page, next } = pageOf(children, options.top, order);
          put(item, {
            value: page.map(present),
            ...(counts ? { count: counts.get(kind) ?? 0 } : {}),
            ...(next ? { nextLink: linkOf(item, next) } : {}),
          });
        }
      } else {
        // The Observations of each Datastream (or FeatureOfInterest): each from its own index range.
        if (options.count) {
          throw new Invalid(
            `$count is not offered inside $expand=${expansion.navigation}(…): ask it of one Datastream's Observations (Datastreams('id')/Observations?$count=true)`,
          );
        }
        const ids = items.map((item) => (item as Item & { source: 'sensor' }).sensor.id);
        const order = orderOf(target, options.orderby, true);
        // Each Datastream's page is cut so a response holds at most EXPANDED_OBSERVATIONS; its
        // next link reads on.
        const top = Math.min(
          options.top,
          Math.max(1, Math.floor(EXPANDED_OBSERVATIONS / Math.max(ids.length, 1))),
        );
        const rows =
          top === 0
            ? []
            : await readingsOfSensors(db, ids, pageQuery({ ...options, top }, order, null));
        const bySensor = new Map<string, ReadingRow[]>();
        for (const row of rows) {
          const list = bySensor.get(row.sensor_id) ?? [];
          list.push(row);
          bySensor.set(row.sensor_id, list);
        }
        for (const item of items) {
          const children = (
            bySensor.get((item as Item & { source: 'sensor' }).sensor.id) ?? []
          ).map((reading): Item => ({ source: 'reading', type: target, reading }));
          const { page, next } = pageOf(children, top, order);
          put(item, {
            value: page.map(present),
            ...(next ? { nextLink: linkOf(item, next) } : {}),
          });
        }
      }
    }
    return expanded;
  }

  /** An entity as JSON: its id and links, the properties `$select` keeps, what was expanded. */
  function entityJson(
    item: Item,
    base: string,
    select: ReadonlySet<string> | null,
    expanded: Map<string, Expanded>,
  ): Record<string, unknown> {
    const keep = (name: string) => select === null || select.has(name);
    const self = `${base}${selfPath(item)}`;
    const json: Record<string, unknown> = {};
    if (keep('@iot.id')) json['@iot.id'] = keyOfItem(item);
    if (keep('@iot.selfLink')) json['@iot.selfLink'] = self;
    for (const [name, value] of Object.entries(propertiesOf(item))) {
      if (keep(name)) json[name] = value;
    }
    for (const navigation of Object.keys(ENTITIES[item.type].navigation)) {
      if (keep(navigation)) json[`${navigation}@iot.navigationLink`] = `${self}/${navigation}`;
      const value = expanded.get(navigation);
      if (value) {
        if (value.count !== undefined) json[`${navigation}@iot.count`] = value.count;
        json[navigation] = value.value;
        if (value.nextLink !== undefined) json[`${navigation}@iot.nextLink`] = value.nextLink;
      }
    }
    return json;
  }

  /**
   * Answers a request for the resource at `segments` (the path after the service root, never
   * empty) with its query `params`; `base` is the service root's absolute URL, for links.
   */
  async function read(
    base: string,
    segments: PathSegment[],
    params: [string, string][],
  ): Promise<SensorThingsAnswer> {
    const { target, ref } = await resolve(segments);
    if (target.kind === 'property') {
      const [name, raw] = target.name.split('/');
      if (params.some(([option]) => option.startsWith('$'))) {
        throw new Invalid(`A property (${name}) takes no query options`);
      }
      const value = propertiesOf(target.item)[name!];
      if (value === null || value === undefined) return { kind: 'empty' };
      if (raw === undefined) return { kind: 'json', body: { [name!]: value } };
      if (typeof value === 'string') return { kind: 'text', body: value };
      if (typeof value === 'number') return { kind: 'text', body: String(value) };
      return { kind: 'json', body: value };
    }
    const type = target.kind === 'entity' ? target.item.type : target.type;
    const options = parseQueryOptions(type, params);
    if (ref && (options.select !== null || options.expand.length > 0)) {
      throw new Invalid('$ref answers links only: it takes no $select or $expand');
    }
    const link = (item: Item) => ({ '@iot.selfLink': `${base}${selfPath(item)}` });
    if (target.kind === 'entity') {
      if (
        options.skiptoken !== null ||
        params.some(([n]) => ['$top', '$skip', '$count', '$filter', '$orderby'].includes(n))
      ) {
        throw new Invalid(
          `One entity takes $select and $expand only; $top, $skip, $count, $filter and $orderby apply to collections`,
        );
      }
      if (ref) return { kind: 'json', body: link(target.item) };
      const expanded = await expand([target.item], options.expand, base);
      return {
        kind: 'json',
        body: entityJson(target.item, base, options.select, expanded.get(target.item)!),
      };
    }
    const page = await readPage(type, target.scope, options);
    const expanded = await expand(page.items, options.expand, base);
    const nextLink = page.next
      ? nextLinkOf(`${base}${target.path}${ref ? '/$ref' : ''}`, options.given, page.next)
      : undefined;
    return {
      kind: 'json',
      body: {
        ...(page.count === undefined ? {} : { '@iot.count': page.count }),
        ...(nextLink === undefined ? {} : { '@iot.nextLink': nextLink }),
        value: page.items.map((item) =>
          ref ? link(item) : entityJson(item, base, options.select, expanded.get(item)!),
        ),
      },
    };
  }

  return { root, read };
}
