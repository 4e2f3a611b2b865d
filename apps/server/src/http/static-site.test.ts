import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaticSite } from './static-site';

let webDir: string;
beforeEach(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'smart-city-site-'));
});
afterEach(() => rm(webDir, { recursive: true, force: true }));

/** A finished build as the build script leaves it: a page, a hashed asset and its record. */
async function build(name: string, asset: string, record = true) {
  const folder = path.join(webDir, 'builds', name);
  await mkdir(path.join(folder, 'assets'), { recursive: true });
  await writeFile(path.join(folder, 'index.html'), `<p>${name}</p>`);
  await writeFile(path.join(folder, 'assets', asset), `/* ${name} */`);
  if (record) await writeFile(path.join(folder, '.build.json'), '{}');
}

/** Points dist at a build the way the build script does: a new link renamed over the old. */
async function link(name: string) {
  const temporary = path.join(webDir, '.dist-new');
  await symlink(path.join('builds', name), temporary);
  await rename(temporary, path.join(webDir, 'dist'));
}

function site() {
  const app = new Hono();
  app.get('*', createStaticSite(path.join(webDir, 'dist')));
  return app;
}

describe('the static site over switched builds', () => {
  it('serves the build dist links to, and the next one from the request after the switch', async () => {
    await build('one', 'one-aaa.js');
    await build('two', 'two-bbb.js');
    await link('one');
    const app = site();
    expect(await (await app.request('/dashboard')).text()).toBe('<p>one</p>');
    await link('two');
    expect(await (await app.request('/dashboard')).text()).toBe('<p>two</p>');
    expect(await (await app.request('/assets/two-bbb.js')).text()).toBe('/* two */');
  });

  it('serves a page loaded before the switch the chunks of its build, from the builds kept beside it', async () => {
    await build('one', 'one-aaa.js');
    await build('two', 'two-bbb.js');
    await link('two');
    const res = await site().request('/assets/one-aaa.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('/* one */');
    expect((await site().request('/assets/none-ccc.js')).status).toBe(404);
  });

  it('looks in no other folder when the web app folder is not one of the build script builds', async () => {
    await build('one', 'one-aaa.js', false);
    await build('two', 'two-bbb.js', false);
    await link('two');
    expect((await site().request('/assets/one-aaa.js')).status).toBe(404);
  });
});
