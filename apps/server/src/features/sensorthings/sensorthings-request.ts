import { textProblem } from '../../http/request-checks';
import { Invalid } from '../../lib/domain-errors';
import { parseFilter, type ComparisonOperator, type FilterNode } from './sensorthings-filter';
import {
  ENTITIES,
  isoOfMicros,
  own,
  type Column,
  type EntityType,
  type Field,
} from './sensorthings-model';

/**
 * A SensorThings request as this API reads it: the resource path and the query options
 * (OGC 18-088), checked against the entity type they apply to. Everything here is text in, plain
 * data out; anything outside what is offered is refused with a message that says what is.
 */

/** Page size when the request names none, the largest page, and the deepest `$skip`. */
export const DEFAULT_TOP = 100;
export const MAX_TOP = 1_000;
export const MAX_SKIP = 100_000;

export type PathSegment = { name: string; key: string | null };

const SEGMENT = /^([A-Za-z$][A-Za-z0-9]*)(?:\((.*)\))?$/s;

/** An entity's key in parentheses: quoted (`'it''s'`) or, when that is unambiguous, bare. */
function keyOf(text: string, segment: string): string {
  if (text.startsWith("'")) {
    const inner = text.slice(1, -1);
    // Closed by a quote, and every quote inside doubled.
    if (text.length >= 2 && text.endsWith("'") && /^(?:[^']|'')*$/.test(inner)) {
      return inner.replaceAll("''", "'");
    }
    throw new Invalid(
      `The id in ${segment} is not closed properly: write it in single quotes, doubling a quote inside (Things('it''s'))`,
    );
  }
  if (text === '' || /['()]/.test(text)) {
    throw new Invalid(`The id in ${segment} must be given in single quotes, such as Things('id')`);
  }
  return text;
}

/**
 * The segments of a resource path after the service root (`/Things('x')/Datastreams`), each
 * percent-decoded on its own so an id may hold an encoded slash.
 */
export function parsePath(rawPath: string): PathSegment[] {
  const parts = rawPath.split('/').filter((part, index, all) => {
    // A leading and a trailing slash are no segments; an empty one between two is refused below.
    return !(part === '' && (index === 0 || index === all.length - 1));
  });
  return parts.map((raw) => {
    let text: string;
    try {
      text = decodeURIComponent(raw);
    } catch {
      throw new Invalid('The path is not valid percent-encoded UTF-8');
    }
    const problem = textProblem(text);
    if (problem) throw new Invalid(`The path ${problem}`);
    const m = SEGMENT.exec(text);
    if (!m) {
      throw new Invalid(
        `"${text.slice(0, 100)}" is not a path segment here: an entity set, an entity in parentheses or a property`,
      );
    }
    return { name: m[1]!, key: m[2] === undefined ? null : keyOf(m[2], text.slice(0, 120)) };
  });
}

export type Order = { column: Column; desc: boolean };

/** A `$filter` bound to an entity type: each comparison on one of its columns, values checked. */
export type Condition =
  | { kind: 'and' | 'or'; left: Condition; right: Condition }
  | { kind: 'not'; operand: Condition }
  | {
      kind: 'compare';
      op: ComparisonOperator;
      column: Column;
      /** A date and time is in ISO 8601 in UTC, to the microsecond. */
      value: string | number;
      /** The instant of a date and time, in microseconds since the epoch. */
      micros?: bigint;
    };

export type Expansion = {
  navigation: string;
  target: EntityType;
  many: boolean;
  options: QueryOptions;
};

export type QueryOptions = {
  /** The page size: what `$top` asks, at most MAX_TOP. */
  top: number;
  skip: number;
  count: boolean;
  filter: Condition | null;
  /** As asked; empty for the entity type's own order. */
  orderby: Order[];
  /** The names `$select` keeps, or null for all. */
  select: ReadonlySet<string> | null;
  expand: Expansion[];
  /** `$skiptoken`: where the page before ended (a next link's own option). */
  skiptoken: string | null;
  /** The options as given, to repeat in a next link. */
  given: [string, string][];
};

const OPTIONS = new Set(['$top', '$skip', '$count', '$filter', '$orderby', '$select', '$expand']);
const NAMES_OF_ID = new Set(['id', '@iot.id']);
const NAMES_OF_SELF_LINK = new Set(['selfLink', '@iot.selfLink']);

function refuse(message: string): never {
  throw new Invalid(message);
}

function wholeNumber(name: string, text: string, max: number): number {
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) > max) {
    refuse(`${name} must be a whole number from 0 to ${max.toLocaleString('en')}`);
  }
  return Number(text);
}

function fieldOf(type: EntityType, name: string, option: string): Field {
  const fields = ENTITIES[type].fields;
  const field = own(fields, NAMES_OF_ID.has(name) ? 'id' : name);
  if (field) return field;
  const offered = Object.keys(fields).join(', ');
  const set = ENTITIES[type].set;
  if (name.includes('/') && !name.startsWith('properties/')) {
    refuse(
      `${option}: ${name} goes through a related entity, which is not offered; ${set} take ${offered}`,
    );
  }
  return refuse(`${option}: ${set} cannot be filtered or ordered by ${name}; they take ${offered}`);
}

function bindFilter(type: EntityType, node: FilterNode): Condition {
  switch (node.kind) {
    case 'and':
    case 'or':
      return {
        kind: node.kind,
        left: bindFilter(type, node.left),
        right: bindFilter(type, node.right),
      };
    case 'not':
      return { kind: 'not', operand: bindFilter(type, node.operand) };
    case 'compare': {
      const field = fieldOf(type, node.property, '$filter');
      const { value } = node;
      const wanted = {
        string: 'a text in single quotes',
        number: 'a number',
        datetime: 'a date and time such as 2026-11-20T10:00:00Z',
      }[field.type];
      if (field.type === 'datetime' && value.type === 'datetime') {
        const iso = isoOfMicros(value.micros);
        return {
          kind: 'compare',
          op: node.op,
          column: field.column,
          value: iso,
          micros: value.micros,
        };
      }
      if (field.type === 'number' && value.type === 'number') {
        return { kind: 'compare', op: node.op, column: field.column, value: value.value };
      }
      if (field.type === 'string' && value.type === 'string') {
        const problem = textProblem(value.value);
        if (problem) refuse(`$filter: the text compared with ${node.property} ${problem}`);
        return { kind: 'compare', op: node.op, column: field.column, value: value.value };
      }
      return refuse(`$filter: ${node.property} is compared with ${wanted}`);
    }
  }
}

/** Splits at `separator` where it stands outside quotes and parentheses. */
function splitOutside(text: string, separator: string, option: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth < 0) refuse(`${option}: a ")" has no "(" before it`);
    } else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) refuse(`${option}: a text in quotes is not closed`);
  if (depth !== 0) refuse(`${option}: a "(" is not closed`);
  parts.push(text.slice(start));
  return parts;
}

