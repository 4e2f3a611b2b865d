import { Invalid } from '../../lib/domain-errors';
import { parseDateTime } from './sensorthings-model';

/**
 * The part of OData's `$filter` grammar this API answers (OGC 18-088, requesting data): comparisons of a
 * property with a value (`eq ne gt ge lt le`), joined by `and`, `or` and `not`, grouped with
 * parentheses. Values are strings in single quotes (`''` for a quote), numbers, and ISO 8601 dates
 * and times with their zone. Functions, arithmetic and paths through related entities are refused
 * with a message saying so.
 */

export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

type FilterValue =
  | { type: 'string'; value: string }
  | { type: 'number'; value: number }
  | { type: 'datetime'; micros: bigint; text: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' };

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'compare'; op: ComparisonOperator; property: string; value: FilterValue };

/** Longest `$filter` read, most comparisons in one, and deepest nesting of parentheses and `not`. */
const MAX_LENGTH = 2_000;
const MAX_COMPARISONS = 64;
const MAX_DEPTH = 32;

const COMPARISONS = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const ARITHMETIC = new Set(['add', 'sub', 'mul', 'div', 'mod', 'divby']);
/** The mirror of each comparison, for a value written before its property (`5 lt result`). */
const MIRRORED: Record<ComparisonOperator, ComparisonOperator> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
};

type Token =
  | { kind: 'open' | 'close' | 'comma'; at: number }
  | { kind: 'word'; text: string; at: number }
  | { kind: 'value'; value: FilterValue; text: string; at: number };

function refuse(message: string): never {
  throw new Invalid(`$filter: ${message}`);
}

const WORD = /[A-Za-z_@$][\w.@$]*(?:\/[A-Za-z_@$][\w.@$]*)*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
// A date and time as far as it goes, its zone checked after: a '+' sent unencoded arrives as a space.
const DATE_TIME = /\d{4}-\d{2}-\d{2}(?:T[\d:.]*(?:Z|[+-]\d{2}:\d{2})?)?/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const match = (pattern: RegExp) => {
    pattern.lastIndex = at;
    return pattern.exec(text)?.[0];
  };
  while (at < text.length) {
    const char = text[at]!;
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      at++;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char === '(' ? 'open' : char === ')' ? 'close' : 'comma', at });
      at++;
    } else if (char === "'") {
      let value = '';
      let end = at + 1;
      for (;;) {
        const quote = text.indexOf("'", end);
        if (quote < 0) refuse(`the text that starts at position ${at + 1} has no closing quote`);
        value += text.slice(end, quote);
        if (text[quote + 1] === "'") {
          value += "'";
          end = quote + 2;
        } else {
          end = quote + 1;
          break;
        }
      }
      tokens.push({
        kind: 'value',
        value: { type: 'string', value },
        text: text.slice(at, end),
        at,
      });
      at = end;
    } else if (/\d/.test(char) && /^\d{4}-/.test(text.slice(at, at + 5))) {
      const raw = match(DATE_TIME)!;
      const micros = parseDateTime(raw);
      if (micros === null) {
        refuse(
          `${raw} at position ${at + 1} is not a date and time: write it as in ISO 8601 with its ` +
            'zone, such as 2026-11-20T10:00:00Z or 2026-11-20T15:30:00%2B05:30 (a + in a URL is %2B)',
        );
      }
      tokens.push({ kind: 'value', value: { type: 'datetime', micros, text: raw }, text: raw, at });
      at += raw.length;
    } else if (/[\d.-]/.test(char)) {
      const raw = match(NUMBER);
      if (!raw) refuse(`unexpected "${char}" at position ${at + 1}`);
      const value = Number(raw);
      if (!Number.isFinite(value)) refuse(`${raw} is not a number this API compares with`);
      tokens.push({ kind: 'value', value: { type: 'number', value }, text: raw, at });
      at += raw.length;
    } else {
      const raw = match(WORD);
      if (!raw) refuse(`unexpected "${char}" at position ${at + 1}`);
      tokens.push({ kind: 'word', text: raw, at });
      at += raw.length;
    }
  }
  return tokens;
}

