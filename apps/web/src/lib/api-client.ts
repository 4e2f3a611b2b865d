import { pathOf } from '@smart-city/shared';
import type {
  Endpoint,
  EndpointAddress,
  EndpointInput,
  EndpointOutput,
  HttpMethod,
} from '@smart-city/shared';
import { isRecord } from './answer-checks';
import type { AnswerCheck } from './answer-checks';

/** One failing field of a 400, as the API lists them in `error.details`. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A failed API call: the HTTP status plus what the server said. The API answers
 * `{ error: { code, message, details? } }`; the account endpoints answer `{ code, message }`.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The message the server wrote, if any; `message` falls back to the status line. */
  readonly serverMessage: string | null;
  /** The failing fields of an invalid request, when the server named them. */
  readonly fieldIssues: readonly FieldIssue[];

  constructor(
    status: number,
    statusText: string,
    code: string | null,
    serverMessage: string | null,
    fieldIssues: readonly FieldIssue[] = [],
  ) {
    super(serverMessage ?? `${status} ${statusText}`.trim());
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.fieldIssues = fieldIssues;
  }
}

/** The API's error shape `{ error: { code, message, details? } }`, if the body has it. */
function apiErrorOf(body: unknown): { code: string; message: string; details?: unknown } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details } = body.error;
  return typeof code === 'string' && typeof message === 'string'
    ? { code, message, details }
    : null;
}

/**
 * Pulls a human-readable message out of an error body. The API uses `{ error: { message } }`;
 * the auth endpoints answer `{ message }`.
 */
export function errorMessageOf(body: unknown): string | null {
  const apiError = apiErrorOf(body);
  if (apiError) return apiError.message;
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') {
    return body.message;
  }
  return null;
}

function errorCodeOf(body: unknown): string | null {
  const apiError = apiErrorOf(body);
  if (apiError) return apiError.code;
  return isRecord(body) && typeof body.code === 'string' ? body.code : null;
}

function fieldIssuesOf(body: unknown): FieldIssue[] {
  const details = apiErrorOf(body)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (item): item is FieldIssue =>
      isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string',
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

async function toRequestError(response: Response): Promise<ApiRequestError> {
  const body = await readJson(response);
  return new ApiRequestError(
    response.status,
    response.statusText,
    errorCodeOf(body),
    errorMessageOf(body),
    fieldIssuesOf(body),
  );
}

/** Whether an error is the server saying the caller is not signed in (any more). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/**
 * The headers every request carries: JSON answers, and the language the page is shown in (its
 * `<html lang>`), so that an e-mail a request sends (an address to confirm, a password reset) is
 * written in it, whatever languages the browser itself asks for.
 */
function baseHeaders(): Record<string, string> {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return language
    ? { Accept: 'application/json', 'Accept-Language': language }
    : { Accept: 'application/json' };
}

/**
 * One request under /api with the headers every request carries; a JSON body when given. Throws
 * an ApiRequestError, with the server's error shape read, unless the answer is 2xx.
 */
async function call(
  method: HttpMethod,
  path: string,
  {
    body,
    file,
    headers,
    signal,
  }: {
    body?: unknown;
    /** Sent as the body itself, with its own media type, instead of JSON. */
    file?: Blob;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const sendsJson = body !== undefined;
  const response = await fetch(path, {
    method: method.toUpperCase(),
    headers: {
      ...baseHeaders(),
      ...(sendsJson && { 'Content-Type': 'application/json' }),
      ...(file && { 'Content-Type': file.type }),
      ...headers,
    },
    credentials: 'same-origin',
    signal,
    ...(sendsJson ? { body: JSON.stringify(body) } : file ? { body: file } : {}),
  });
  if (!response.ok) throw await toRequestError(response);
  return response;
}

/** How one call goes: its abort signal, extra headers (an Idempotency-Key), another answer check. */
export interface RequestOptions<T> {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Checks the answer instead of the endpoint's schema (one that also reads older servers). */
  check?: AnswerCheck<T>;
}

/** What a call by address passes: its path parameters, its query and its body. */
export interface AddressInput {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

async function send(
  address: EndpointAddress,
  input: AddressInput,
  options: Pick<RequestOptions<unknown>, 'signal' | 'headers'>,
) {
  const hasBody = address.method !== 'get' && address.method !== 'delete';
  return call(address.method, pathOf(address, input.params, input.query), {
    body: hasBody ? (input.body ?? {}) : undefined,
    headers: options.headers,
    signal: options.signal,
  });
}

/**
 * Calls a declared endpoint: fills in its path and query, sends the body as JSON, and checks the
 * answer against the endpoint's schema. A failure throws an ApiRequestError with the server's
 * error shape read; 204 resolves with nothing.
 */
export async function request<E extends Endpoint, T extends EndpointOutput<E> = EndpointOutput<E>>(
  endpoint: E,
  input: EndpointInput<E>,
  options: RequestOptions<T> = {},
): Promise<T> {
  const response = await send(endpoint, input as AddressInput, options);
  return checked(response, options.check ?? (endpoint.response as AnswerCheck<T> | undefined));
}

/** A success's body as the check reads it; nothing for 204 or an endpoint without a body. */
async function checked<T>(response: Response, check: AnswerCheck<T> | undefined): Promise<T> {
  if (!check || response.status === 204) return undefined as T;
  return check.parse(await readJson(response));
}

/** An endpoint whose body is a file (`upload`) rather than JSON. */
type UploadEndpoint = Endpoint & { readonly upload: NonNullable<Endpoint['upload']> };

/**
 * Sends a file to an upload endpoint: the file itself is the body, with its own Content-Type, and
 * the answer is checked against the endpoint's schema as `request` checks it. The caller checks the
 * type and size against the endpoint's `upload` first, so a person hears why before any byte goes;
 * the server refuses the rest with 415 and 413, thrown as an ApiRequestError.
 */
export async function upload<E extends UploadEndpoint>(
  endpoint: E,
  file: Blob,
  input: Pick<EndpointInput<E>, 'params'>,
  options: Pick<RequestOptions<EndpointOutput<E>>, 'signal'> = {},
): Promise<EndpointOutput<E>> {
  const path = pathOf(endpoint, (input as AddressInput).params);
  const response = await call(endpoint.method, path, { file, signal: options.signal });
  return checked(response, endpoint.response as AnswerCheck<EndpointOutput<E>> | undefined);
}

/**
 * Calls an endpoint known by its address alone: the account endpoints, whose answers are
 * better-auth's, and those the first page calls, which carry no schema there. The answer is
 * checked with `options.check`; without one it is the parsed body as it came (null when empty).
 */
export async function requestAt<T = unknown>(
  address: EndpointAddress,
  input: AddressInput = {},
  options: RequestOptions<T> = {},
): Promise<T> {
  const body = await readJson(await send(address, input, options));
  return options.check ? options.check.parse(body) : (body as T);
}

/**
 * Whether the server's own words may be shown: they are English, so not on a Hindi or Bengali
 * page, where each screen says in the reader's language what failed (and which field) instead.
 */
export function serverWordsShown(): boolean {
  return typeof document === 'undefined' || !/^(hi|bn)\b/.test(document.documentElement.lang);
}

/**
 * The message to show for a failed request: the server's own for a 4xx about the request on an
 * English page, else null (the screen's own words say it).
 */
export function userFacingMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  // A missing endpoint or a server fault says nothing useful to the person using the form.
  const aboutTheRequest = error.status >= 400 && error.status < 500 && error.status !== 404;
  return aboutTheRequest && serverWordsShown() ? error.serverMessage : null;
}
