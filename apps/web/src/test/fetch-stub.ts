import { vi } from 'vitest';
import { CITIES } from './city-fixtures';

export type FetchHandler = (url: string, init: RequestInit | undefined) => Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces global fetch for one test (the setup file unstubs it afterwards). */
export function stubFetch(handler: FetchHandler) {
  const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    handler(typeof input === 'string' ? input : input.toString(), init),
  );
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

/** GET /api/cities answers with the three cities; anything else is a 404. */
export function stubCitiesApi() {
  return stubFetch((url) =>
    Promise.resolve(
      url === '/api/cities'
        ? jsonResponse(CITIES)
        : jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404),
    ),
  );
}

/** A request that never answers, to hold the app in its loading state. */
export function stubPendingFetch() {
  return stubFetch(() => new Promise<Response>(() => {}));
}
