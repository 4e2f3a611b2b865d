// Prints the size of every file of the web build, raw and gzipped, largest first.
// Run `npm run build` first.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
    ),
  );
  return nested.flat();
}

let all: string[];
try {
  all = (await files(dist)).filter((f) => /\.(js|css|html)$/.test(f));
} catch {
  console.error(`No build at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const rows = await Promise.all(
  all.map(async (file) => {
    const body = await readFile(file);
    return {
      file: path.relative(dist, file),
      'raw KB': +(body.length / 1024).toFixed(1),
      'gzip KB': +(gzipSync(body, { level: 9 }).length / 1024).toFixed(1),
    };
  }),
);
rows.sort((a, b) => b['gzip KB'] - a['gzip KB']);
console.log('Web bundle (apps/web/dist)');
console.table(rows);
const total = rows.filter((r) => r.file.endsWith('.js')).reduce((sum, r) => sum + r['gzip KB'], 0);
console.log(`JavaScript total: ${total.toFixed(1)} KB gzip`);
