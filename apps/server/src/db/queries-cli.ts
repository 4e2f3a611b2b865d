// `npm run db:sql`: records the SQL of every repository function (each `*.queries.ts` example) into
// the `*.repository.sql` beside its repository; `--check` only says whether they are current, and
// paths under src/ (`npm run db:sql -- features/alerts`) record only the files under them.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recordQuerySnapshots, snapshotFileOf } from './query-snapshots';

const check = process.argv.includes('--check');
const stale: string[] = [];
// Paths under src/ to record only some files: `npm run db:sql -- features/alerts`.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const [file, text] of await recordQuerySnapshots(only)) {
  const target = snapshotFileOf(file);
  const current = await readFile(target, 'utf8').catch(() => null);
  if (current === text) continue;
  stale.push(path.relative(process.cwd(), target));
  if (!check) await writeFile(target, text);
}
if (stale.length === 0) process.stdout.write('Every repository SQL file is current.\n');
else if (check) {
  process.stderr.write(`Not current (run npm run db:sql): ${stale.join(', ')}\n`);
  process.exitCode = 1;
} else process.stdout.write(`Written: ${stale.join(', ')}\n`);
