import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The built web app lives in `builds/<name>/` beside the web app's sources, and `dist` is a link
 * to the current one. A build is written into a folder of its own and the link is replaced in one
 * rename, so a running server (which reads through `dist` on every request) serves the old build
 * whole until the moment it serves the new one whole: never a half-written folder, never a 503.
 */
const BUILDS_FOLDER = 'builds';
const CURRENT_LINK = 'dist';
/** Written last into a finished build: a folder without it is not a build. */
const BUILD_RECORD = '.build.json';
/** Builds kept besides the current one, so pages loaded before a switch still find their chunks. */
const KEPT_BUILDS = 2;

type BuildRecord = { inputs: string; builtAt: string };

/** What a build reads, relative to the repository root: sources, shared packages, the lockfile. */
const INPUTS = [
  'apps/web',
  'packages/shared',
  'packages/ledger',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIPPED_FOLDERS = new Set(['node_modules', CURRENT_LINK, BUILDS_FOLDER, 'test-results']);
const isTestFile = (name: string) => /\.test\.tsx?$/.test(name);

async function filesUnder(root: string, rel: string, into: string[]): Promise<void> {
  const full = path.join(root, rel);
  const info = await stat(full).catch(() => null);
  if (!info) return;
  if (info.isFile()) {
    into.push(rel);
    return;
  }
  if (!info.isDirectory()) return;
  for (const entry of await readdir(full, { withFileTypes: true })) {
    // `dist` is a link into the builds: what was built is not an input.
    if (SKIPPED_FOLDERS.has(entry.name) || entry.isSymbolicLink()) continue;
    if (entry.isDirectory() && entry.name.startsWith('.')) continue;
    if (entry.isFile() && isTestFile(entry.name)) continue;
    await filesUnder(root, path.join(rel, entry.name), into);
  }
}

/**
 * A hash of everything a build of the web app depends on: the files it reads (tests aside) and the
 * variables Vite puts into it. Equal hashes make equal builds, so a build with this hash is current.
 */
export async function webInputsHash(
  repoRoot: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string> {
  const files: string[] = [];
  for (const input of INPUTS) await filesUnder(repoRoot, input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(await readFile(path.join(repoRoot, file)));
    hash.update('\0');
  }
  // NODE_ENV is not among them: the build is always a production one (see viteBuild).
  const variables = Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort();
  for (const name of variables) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('hex');
}

async function readRecord(folder: string): Promise<BuildRecord | null> {
  try {
    return JSON.parse(await readFile(path.join(folder, BUILD_RECORD), 'utf8')) as BuildRecord;
  } catch {
    return null;
  }
}

/** The name of the build `dist` links to, or null (no build, or a plain folder from elsewhere). */
export async function currentBuildName(webDir: string): Promise<string | null> {
  const link = path.join(webDir, CURRENT_LINK);
  const info = await lstat(link).catch(() => null);
  if (!info?.isSymbolicLink()) return null;
  return path.basename(await readlink(link));
}

/** Finished builds, newest first. */
async function listBuilds(webDir: string): Promise<{ name: string; record: BuildRecord }[]> {
  const folder = path.join(webDir, BUILDS_FOLDER);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const builds: { name: string; record: BuildRecord }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const record = await readRecord(path.join(folder, entry.name));
    if (record) builds.push({ name: entry.name, record });
  }
  return builds.sort((a, b) => b.record.builtAt.localeCompare(a.record.builtAt));
}

/**
 * Points `dist` at build `name` in one step: a new link is made beside it and renamed over it (a
 * rename replaces a link atomically). A plain `dist` folder left by an older build is moved into
 * the builds folder first.
 */
async function switchTo(webDir: string, name: string): Promise<void> {
  const link = path.join(webDir, CURRENT_LINK);
  const target = path.join(BUILDS_FOLDER, name);
  const temporary = path.join(webDir, `.${CURRENT_LINK}-${process.pid}-${Date.now()}`);
  await symlink(
    process.platform === 'win32' ? path.join(webDir, target) : target,
    temporary,
    'junction',
  );
  const existing = await lstat(link).catch(() => null);
  if (existing?.isDirectory()) {
    await rename(link, path.join(webDir, BUILDS_FOLDER, `.previous-${Date.now()}`));
  }
  await rename(temporary, link);
}

/** Removes all but the current build and the `keep` newest others, and unfinished leftovers. */
async function pruneBuilds(webDir: string, keep = KEPT_BUILDS): Promise<string[]> {
  const current = await currentBuildName(webDir);
  const folder = path.join(webDir, BUILDS_FOLDER);
  const finished = await listBuilds(webDir);
  const kept = new Set(
    finished
      .map((b) => b.name)
      .filter((name) => name !== current)
      .slice(0, keep),
  );
  if (current) kept.add(current);
  const removed: string[] = [];
  const anHourAgo = Date.now() - 3_600_000;
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (kept.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    // A build under way is left alone: it is hidden and recent.
    if (entry.name.startsWith('.tmp-') && (await stat(full)).mtimeMs > anHourAgo) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(entry.name);
  }
  return removed;
}

export type BuildOutcome = { name: string; built: boolean };

/**
 * Makes the build of the current inputs the one `dist` points at: nothing to do when it already
 * is, a switch when a kept build has the same inputs, otherwise a new build (by `build`, into an
 * empty folder) and then the switch. `force` builds even when a build is current.
 */
export async function ensureWebBuild(options: {
  webDir: string;
  inputs: string;
  build: (outDir: string) => Promise<void>;
  force?: boolean;
  now?: () => Date;
}): Promise<BuildOutcome> {
  const { webDir, inputs } = options;
  const now = options.now ?? (() => new Date());
  await mkdir(path.join(webDir, BUILDS_FOLDER), { recursive: true });
  if (!options.force) {
    const current = await currentBuildName(webDir);
    const builds = await listBuilds(webDir);
    const same = builds.find((b) => b.name === current && b.record.inputs === inputs);
    if (same) return { name: same.name, built: false };
    const kept = builds.find((b) => b.record.inputs === inputs);
    if (kept) {
      await switchTo(webDir, kept.name);
      await pruneBuilds(webDir);
      return { name: kept.name, built: false };
    }
  }
  const builtAt = now();
  // The time orders the folders for a reader; the random part keeps two builds of one millisecond
  // (a forced rebuild on a fast machine) from meeting in one folder.
  const name = `${inputs.slice(0, 12)}-${builtAt.getTime().toString(36)}-${randomBytes(3).toString('hex')}`;
  const unfinished = path.join(webDir, BUILDS_FOLDER, `.tmp-${name}-${process.pid}`);
  try {
    await options.build(unfinished);
    const record: BuildRecord = { inputs, builtAt: builtAt.toISOString() };
    await writeFile(path.join(unfinished, BUILD_RECORD), `${JSON.stringify(record)}\n`);
    await rename(unfinished, path.join(webDir, BUILDS_FOLDER, name));
  } catch (err) {
    await rm(unfinished, { recursive: true, force: true });
    throw err;
  }
  await switchTo(webDir, name);
  await pruneBuilds(webDir);
  return { name, built: true };
}

/**
 * Runs Vite's production build of the web app into `outDir`. NODE_ENV is production whatever the
 * caller's is: under a test runner (NODE_ENV=test) Vite would otherwise bundle React's development
 * build, several times slower, and the app served would not be the one users get.
 */
export function viteBuild(webDir: string, outDir: string): Promise<void> {
  const require = createRequire(path.join(webDir, 'package.json'));
  const vitePackage = require.resolve('vite/package.json');
  const { bin } = require(vitePackage) as { bin: { vite: string } };
  const vite = path.join(path.dirname(vitePackage), bin.vite);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: webDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite build exited with ${signal ?? `code ${String(code)}`}`)),
    );
  });
}
