import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
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
 * Written into each finished build by the web app's build script (scripts/lib/web-build.ts), which
 * keeps a few builds side by side and links `dist` to the current one.
 */
const BUILD_RECORD = '.build.json';

/**
 * Serves the built web app: real files with cache headers fitting their names, and index.html for
 * every other path so client-side routes survive a reload. Every request reads through `distDir`
 * afresh, so when it is a link that a new build replaces, the next request serves the new build;
 * a hashed asset the current build lacks is looked for in the builds kept beside it, so a page
 * loaded before the switch still gets its lazily loaded chunks.
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

  /** `requested` from another kept build, when `distDir` links to one of the build script's builds. */
  async function loadFromEarlierBuild(requested: string): Promise<LoadedFile | null> {
    let current: string;
    try {
      current = await realpath(root);
      await stat(path.join(current, BUILD_RECORD));
    } catch {
      return null;
    }
    const builds = path.dirname(current);
    const names = await readdir(builds).catch(() => [] as string[]);
    for (const name of names.sort().reverse()) {
      if (name.startsWith('.')) continue;
      const folder = path.join(builds, name);
      if (folder === current) continue;
      const candidate = path.resolve(folder, '.' + path.posix.normalize(requested));
      if (!candidate.startsWith(folder + path.sep)) continue;
      const file = await load(candidate);
      if (file) return file;
    }
    return null;
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
      const isHashed = requested.startsWith('/assets/');
      const file =
        (await load(candidate)) ?? (isHashed ? await loadFromEarlierBuild(requested) : null);
      if (file) {
        return send(
          c,
          file,
          CONTENT_TYPES[ext] ?? 'application/octet-stream',
          isHashed ? IMMUTABLE : SHORT,
        );
      }
      // A missing hashed asset is a real 404 (an old tab after a deploy), not the app shell.
      if (isHashed) return c.text('Not found', 404);
    }

    const index = await load(indexPath);
    if (!index) {
      return c.text('The web app has not been built yet. Run `npm run build`, then reload.', 503);
    }
    return send(c, index, CONTENT_TYPES['.html']!, REVALIDATE);
  };
}
