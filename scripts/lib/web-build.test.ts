import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentBuildName, ensureWebBuild, webInputsHash } from './web-build';

let root: string;
let webDir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'smart-city-web-build-'));
  webDir = path.join(root, 'apps', 'web');
  await mkdir(path.join(webDir, 'src'), { recursive: true });
  await writeFile(path.join(webDir, 'src', 'main.tsx'), 'render(1);');
  await writeFile(path.join(root, 'package-lock.json'), '{}');
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** A stand-in for Vite: writes a page saying `label` and a hashed asset. */
function fakeBuild(label: string, calls: string[] = []) {
  return async (outDir: string) => {
    calls.push(outDir);
    await mkdir(path.join(outDir, 'assets'), { recursive: true });
    await writeFile(path.join(outDir, 'index.html'), `<p>${label}</p>`);
    await writeFile(path.join(outDir, 'assets', `${label}.js`), label);
  };
}

const served = () => readFile(path.join(webDir, 'dist', 'index.html'), 'utf8');

describe('the web app build', () => {
  it('builds into a folder of its own and links dist to it, then skips while the inputs stay the same', async () => {
    const calls: string[] = [];
    const first = await ensureWebBuild({
      webDir,
      inputs: 'a'.repeat(64),
      build: fakeBuild('one', calls),
    });
    expect(first.built).toBe(true);
    expect((await lstat(path.join(webDir, 'dist'))).isSymbolicLink()).toBe(true);
    expect(await currentBuildName(webDir)).toBe(first.name);
    expect(await served()).toBe('<p>one</p>');

    const again = await ensureWebBuild({
      webDir,
      inputs: 'a'.repeat(64),
      build: fakeBuild('two', calls),
    });
    expect(again).toEqual({ name: first.name, built: false });
    expect(calls).toHaveLength(1);
    expect(await served()).toBe('<p>one</p>');
  });

  it('keeps serving the current build, whole, while the next one is written', async () => {
    await ensureWebBuild({ webDir, inputs: 'a'.repeat(64), build: fakeBuild('one') });
    const seenDuringBuild: string[] = [];
    await ensureWebBuild({
      webDir,
      inputs: 'b'.repeat(64),
      build: async (outDir) => {
        await mkdir(outDir, { recursive: true });
        await writeFile(path.join(outDir, 'index.html'), '<p>two</p>');
        seenDuringBuild.push(await served());
        await fakeBuild('two')(outDir);
        seenDuringBuild.push(await served());
      },
    });
    expect(seenDuringBuild).toEqual(['<p>one</p>', '<p>one</p>']);
    expect(await served()).toBe('<p>two</p>');
  });

  it('switches back to a kept build with the same inputs without building, and keeps two earlier builds', async () => {
    const calls: string[] = [];
    let clock = Date.parse('2026-11-21T10:00:00Z');
    const now = () => new Date((clock += 1_000));
    const one = await ensureWebBuild({
      webDir,
      inputs: 'a'.repeat(64),
      build: fakeBuild('one', calls),
      now,
    });
    await ensureWebBuild({ webDir, inputs: 'b'.repeat(64), build: fakeBuild('two', calls), now });
    const back = await ensureWebBuild({
      webDir,
      inputs: 'a'.repeat(64),
      build: fakeBuild('x', calls),
      now,
    });
    expect(back).toEqual({ name: one.name, built: false });
    expect(calls).toHaveLength(2);
    expect(await served()).toBe('<p>one</p>');

    await ensureWebBuild({ webDir, inputs: 'c'.repeat(64), build: fakeBuild('three', calls), now });
    await ensureWebBuild({ webDir, inputs: 'd'.repeat(64), build: fakeBuild('four', calls), now });
    const builds = (await readdir(path.join(webDir, 'builds'))).sort();
    // The current build and the two newest before it; the oldest is gone.
    expect(builds).toHaveLength(3);
    expect(builds.some((name) => name.startsWith('a'))).toBe(false);
  });

  it('builds again when forced', async () => {
    const calls: string[] = [];
    await ensureWebBuild({ webDir, inputs: 'a'.repeat(64), build: fakeBuild('one', calls) });
    const forced = await ensureWebBuild({
      webDir,
      inputs: 'a'.repeat(64),
      build: fakeBuild('two', calls),
      force: true,
    });
    expect(forced.built).toBe(true);
    expect(calls).toHaveLength(2);
    expect(await served()).toBe('<p>two</p>');
  });

  it('leaves the current build served and nothing behind when a build fails', async () => {
    await ensureWebBuild({ webDir, inputs: 'a'.repeat(64), build: fakeBuild('one') });
    await expect(
      ensureWebBuild({
        webDir,
        inputs: 'b'.repeat(64),
        build: async (outDir) => {
          await fakeBuild('half')(outDir);
          throw new Error('a type error');
        },
      }),
    ).rejects.toThrow('a type error');
    expect(await served()).toBe('<p>one</p>');
    expect(await readdir(path.join(webDir, 'builds'))).toHaveLength(1);
  });

  it('replaces a plain dist folder left by an older build', async () => {
    await mkdir(path.join(webDir, 'dist'));
    await writeFile(path.join(webDir, 'dist', 'index.html'), '<p>old</p>');
    await ensureWebBuild({ webDir, inputs: 'a'.repeat(64), build: fakeBuild('one') });
    expect(await served()).toBe('<p>one</p>');
    expect((await lstat(path.join(webDir, 'dist'))).isSymbolicLink()).toBe(true);
  });
});

describe('the inputs of a build', () => {
  it('change with a source file, the lockfile or a VITE_ variable, but not with tests or builds', async () => {
    const base = await webInputsHash(root, {});
    await writeFile(path.join(webDir, 'src', 'main.test.tsx'), 'test();');
    await mkdir(path.join(webDir, 'builds', 'x'), { recursive: true });
    await writeFile(path.join(webDir, 'builds', 'x', 'index.html'), '<p>built</p>');
    await symlink(path.join('builds', 'x'), path.join(webDir, 'dist'));
    expect(await webInputsHash(root, {})).toBe(base);
    expect(await webInputsHash(root, { VITE_API: 'https://x' })).not.toBe(base);
    expect(await webInputsHash(root, { HOME: '/root' })).toBe(base);
    // Always a production build: a test runner's NODE_ENV=test makes the same one.
    expect(await webInputsHash(root, { NODE_ENV: 'test' })).toBe(base);

    await writeFile(path.join(webDir, 'src', 'main.tsx'), 'render(2);');
    const edited = await webInputsHash(root, {});
    expect(edited).not.toBe(base);
    await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await webInputsHash(root, {})).not.toBe(edited);
  });
});
