// Prints the size of every file of the web build, raw and gzipped, largest first.
// Run `npm run build` first.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (e) =>
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

// What opening one screen costs: the entry chunk, the screen's chunk, and every chunk either imports
// statically (lazily loaded parts such as the map and the charts come later and are not counted).
// A signed-in screen also needs the signed-in frame (header, sidebar, live connection, texts), which
// loads with it: a screen whose chunk is not imported by the entry itself is counted with it.
const sources = new Map<string, string>();
for (const file of all.filter((f) => f.endsWith('.js')))
  sources.set(path.basename(file), await readFile(file, 'utf8'));
const gzipKb = new Map(rows.map((r) => [path.basename(r.file), r['gzip KB']]));

function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const source = sources.get(name) ?? '';
    for (const match of source.matchAll(/(?:from\s*|import\s*)"\.\/([\w.-]+\.js)"/g))
      queue.push(match[1]!);
  }
  return seen;
}

const html = await readFile(path.join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
if (entry) {
  const shell = staticClosure(entry);
  const frame = [...sources.keys()].find((name) => /^signed-in-frame-[\w-]+\.js$/.test(name));
  const signedIn = frame ? staticClosure(frame) : new Set<string>();
  const entrySource = [...shell].map((name) => sources.get(name) ?? '').join('\n');
  const routes = [...sources.keys()]
    .filter((name) => /-page-[\w-]{8}\.js$/.test(name))
    .map((page) => {
      const isPublic = entrySource.includes(`./${page}`);
      const chunks = new Set([...shell, ...(isPublic ? [] : signedIn), ...staticClosure(page)]);
      const kb = [...chunks].reduce((sum, name) => sum + (gzipKb.get(name) ?? 0), 0);
      return {
        screen: page.replace(/-page-[\w-]{8}\.js$/, ''),
        chunks: chunks.size,
        'gzip KB': +kb.toFixed(1),
      };
    })
    .sort((a, b) => b['gzip KB'] - a['gzip KB']);
  console.log(
    `JavaScript to open each screen (entry ${entry}${frame ? ` and, signed in, ${frame}` : ''}, with static imports)`,
  );
  console.table(routes);
}
