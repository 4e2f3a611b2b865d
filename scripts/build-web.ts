// Builds the web app when its inputs changed since the current build, into a folder of its own,
// then points apps/web/dist at it in one step (see lib/web-build.ts). `--force` builds regardless.
import path from 'node:path';
import { ensureWebBuild, viteBuild, webInputsHash } from './lib/web-build';

const repoRoot = path.resolve(import.meta.dirname, '..');
const webDir = path.join(repoRoot, 'apps', 'web');
const force = process.argv.includes('--force');

const startedAt = Date.now();
const inputs = await webInputsHash(repoRoot);
const outcome = await ensureWebBuild({
  webDir,
  inputs,
  force,
  build: (outDir) => viteBuild(webDir, outDir),
});
console.log(
  outcome.built
    ? `web app built into apps/web/builds/${outcome.name} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; apps/web/dist points at it`
    : `web app is current (apps/web/dist → builds/${outcome.name}); nothing to build`,
);
