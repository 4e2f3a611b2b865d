import { sensorRegistrationListSchema, sensorRegistrationSchema } from '@smart-city/shared';
import type { SensorRegistration } from '@smart-city/shared';

/** The columns a CSV file of sensors has, in its header row; unit and status may be left empty. */
export const SENSOR_CSV_COLUMNS = [
  'id',
  'name',
  'type',
  'city',
  'location',
  'lat',
  'lng',
  'unit',
  'status',
] as const;

const REQUIRED_CSV_COLUMNS = ['id', 'name', 'type', 'city', 'location', 'lat', 'lng'] as const;
const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['lat', 'lng']);

/**
 * What is wrong with one place of a file, in words the screen translates: the row (the CSV's line,
 * counting the header as 1; the JSON array's entry, counting from 1) or 0 for the file as a whole,
 * the field, and which kind of problem it is.
 */
export type SensorFileProblem = {
  row: number;
  field: string | null;
  kind:
    | 'unreadable'
    | 'notAList'
    | 'empty'
    | 'missingColumn'
    | 'unknownColumn'
    | 'missing'
    | 'invalid'
    | 'outOfRange'
    | 'notAllowed'
    | 'unknownField'
    | 'repeated';
  /** The row an id repeats, for `repeated`; the column, for the column kinds. */
  other?: number | string;
};

export type SensorFileResult =
  | { ok: true; sensors: SensorRegistration[] }
  | { ok: false; json: boolean; problems: SensorFileProblem[] };

/** One record of a CSV file and the line it starts on. */
type CsvRecord = { line: number; cells: string[] };

/**
 * Splits CSV text (RFC 4180: fields in double quotes may hold commas, quotes written twice and line
 * breaks) into records, each with the line it starts on, so a problem names the line a reader sees.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    // A blank line (a trailing newline, a spacer) is no record.
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += char;
  }
  endRecord();
  return records;
}

/** A CSV file's rows as the entries the import takes, or what is wrong with its columns. */
function csvEntries(
  text: string,
):
  | { entries: { row: number; value: Record<string, unknown> }[] }
  | { problems: SensorFileProblem[] } {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) return { problems: [{ row: 0, field: null, kind: 'empty' }] };
  const columns = header.cells.map((name) => name.trim().toLowerCase());
  const problems: SensorFileProblem[] = [
    ...REQUIRED_CSV_COLUMNS.filter((name) => !columns.includes(name)).map(
      (name): SensorFileProblem => ({ row: 1, field: null, kind: 'missingColumn', other: name }),
    ),
    ...columns
      .filter((name) => !(SENSOR_CSV_COLUMNS as readonly string[]).includes(name))
      .map((name): SensorFileProblem => ({
        row: 1,
        field: null,
        kind: 'unknownColumn',
        other: name,
      })),
  ];
  if (problems.length > 0) return { problems };
  if (rows.length === 0) return { problems: [{ row: 0, field: null, kind: 'empty' }] };
  return {
    entries: rows.map(({ line, cells }) => {
      const value: Record<string, unknown> = {};
      columns.forEach((name, index) => {
        const cell = (cells[index] ?? '').trim();
        // An empty optional cell is a field left out: the type's unit, the registry's status.
        if (cell === '' && (name === 'unit' || name === 'status')) return;
        const number = Number(cell);
        value[name] =
          NUMERIC_FIELDS.has(name) && cell !== '' && Number.isFinite(number) ? number : cell;
      });
      return { row: line, value };
    }),
  };
}

/** A JSON file as the import command takes it: an array of sensors, numbered from 1. */
function jsonEntries(
  text: string,
): { entries: { row: number; value: unknown }[] } | { problems: SensorFileProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problems: [{ row: 0, field: null, kind: 'unreadable' }] };
  }
  if (!Array.isArray(parsed)) return { problems: [{ row: 0, field: null, kind: 'notAList' }] };
  if (parsed.length === 0) return { problems: [{ row: 0, field: null, kind: 'empty' }] };
  return { entries: parsed.map((value: unknown, index) => ({ row: index + 1, value })) };
}

type ZodIssueLike = { code: string; path: PropertyKey[]; keys?: string[] };

/** The kind of problem a validation issue is, told apart by what the reader should do about it. */
function kindOf(issue: ZodIssueLike, present: boolean): SensorFileProblem['kind'] {
  if (!present) return 'missing';
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return 'outOfRange';
    case 'invalid_value':
      return 'notAllowed';
    default:
      return 'invalid';
  }
}

/** The problems of one entry, checked on its own against the shared schema. */
export function entryProblems(row: number, value: unknown): SensorFileProblem[] {
  const result = sensorRegistrationSchema.safeParse(value);
  if (result.success) return [];
  const fields = typeof value === 'object' && value !== null ? value : {};
  return result.error.issues.flatMap((issue: ZodIssueLike): SensorFileProblem[] => {
    if (issue.code === 'unrecognized_keys')
      return (issue.keys ?? []).map((key) => ({ row, field: key, kind: 'unknownField' }));
    const field = issue.path.length > 0 ? String(issue.path[0]) : null;
    const present =
      field === null || (field in fields && fields[field as keyof typeof fields] !== '');
    return [{ row, field, kind: kindOf(issue, present) }];
  });
}

/**
 * Reads a file of sensors (CSV with a header row, or a JSON array as `npm run sensors:import`
 * takes) and checks every entry with the shared schema, as the server will: either every sensor,
 * or the problems in the order of the file.
 */
export function readSensorFile(name: string, text: string): SensorFileResult {
  const json = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  const read = json ? jsonEntries(text) : csvEntries(text);
  if ('problems' in read) return { ok: false, json, problems: read.problems };
  const problems = read.entries.flatMap(({ row, value }) => entryProblems(row, value));
  if (problems.length > 0) return { ok: false, json, problems };
  // Each entry is sound on its own: what the whole list can still lack is each id once.
  const list = sensorRegistrationListSchema.safeParse(read.entries.map((entry) => entry.value));
  if (list.success) return { ok: true, sensors: list.data };
  const ids = read.entries.map((entry) => sensorRegistrationSchema.parse(entry.value).id);
  return {
    ok: false,
    json,
    problems: list.error.issues.map((issue): SensorFileProblem => {
      const index = Number(issue.path[0]);
      const first = ids.indexOf(ids[index]!);
      return {
        row: read.entries[index]!.row,
        field: 'id',
        kind: 'repeated',
        other: read.entries[first]!.row,
      };
    }),
  };
}

/**
 * Splits sensors into the batches `POST /api/sensors` takes: at most `maxCount` each, and a body of
 * at most `maxBytes`, so a file with long names or much metadata still goes through.
 */
export function batchesOf<T>(items: readonly T[], maxCount: number, maxBytes: number): T[][] {
  const encoder = new TextEncoder();
  // The body's own bytes: `{"sensors":[` … `]}`, and a comma between entries.
  const frame = encoder.encode('{"sensors":[]}').length;
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = frame;
  for (const item of items) {
    const size = encoder.encode(JSON.stringify(item)).length + 1;
    if (batch.length > 0 && (batch.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = frame;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