/** Parses a `$filter` into its tree; a text outside the grammar is refused with where and why. */
export function parseFilter(text: string): FilterNode {
  if (text.trim() === '') refuse('it is empty');
  if (text.length > MAX_LENGTH) refuse(`it is longer than ${MAX_LENGTH} characters`);
  const tokens = tokenize(text);
  let next = 0;
  let comparisons = 0;
  const peek = () => tokens[next];
  const where = (token: Token | undefined) =>
    token ? `at position ${token.at + 1}` : 'at the end';
  const isWord = (token: Token | undefined, word: string): boolean =>
    token?.kind === 'word' && token.text === word;

  function operand(): Token & { kind: 'word' | 'value' } {
    const token = tokens[next];
    if (!token || (token.kind !== 'word' && token.kind !== 'value')) {
      refuse(`a property or a value is missing ${where(token)}`);
    }
    next++;
    if (token.kind === 'value') return token;
    if (peek()?.kind === 'open') {
      refuse(
        `${token.text}() ${where(token)} is a function, and this API answers comparisons only ` +
          '(eq, ne, gt, ge, lt, le joined by and, or, not)',
      );
    }
    if (token.text === 'true' || token.text === 'false') {
      const value: FilterValue = { type: 'boolean', value: token.text === 'true' };
      return { kind: 'value', value, text: token.text, at: token.at };
    }
    if (token.text === 'null') {
      return { kind: 'value', value: { type: 'null' }, text: token.text, at: token.at };
    }
    if (COMPARISONS.has(token.text) || ['and', 'or', 'not'].includes(token.text)) {
      refuse(`a property or a value is missing before "${token.text}" ${where(token)}`);
    }
    return token;
  }

  function comparison(): FilterNode {
    const left = operand();
    const op = tokens[next];
    if (op?.kind === 'word' && ARITHMETIC.has(op.text)) {
      refuse(
        `arithmetic ("${op.text}" ${where(op)}) is not offered: compare a property with a value`,
      );
    }
    if (!op || op.kind !== 'word' || !COMPARISONS.has(op.text)) {
      refuse(`expected eq, ne, gt, ge, lt or le after ${left.text} ${where(op)}`);
    }
    next++;
    const right = operand();
    const after = tokens[next];
    if (after?.kind === 'word' && ARITHMETIC.has(after.text)) {
      refuse(
        `arithmetic ("${after.text}" ${where(after)}) is not offered: compare a property with a value`,
      );
    }
    if (++comparisons > MAX_COMPARISONS) refuse(`it has more than ${MAX_COMPARISONS} comparisons`);
    const operator = op.text as ComparisonOperator;
    if (left.kind === 'word' && right.kind === 'value') {
      return { kind: 'compare', op: operator, property: left.text, value: right.value };
    }
    if (left.kind === 'value' && right.kind === 'word') {
      return { kind: 'compare', op: MIRRORED[operator], property: right.text, value: left.value };
    }
    return refuse(
      `${left.text} ${operator} ${right.text} ${where(left)} must compare one property with one value`,
    );
  }

  function unary(depth: number): FilterNode {
    if (depth > MAX_DEPTH) refuse(`it nests deeper than ${MAX_DEPTH} levels`);
    const token = peek();
    if (isWord(token, 'not')) {
      next++;
      return { kind: 'not', operand: unary(depth + 1) };
    }
    if (token?.kind === 'open') {
      next++;
      const inner = disjunction(depth + 1);
      const close = peek();
      if (close?.kind !== 'close') refuse(`expected ")" ${where(close)}`);
      next++;
      return inner;
    }
    return comparison();
  }

  function conjunction(depth: number): FilterNode {
    let node = unary(depth);
    while (isWord(peek(), 'and')) {
      next++;
      node = { kind: 'and', left: node, right: unary(depth) };
    }
    return node;
  }

  function disjunction(depth: number): FilterNode {
    let node = conjunction(depth);
    while (isWord(peek(), 'or')) {
      next++;
      node = { kind: 'or', left: node, right: conjunction(depth) };
    }
    return node;
  }

  const tree = disjunction(0);
  const rest = peek();
  if (rest) {
    const shown =
      rest.kind === 'word' || rest.kind === 'value'
        ? rest.text
        : { open: '(', close: ')', comma: ',' }[rest.kind];
    refuse(`unexpected "${shown}" ${where(rest)}: join comparisons with and, or`);
  }
  return tree;
}