function parseOrderby(type: EntityType, text: string): Order[] {
  return splitOutside(text, ',', '$orderby').map((part) => {
    const m = /^\s*(\S+?)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!m) refuse(`$orderby: "${part.trim()}" is not a property followed by asc or desc`);
    const field = fieldOf(type, m[1]!, '$orderby');
    return { column: field.column, desc: m[2]?.toLowerCase() === 'desc' };
  });
}

function parseSelect(type: EntityType, text: string): Set<string> {
  const { properties, navigation, set } = ENTITIES[type];
  const names = new Set<string>();
  for (const part of text.split(',')) {
    const name = part.trim();
    if (NAMES_OF_ID.has(name)) names.add('@iot.id');
    else if (NAMES_OF_SELF_LINK.has(name)) names.add('@iot.selfLink');
    else if (properties.includes(name) || own(navigation, name)) names.add(name);
    else {
      refuse(
        `$select: ${set} have no property ${name}; they have id, selfLink, ${[...properties, ...Object.keys(navigation)].join(', ')}`,
      );
    }
  }
  return names;
}

function parseExpand(type: EntityType, text: string): Expansion[] {
  const seen = new Set<string>();
  return splitOutside(text, ',', '$expand').map((part) => {
    const item = part.trim();
    const open = item.indexOf('(');
    const name = (open < 0 ? item : item.slice(0, open)).trim();
    if (name.includes('/')) {
      refuse(`$expand: ${name} expands more than one level, and one level is offered`);
    }
    const navigation = own(ENTITIES[type].navigation, name);
    if (!navigation) {
      refuse(
        `$expand: ${ENTITIES[type].set} have no ${name || 'related entity named there'}; they link to ${Object.keys(ENTITIES[type].navigation).join(', ')}`,
      );
    }
    if (seen.has(name)) refuse(`$expand: ${name} is named twice`);
    seen.add(name);
    let pairs: [string, string][] = [];
    if (open >= 0) {
      if (!item.endsWith(')')) refuse(`$expand: ${name}(…) must end with ")"`);
      pairs = splitOutside(item.slice(open + 1, -1), ';', `$expand of ${name}`).map((option) => {
        const equals = option.indexOf('=');
        if (equals < 0) refuse(`$expand: "${option.trim()}" in ${name}(…) is not an option=value`);
        return [option.slice(0, equals).trim(), option.slice(equals + 1).trim()];
      });
    }
    const options = parseQueryOptions(navigation.target, pairs, { nested: name });
    if (!navigation.many && pairs.some(([key]) => key !== '$select')) {
      refuse(`$expand: ${name} is one entity, so it takes $select only`);
    }
    return { navigation: name, target: navigation.target, many: navigation.many, options };
  });
}

