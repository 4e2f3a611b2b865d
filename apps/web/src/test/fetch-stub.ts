import { vi } from 'vitest';
import { CITIES } from './city-fixtures';

export type FetchHandler = (url: string, init: RequestInit | undefined) => Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The address a fetch was called with, in whichever form it was given. */
export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The JSON a fetch sent, or undefined when it sent no text body. */
export function jsonBodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** Replaces global fetch for one test (the setup file unstubs it afterwards). */
export function stubFetch(handler: FetchHandler) {
  const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    handler(urlOf(input), init),
  );
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

/** Every address a stubbed fetch was asked for, in order. */
export function requestedUrls(fetchSpy: ReturnType<typeof stubFetch>): string[] {
  return fetchSpy.mock.calls.map(([input]) => urlOf(input));
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
