import {
  CITY_AREAS,
  CITY_KEYS,
  DEFAULT_REPORT_CATEGORY_SETTINGS,
  isHttpUrl,
  isOpenReport,
  isReportNumber,
  OPEN311_AGENCIES,
  OPEN311_DEFAULT_DAYS,
  OPEN311_MAX_BODY_BYTES,
  OPEN311_MAX_REQUESTS,
  OPEN311_SERVICES,
  OPEN_REPORT_STATUSES,
  REPORT_ADDRESS_MAX_LENGTH,
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX_LENGTH,
  type CityKey,
  type Open311Request,
  type Open311Service,
  type PublicReport,
  type ReportCategory,
} from '@smart-city/shared';
import { Hono, type Context } from 'hono';
import { textProblem } from '../../http/request-checks';
import { DomainError } from '../../lib/domain-errors';
import type { DeviceKeysService } from '../device-keys/device-keys.service';
import type { ReportsService } from '../reports/reports.service';

/** A refusal in Open311's own shape: a list of `{ code, description }`, the code the status. */
class Open311Error extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const STATUS_OF: Record<DomainError['kind'], 400 | 403 | 404 | 413 | 415> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 400,
  busy: 400,
  'too-large': 413,
  'unsupported-type': 415,
};

const isCategory = (code: string): code is ReportCategory =>
  (REPORT_CATEGORIES as readonly string[]).includes(code);

const isCity = (key: string): key is CityKey => (CITY_KEYS as readonly string[]).includes(key);

/** The file a path names, which must be JSON: `.xml` is the specification's other format. */
function jsonName(file: string): string {
  if (file.endsWith('.json')) return file.slice(0, -'.json'.length);
  if (file.endsWith('.xml')) throw new Open311Error(400, 'XML is not offered: ask for .json');
  throw new Open311Error(404, 'Not found: Open311 resources end in .json');
}

/** One text field of a form or query: trimmed, storable, within its length; undefined if empty. */
function field(value: unknown, name: string, maxLength: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Open311Error(400, `${name} must be given once, as text`);
  const problem = textProblem(value);
  if (problem) throw new Open311Error(400, `${name} ${problem}`);
  const text = value.trim();
  if (text.length > maxLength) {
    throw new Open311Error(400, `${name} must be at most ${maxLength} characters`);
  }
  return text === '' ? undefined : text;
}

function numberField(value: unknown, name: string, min: number, max: number): number {
  const text = field(value, name, 40);
  const number = text === undefined ? Number.NaN : Number(text);
  if (!Number.isFinite(number) || number < min || number > max) {
    throw new Open311Error(400, `${name} must be a number from ${min} to ${max}`);
  }
  return number;
}

function dateField(value: unknown, name: string): Date | undefined {
  const text = field(value, name, 40);
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime())) {
    throw new Open311Error(
      400,
      `${name} must be a W3C date and time, such as 2026-11-20T10:00:00Z`,
    );
  }
  return date;
}

/** A comma-separated list of a query, each item checked. */
function listField(value: unknown, name: string): string[] | undefined {
  const text = field(value, name, 2_000);
  return text
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function jurisdiction(value: unknown): CityKey | undefined {
  const key = field(value, 'jurisdiction_id', 100);
  if (key === undefined) return undefined;
  if (!isCity(key)) throw new Open311Error(404, `jurisdiction_id not found: ${key}`);
  return key;
}

function presentService(code: ReportCategory): Open311Service {
  const service = OPEN311_SERVICES[code];
  return {
    service_code: code,
    service_name: service.name,
    description: service.description,
    metadata: false,
    type: 'realtime',
    keywords: service.keywords,
    // The department a category goes to unless a city changed it.
    group: OPEN311_AGENCIES[DEFAULT_REPORT_CATEGORY_SETTINGS[code].department],
  };
}

function presentRequest(
  report: PublicReport & { mediaUrl: string | null },
  origin: string,
): Open311Request {
  const photo = report.photos[0];
  return {
    service_request_id: report.id,
    status: isOpenReport(report) ? 'open' : 'closed',
    status_notes: report.statusNote,
    service_name: OPEN311_SERVICES[report.category].name,
    service_code: report.category,
    description: report.description === '' ? null : report.description,
    agency_responsible: OPEN311_AGENCIES[report.department],
    service_notice: null,
    requested_datetime: report.createdAt,
    updated_datetime: report.updatedAt,
    expected_datetime: report.dueAt,
    address:
      report.address ??
      (report.area
        ? (CITY_AREAS[report.city].find((a) => a.key === report.area)?.name ?? null)
        : null),
    address_id: null,
    zipcode: null,
    lat: report.lat,
    long: report.lng,
    media_url: photo ? `${origin}${photo.url}` : report.mediaUrl,
  };
}

/** The query string's parameters, the first of each name. */
function searchOf(c: Context): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URL(c.req.url).searchParams) params[name] ??= value;
  return params;
}

