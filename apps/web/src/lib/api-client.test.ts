import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { apiGet, apiPost, ApiRequestError, errorMessageOf, userFacingMessage } from './api-client';

const numberSchema = {
  parse(data: unknown) {
    if (typeof data !== 'number') throw new Error('not a number');
    return data;
  },
};

describe('api client', () => {
  it('returns the parsed body', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(42)));
    await expect(apiGet('/api/answer', numberSchema)).resolves.toBe(42);
  });

  it("raises the server's error code and message", async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'No such city' } }, 404)),
    );
    const error = await apiGet('/api/cities/paris', numberSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'No such city' });
  });

  it('falls back to the status line when the body has no message', async () => {
    stubFetch(() =>
      Promise.resolve(new Response('oops', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await apiGet('/api/x', numberSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ serverMessage: null, message: '502 Bad Gateway' });
  });

  it("asks in the page's language, so the e-mails a request sends are written in it", async () => {
    const fetchSpy = stubFetch(() => Promise.resolve(jsonResponse(42)));
    const languageOf = (call: number) =>
      new Headers(fetchSpy.mock.calls[call]![1]!.headers).get('Accept-Language');
    document.documentElement.lang = 'bn-IN';
    try {
      await apiGet('/api/answer', numberSchema);
      await apiPost('/api/auth/request-password-reset', { email: 'a@b.in' });
      expect([languageOf(0), languageOf(1)]).toEqual(['bn-IN', 'bn-IN']);
    } finally {
      document.documentElement.lang = 'en-IN';
    }
  });

  it('reads both error body shapes', () => {
    expect(errorMessageOf({ error: { code: 'x', message: 'API says no' } })).toBe('API says no');
    expect(errorMessageOf({ code: 'INVALID', message: 'Invalid email or password' })).toBe(
      'Invalid email or password',
    );
    expect(errorMessageOf({ message: '  ' })).toBeNull();
    expect(errorMessageOf('text')).toBeNull();
  });
});

describe('userFacingMessage', () => {
  const refused = new ApiRequestError(409, 'Conflict', 'conflict', 'Alert is already resolved');

  it("shows the server's words on an English page, never on a Hindi or Bengali one", () => {
    document.documentElement.lang = 'en-IN';
    expect(userFacingMessage(refused)).toBe('Alert is already resolved');
    document.documentElement.lang = 'hi-IN';
    expect(userFacingMessage(refused)).toBeNull();
    document.documentElement.lang = 'bn-IN';
    expect(userFacingMessage(refused)).toBeNull();
    document.documentElement.lang = 'en-IN';
  });

  it('says nothing of a server fault or a missing endpoint', () => {
    expect(
      userFacingMessage(new ApiRequestError(500, 'Error', 'internal', 'Internal error')),
    ).toBeNull();
    expect(
      userFacingMessage(new ApiRequestError(404, 'Not Found', 'not_found', 'Not found')),
    ).toBeNull();
  });
});