/**
 * The query options of a request for entities of `type`. `nested` names the navigation when the
 * options are those inside `$expand=Name(…)`, which expand nothing further. Options that are not
 * system options (not starting with `$`) are left to whoever reads them.
 */
export function parseQueryOptions(
  type: EntityType,
  params: Iterable<[string, string]>,
  context: { nested?: string } = {},
): QueryOptions {
  const where = context.nested ? ` in $expand=${context.nested}(…)` : '';
  const given: [string, string][] = [];
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (!name.startsWith('$')) continue;
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) refuse(`The query option ${name} ${problem}`);
    if (seen.has(name)) refuse(`${name} is given twice${where}`);
    if (name === '$expand' && context.nested) {
      refuse(`$expand inside $expand=${context.nested}(…): one level of $expand is offered`);
    }
    if (!OPTIONS.has(name) && (name !== '$skiptoken' || context.nested)) {
      refuse(
        `${name}${where} is not offered; the query options are $top, $skip, $count, $filter, $orderby, $select and $expand`,
      );
    }
    seen.set(name, value);
    if (name !== '$skiptoken') given.push([name, value]);
  }
  const get = (name: string) => seen.get(name);
  const count = get('$count');
  if (count !== undefined && count !== 'true' && count !== 'false') {
    refuse(`$count${where} must be true or false`);
  }
  const filter = get('$filter');
  const orderby = get('$orderby');
  const select = get('$select');
  const expand = get('$expand');
  const top = get('$top');
  const skip = get('$skip');
  return {
    top: top === undefined ? DEFAULT_TOP : Math.min(wholeNumber('$top', top, 1e9 - 1), MAX_TOP),
    skip: skip === undefined ? 0 : wholeNumber('$skip', skip, MAX_SKIP),
    count: count === 'true',
    filter: filter === undefined ? null : bindFilter(type, parseFilter(filter)),
    orderby: orderby === undefined ? [] : parseOrderby(type, orderby),
    select: select === undefined ? null : parseSelect(type, select),
    expand: expand === undefined ? [] : parseExpand(type, expand),
    skiptoken: get('$skiptoken') ?? null,
    given,
  };
}

/**
 * Where a page ended, as a next link carries it: the sort keys of its last entity and, for the
 * Observations of every Datastream, the time window the first page was read in.
 */
export type PagePlace = { after: (string | number)[]; window?: [string, string | null] };

export function encodeSkipToken(place: PagePlace): string {
  return Buffer.from(JSON.stringify(place)).toString('base64url');
}

/** The place a `$skiptoken` names; its keys are checked against the page's order by the reader. */
export function decodeSkipToken(token: string): PagePlace {
  const invalid = () =>
    refuse('$skiptoken is not one this service gave: follow @iot.nextLink as it is');
  if (token.length > 4_000 || !/^[\w-]*$/.test(token)) return invalid();
  let place: unknown;
  try {
    place = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return invalid();
  }
  const { after, window } = (place ?? {}) as { after?: unknown; window?: unknown };
  const isKey = (v: unknown) =>
    (typeof v === 'string' && textProblem(v) === null) ||
    (typeof v === 'number' && Number.isFinite(v));
  if (!Array.isArray(after) || after.length === 0 || after.length > 8 || !after.every(isKey)) {
    return invalid();
  }
  if (window === undefined) return { after: after as (string | number)[] };
  if (
    !Array.isArray(window) ||
    window.length !== 2 ||
    typeof window[0] !== 'string' ||
    !(typeof window[1] === 'string' || window[1] === null)
  ) {
    return invalid();
  }
  return { after: after as (string | number)[], window: window as [string, string | null] };
}

/** Characters left as they are in a path segment or a query value (RFC 3986 allows them). */
const KEPT = /%(24|27|28|29|2C|3A|3B|3D|40|2F)/g;
const KEPT_CHAR: Record<string, string> = {
  '24': '$',
  '27': "'",
  '28': '(',
  '29': ')',
  '2C': ',',
  '3A': ':',
  '3B': ';',
  '3D': '=',
  '40': '@',
  '2F': '/',
};

/** An entity's key as written in a path: quoted, its quotes doubled, percent-encoded as needed. */
export function keyInPath(key: string): string {
  const quoted = key.replaceAll("'", "''");
  return `'${encodeURIComponent(quoted).replace(/%(40|3A)/g, (_, hex: string) => KEPT_CHAR[hex]!)}'`;
}

/** A query string of options, readable where it can be (`$top=5&$orderby=phenomenonTime%20desc`). */
export function queryString(pairs: readonly [string, string][]): string {
  const encode = (text: string) =>
    encodeURIComponent(text).replace(KEPT, (_, hex: string) => KEPT_CHAR[hex]!);
  return pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}
