import { describe, expect, it } from 'vitest';
import { NOTICE_ENDPOINTS, REPORT_ENDPOINTS } from '@smart-city/shared';
import { jsonBodyOf, jsonResponse, stubFetch } from '../test/fetch-stub';
import {
  ApiRequestError,
  errorMessageOf,
  request,
  requestAt,
  upload,
  userFacingMessage,
} from './api-client';

const numberSchema = {
  parse(data: unknown) {
    if (typeof data !== 'number') throw new Error('not a number');
    return data;
  },
};

describe('api client', () => {
  it('returns the parsed body', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(42)));
    await expect(
      requestAt({ method: 'get', path: '/api/answer' }, {}, { check: numberSchema }),
    ).resolves.toBe(42);
  });

  it('refuses an answer its check refuses, and gives an empty answer as null', async () => {
    stubFetch(() => Promise.resolve(jsonResponse('forty-two')));
    await expect(
      requestAt({ method: 'get', path: '/api/answer' }, {}, { check: numberSchema }),
    ).rejects.toThrow('not a number');
    const fetchSpy = stubFetch(() => Promise.resolve(new Response(null, { status: 200 })));
    await expect(requestAt({ method: 'post', path: '/api/auth/sign-out' })).resolves.toBeNull();
    expect(fetchSpy.mock.calls[0]![1]?.body).toBe('{}');
  });

  it("raises the server's error code and message", async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'No such city' } }, 404)),
    );
    const error = await requestAt({ method: 'get', path: '/api/cities/paris' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'No such city' });
  });

  it('falls back to the status line when the body has no message', async () => {
    stubFetch(() =>
      Promise.resolve(new Response('oops', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await requestAt({ method: 'get', path: '/api/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ serverMessage: null, message: '502 Bad Gateway' });
  });

  it("asks in the page's language, so the e-mails a request sends are written in it", async () => {
    const fetchSpy = stubFetch(() => Promise.resolve(jsonResponse(42)));
    const languageOf = (call: number) =>
      new Headers(fetchSpy.mock.calls[call]![1]!.headers).get('Accept-Language');
    document.documentElement.lang = 'bn-IN';
    try {
      await requestAt({ method: 'get', path: '/api/answer' });
      await requestAt(
        { method: 'post', path: '/api/auth/request-password-reset' },
        { body: { email: 'a@b.in' } },
      );
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

  describe('a declared endpoint', () => {
    const notice = {
      id: 'n 1',
      title: 'Water cut',
      content: 'No water on Tuesday in Salt Lake.',
      imageUrl: null,
      videoUrl: null,
      linkUrl: null,
      author: 'admin',
      createdAt: '2026-12-01T10:00:00.000Z',
    };

    it('is called at its path with its method and body, and its answer is checked', async () => {
      const fetchSpy = stubFetch(() => Promise.resolve(jsonResponse({ data: notice })));
      const change = { title: 'Water cut on Tuesday' };
      await expect(
        request(NOTICE_ENDPOINTS.update, { params: { id: 'n 1' }, body: change }),
      ).resolves.toEqual({ data: notice });
      const [url, init] = fetchSpy.mock.calls[0]!;
      expect(url).toBe('/api/notices/n%201');
      expect(init?.method).toBe('PATCH');
      expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
      expect(jsonBodyOf(init)).toEqual(change);
    });

    it('refuses an answer that is not what the contract says', async () => {
      stubFetch(() => Promise.resolve(jsonResponse({ data: { id: 'n 1' } })));
      await expect(request(NOTICE_ENDPOINTS.get, { params: { id: 'n 1' } })).rejects.toThrow();
    });

    it('resolves with nothing on 204, and sends no body with a DELETE', async () => {
      const fetchSpy = stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
      await expect(
        request(NOTICE_ENDPOINTS.remove, { params: { id: 'n1' } }),
      ).resolves.toBeUndefined();
      expect(fetchSpy.mock.calls[0]![1]?.body).toBeUndefined();
      expect(fetchSpy.mock.calls[0]![1]?.method).toBe('DELETE');
    });

    it("raises the server's error shape", async () => {
      stubFetch(() =>
        Promise.resolve(
          jsonResponse(
            { error: { code: 'forbidden', message: 'Only admins publish notices' } },
            403,
          ),
        ),
      );
      const error = await request(NOTICE_ENDPOINTS.create, {
        body: { title: 'Hello', content: 'A notice for the city.' },
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    });
  });

  describe('an upload', () => {
    const stored = { id: 'photo-1', url: '/photos/photo-1', width: 800, height: 600 };
    const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

    it('sends the file itself as the body, with its own Content-Type, and checks the answer', async () => {
      const fetchSpy = stubFetch(() => Promise.resolve(jsonResponse(stored, 201)));
      const file = photo();
      await expect(upload(REPORT_ENDPOINTS.uploadPhoto, file, {})).resolves.toEqual(stored);
      const [url, init] = fetchSpy.mock.calls[0]!;
      expect(url).toBe('/api/reports/photos');
      expect(init?.method).toBe('POST');
      expect(init?.body).toBe(file);
      expect(init?.credentials).toBe('same-origin');
      const headers = new Headers(init?.headers);
      expect(headers.get('Content-Type')).toBe('image/jpeg');
      expect(headers.get('Accept')).toBe('application/json');
    });

    it('refuses an answer that is not what the contract says', async () => {
      stubFetch(() => Promise.resolve(jsonResponse({ id: 'photo-1' }, 201)));
      await expect(upload(REPORT_ENDPOINTS.uploadPhoto, photo(), {})).rejects.toThrow();
    });

    it("raises the server's refusal of a file too large", async () => {
      stubFetch(() =>
        Promise.resolve(
          jsonResponse({ error: { code: 'too_large', message: 'Larger than 5 MB' } }, 413),
        ),
      );
      const error = await upload(REPORT_ENDPOINTS.uploadPhoto, photo(), {}).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(error).toMatchObject({
        status: 413,
        code: 'too_large',
        serverMessage: 'Larger than 5 MB',
      });
    });
  });
});
