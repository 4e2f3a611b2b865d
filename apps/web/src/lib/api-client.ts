import { apiErrorSchema } from '@smart-city/shared';

interface Schema<T> {
  parse(data: unknown): T;
}

/** A failed API call: the HTTP status plus the server's `{ error: { code, message } }` when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The message the server wrote, if any; `message` falls back to the status line. */
  readonly serverMessage: string | null;

  constructor(
    status: number,
    statusText: string,
    code: string | null,
    serverMessage: string | null,
  ) {
    super(serverMessage ?? `${status} ${statusText}`.trim());
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
}

/**
 * Pulls a human-readable message out of an error body. The API uses `{ error: { message } }`;
 * the auth endpoints answer `{ message }`.
 */
export function errorMessageOf(body: unknown): string | null {
  const apiError = apiErrorSchema.safeParse(body);
  if (apiError.success) return apiError.data.error.message;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
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
  const apiError = apiErrorSchema.safeParse(body);
  return new ApiRequestError(
    response.status,
    response.statusText,
    apiError.success ? apiError.data.error.code : null,
    errorMessageOf(body),
  );
}

/** GET a JSON resource under /api and validate it against its contract schema. */
export async function apiGet<T>(path: string, schema: Schema<T>, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await toRequestError(response);
  return schema.parse(await response.json());
}

/** POST a JSON body under /api; resolves with the parsed response body (or null when empty). */
export async function apiPost(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toRequestError(response);
  return readJson(response);
}