/** A form's fields, from `application/x-www-form-urlencoded` or `multipart/form-data`. */
async function formOf(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    throw new Open311Error(415, 'Send the request as application/x-www-form-urlencoded');
  }
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > OPEN311_MAX_BODY_BYTES) {
    throw new Open311Error(413, `The form is over ${OPEN311_MAX_BODY_BYTES / 1024} KB`);
  }
  const body = await c.req.arrayBuffer();
  if (body.byteLength > OPEN311_MAX_BODY_BYTES) {
    throw new Open311Error(413, `The form is over ${OPEN311_MAX_BODY_BYTES / 1024} KB`);
  }
  const request = new Request(c.req.url, {
    method: 'POST',
    headers: { 'content-type': c.req.header('content-type')! },
    body,
  });
  try {
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form) {
      // A field sent twice is refused where it is read, as a list rather than one text.
      fields[key] = key in fields ? [fields[key], value] : value;
    }
    return fields;
  } catch {
    throw new Open311Error(400, 'The form could not be read');
  }
}

/**
 * Open311 GeoReport v2 under `/open311/v2`: the services (report categories), the requests
 * (reports, without personal data) and new requests from reporter apps (`api_key`, a device key of
 * the `reporter` kind).
 */
export function open311Routes(deps: { reports: ReportsService; deviceKeys: DeviceKeysService }) {
  const router = new Hono();

  router.onError((err, c) => {
    if (err instanceof Open311Error) {
      return c.json([{ code: err.status, description: err.message }], err.status);
    }
    if (err instanceof DomainError) {
      const status = STATUS_OF[err.kind];
      return c.json([{ code: status, description: err.message }], status);
    }
    throw err;
  });
  router.notFound((c) =>
    c.json([{ code: 404, description: 'Not found: see /open311/v2/services.json' }], 404),
  );

  router.get('/discovery.json', (c) =>
    c.json({
      changeset: '2026-12-07T00:00:00Z',
      contact: 'The city administration',
      key_service: 'Reporter app keys are issued by the administrators (Settings → Device keys)',
      endpoints: [
        {
          specification: 'http://wiki.open311.org/GeoReport_v2',
          url: `${new URL(c.req.url).origin}/open311/v2`,
          changeset: '2026-12-07T00:00:00Z',
          type: 'production',
          formats: ['application/json'],
        },
      ],
    }),
  );

  router.get('/:file{services\\.[a-z]+}', (c) => {
    jsonName(c.req.param('file'));
    jurisdiction(searchOf(c).jurisdiction_id);
    return c.json(REPORT_CATEGORIES.map(presentService));
  });

  router.get('/services/:file', (c) => {
    const code = jsonName(c.req.param('file'));
    jurisdiction(searchOf(c).jurisdiction_id);
    if (!isCategory(code)) throw new Open311Error(404, `service_code not found: ${code}`);
    // No service asks for attributes of its own (metadata is false for every one).
    return c.json({ service_code: code, attributes: [] });
  });

  router.get('/:file{requests\\.[a-z]+}', async (c) => {
    jsonName(c.req.param('file'));
    const query = searchOf(c);
    const city = jurisdiction(query.jurisdiction_id);
    const origin = new URL(c.req.url).origin;
    const ids = listField(query.service_request_id, 'service_request_id');
    if (ids !== undefined) {
      if (ids.some((id) => !isReportNumber(id))) return c.json([]);
      const found = await deps.reports.forOpen311({ ids, city, limit: OPEN311_MAX_REQUESTS });
      return c.json(found.map((r) => presentRequest(r, origin)));
    }
    const codes = listField(query.service_code, 'service_code');
    if (codes?.some((code) => !isCategory(code))) {
      throw new Open311Error(404, `service_code not found: ${codes.find((x) => !isCategory(x))}`);
    }
    const statuses = listField(query.status, 'status');
    if (statuses?.some((s) => s !== 'open' && s !== 'closed')) {
      throw new Open311Error(400, 'status must be open, closed or both');
    }
    const end = dateField(query.end_date, 'end_date');
    const start =
      dateField(query.start_date, 'start_date') ??
      new Date((end?.getTime() ?? Date.now()) - OPEN311_DEFAULT_DAYS * 86_400_000);
    if (end && end < start) throw new Open311Error(400, 'end_date is before start_date');
    let box;
    const bbox = listField(query.bbox, 'bbox');
    if (bbox !== undefined) {
      const [west, south, east, north] = bbox.map(Number);
      if (
        bbox.length !== 4 ||
        [west, south, east, north].some((n) => n === undefined || !Number.isFinite(n)) ||
        south! > north! ||
        west! > east!
      ) {
        throw new Open311Error(400, 'bbox must be west,south,east,north in degrees');
      }
      box = { west: west!, south: south!, east: east!, north: north! };
    }
    const wanted = statuses && statuses.length === 1 ? statuses[0] : undefined;
    const found = await deps.reports.forOpen311({
      city,
      categories: codes,
      statuses:
        wanted === 'open'
          ? OPEN_REPORT_STATUSES
          : wanted === 'closed'
            ? ['closed', 'rejected']
            : undefined,
      from: start,
      to: end,
      box,
      limit: OPEN311_MAX_REQUESTS,
    });
    return c.json(found.map((r) => presentRequest(r, origin)));
  });

  router.get('/requests/:file', async (c) => {
    const id = jsonName(c.req.param('file'));
    const city = jurisdiction(searchOf(c).jurisdiction_id);
    const found = isReportNumber(id)
      ? await deps.reports.forOpen311({ ids: [id], city, limit: 1 })
      : [];
    if (found.length === 0) throw new Open311Error(404, `service_request_id not found: ${id}`);
    return c.json(found.map((r) => presentRequest(r, new URL(c.req.url).origin)));
  });

  router.post('/:file{requests\\.[a-z]+}', async (c) => {
    jsonName(c.req.param('file'));
    const form = await formOf(c);
    const key = field(form.api_key ?? searchOf(c).api_key, 'api_key', 200);
    const app = key ? await deps.deviceKeys.verify(key) : null;
    if (!app || app.kind !== 'reporter') {
      throw new Open311Error(403, 'api_key is missing, unknown, revoked or not a reporter app key');
    }
    const code = field(form.service_code, 'service_code', 100);
    if (code === undefined) throw new Open311Error(400, 'service_code is required');
    if (!isCategory(code)) throw new Open311Error(404, `service_code not found: ${code}`);
    if (form.lat === undefined || form.long === undefined) {
      throw new Open311Error(
        400,
        'lat and long are required: this server does not look up address_string or address_id',
      );
    }
    const lat = numberField(form.lat, 'lat', -90, 90);
    const lng = numberField(form.long, 'long', -180, 180);
    const named = jurisdiction(form.jurisdiction_id);
    const city = named ?? app.city ?? (await deps.reports.cityAt(lat, lng));
    if (!city) throw new Open311Error(400, 'lat and long are outside every jurisdiction');
    if (app.city && app.city !== city) {
      throw new Open311Error(403, `This api_key makes requests in ${app.city} only`);
    }
    const mediaUrl = field(form.media_url, 'media_url', 2_048);
    if (mediaUrl !== undefined && !isHttpUrl(mediaUrl)) {
      throw new Open311Error(400, 'media_url must be an http or https address');
    }
    const first = field(form.first_name, 'first_name', 100);
    const last = field(form.last_name, 'last_name', 100);
    const report = await deps.reports.createFromOpen311(
      {
        city,
        category: code,
        description: field(form.description, 'description', REPORT_DESCRIPTION_MAX_LENGTH) ?? '',
        lat,
        lng,
        address: field(form.address_string, 'address_string', REPORT_ADDRESS_MAX_LENGTH),
        name: [first, last].filter(Boolean).join(' ') || undefined,
        email: field(form.email, 'email', 254),
        phone: field(form.phone, 'phone', 40),
        mediaUrl,
      },
      { keyId: app.keyId },
    );
    return c.json([{ service_request_id: report.id, service_notice: null, account_id: null }], 201);
  });

  return router;
}
