import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** Vite puts content-hashed files under /assets/: their URL changes whenever their bytes do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
const REVALIDATE = 'no-cache';

type LoadedFile = { body: Uint8Array; etag: string };

/**
 * Serves the built web app: real files with cache headers fitting their names, and index.html for
 * every other path so client-side routes survive a reload.
 */
export function createStaticSite(distDir: string) {
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');

  async function load(file: string): Promise<LoadedFile | null> {
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      const body = await readFile(file);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      return { body, etag };
    } catch {
      return null;
    }
  }

  function send(c: Context, file: LoadedFile, contentType: string, cacheControl: string) {
    c.header('Cache-Control', cacheControl);
    c.header('ETag', file.etag);
    if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304);
    c.header('Content-Type', contentType);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200);
  }

  return async function serveSite(c: Context) {
    let requested: string;
    try {
      requested = decodeURIComponent(c.req.path);
    } catch {
      requested = '/';
    }
    const candidate = path.resolve(root, '.' + path.posix.normalize(requested));
    const inside = candidate.startsWith(root + path.sep);
    const ext = path.extname(candidate).toLowerCase();

    if (inside && ext && candidate !== indexPath) {
      const file = await load(candidate);
      if (file) {
        const isHashed = requested.startsWith('/assets/');
        return send(
          c,
          file,
          CONTENT_TYPES[ext] ?? 'application/octet-stream',
          isHashed ? IMMUTABLE : SHORT,
        );
      }
      // A missing hashed asset is a real 404 (an old tab after a deploy), not the app shell.
      if (requested.startsWith('/assets/')) return c.text('Not found', 404);
    }

    const index = await load(indexPath);
    if (!index) {
      return c.text('The web app has not been built yet. Run `npm run build`, then reload.', 503);
    }
    return send(c, index, CONTENT_TYPES['.html']!, REVALIDATE);
  };
}
