import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { diskPhotoStore, photoStoreFor, type PhotoStore, s3PhotoStore } from './photo-store';

const KEY = '0b9f7c1e-3d2a-4f5b-8c6d-7e8f9a0b1c2d.jpg';

/** What every store does with a photo: keeps it, gives it back, forgets it. */
async function expectRoundTrip(store: PhotoStore) {
  const photo = randomBytes(50_000);
  expect(await store.get(KEY)).toBeNull();
  await store.put(KEY, photo, 'image/jpeg');
  expect(await store.get(KEY)).toEqual(photo);
  await store.delete(KEY);
  expect(await store.get(KEY)).toBeNull();
  await store.delete(KEY);
}

describe('the disk photo store', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'report-photos-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps, gives back and forgets a photo, making its folder on the first one', async () => {
    const folder = path.join(root, 'data', 'report-photos');
    const store = diskPhotoStore(folder);
    expect(store.kind).toBe('disk');

    await expectRoundTrip(store);

    await store.put(KEY, Buffer.from('photo'), 'image/jpeg');
    await store.put(KEY, Buffer.from('replaced'), 'image/jpeg');
    // Only the photo itself: nothing of the writes aside is left behind.
    expect(await readdir(folder)).toEqual([KEY]);
    expect((await store.get(KEY))?.toString()).toBe('replaced');
  });

  it('refuses a key that could name another file', async () => {
    const store = diskPhotoStore(path.join(root, 'keys'));
    for (const key of ['../escape.jpg', 'a/b.jpg', 'UPPER.jpg', 'photo.png', '.jpg', 'x.jpg.tmp']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
        'Not a photo key',
      );
      await expect(store.get(key)).rejects.toThrow('Not a photo key');
      await expect(store.delete(key)).rejects.toThrow('Not a photo key');
    }
    await expect(readdir(root)).resolves.not.toContain('escape.jpg');
  });

  it('is the store when no bucket is configured', () => {
    const store = photoStoreFor(loadConfig({ DATA_DIR: root }));
    expect(store.kind).toBe('disk');
  });
});

/** Just enough of S3's path-style REST API to store, read and delete objects. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
      requests.push({ method: req.method ?? '', url, headers: req.headers });
      const object = objects.get(url);
      if (req.method === 'PUT') {
        objects.set(url, {
          body: Buffer.concat(chunks),
          type: req.headers['content-type'] ?? '',
        });
        res.writeHead(200, { etag: '"1"' }).end();
      } else if (req.method === 'DELETE') {
        objects.delete(url);
        res.writeHead(204).end();
      } else if (req.method === 'GET' && object) {
        res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
        res.end(object.body);
      } else {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code>' +
            `<Message>The specified key does not exist.</Message><Key>${url}</Key></Error>`,
        );
      }
    });
  });
  return { server, objects, requests };
}

describe('the S3 photo store', () => {
  const s3 = fakeS3();
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    s3.server.closeAllConnections();
    await new Promise((resolve) => s3.server.close(resolve));
  });

  it('keeps photos in the bucket under its prefix, with signed requests', async () => {
    const store = photoStoreFor(
      loadConfig({
        REPORT_PHOTOS_S3_BUCKET: 'city-photos',
        REPORT_PHOTOS_S3_ENDPOINT: endpoint,
        REPORT_PHOTOS_S3_FORCE_PATH_STYLE: 'on',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      }),
    );
    expect(store.kind).toBe('s3');

    await store.put(KEY, Buffer.from('a photo'), 'image/jpeg');

    expect(s3.objects.get(`/city-photos/report-photos/${KEY}`)).toEqual({
      body: Buffer.from('a photo'),
      type: 'image/jpeg',
    });
    expect(s3.requests.at(-1)?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, /,
    );
    expect((await store.get(KEY))?.toString()).toBe('a photo');
  });

  it('gives back, forgets and misses photos as the disk store does', async () => {
    const store = s3PhotoStore({
      bucket: 'city-photos',
      region: 'eu-central-1',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });

    await expectRoundTrip(store);

    expect(s3.requests.map((r) => r.method)).toContain('DELETE');
    for (const request of s3.requests) {
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    }
    await expect(store.get('../other-bucket/x.jpg')).rejects.toThrow('Not a photo key');
  });
});
