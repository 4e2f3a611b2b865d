// The repository's own lint configuration, run as `npm run lint` runs it: proves each plugin's rules
// fire under this ESLint on the files they are meant for. Type-aware rules need the file to belong to
// a workspace's tsconfig, so each case lints new text under the name of a file that exists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './lint-with';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The ids of the rules that report on `code` as the file `file`, with the lines they point at. */
async function rulesFiring(file: string, code: string, prefix = ''): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .map((m) => `${m.ruleId ?? m.message}:${m.line}`)
    .filter((id) => id.startsWith(prefix));
}

function source(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}

/** `code` as the last lines of `file`, so the line of a finding is known. */
function appended(file: string, ...lines: string[]): { code: string; firstLine: number } {
  const text = source(file);
  return { code: `${text}${lines.join('\n')}\n`, firstLine: text.split('\n').length };
}

describe('import-x/no-cycle', { timeout: 120_000 }, () => {
  it.each([
    ['packages/shared/src/cities.ts', "import './alerts';"],
    ['apps/server/src/features/cities/cities.repository.ts', "import './cities.service';"],
    ['apps/web/src/lib/paths.ts', "import '../components/guard-message';"],
  ])('finds a cycle through extensionless imports from %s', async (file, line) => {
    const { code, firstLine } = appended(file, line);
    expect(await rulesFiring(file, code, 'import-x/')).toEqual([`import-x/no-cycle:${firstLine}`]);
  });

  it('passes the files as they are, and an import of types only', async () => {
    const file = 'packages/shared/src/cities.ts';
    expect(await rulesFiring(file, source(file), 'import-x/')).toEqual([]);
    const { code } = appended(
      file,
      "import type { Alert } from './alerts';",
      'export type A = Alert;',
    );
    expect(await rulesFiring(file, code, 'import-x/')).toEqual([]);
  });
});

describe('type-checked rules', { timeout: 120_000 }, () => {
  const floating = 'export function f(p: Promise<void>): void {\n  p.then(() => undefined);\n}\n';

  it.each([
    'apps/web/src/lib/paths.ts',
    'apps/server/src/lib/periodic-job.ts',
    'packages/shared/src/cities.ts',
    'e2e/support.ts',
    'bench/support.ts',
    'tools/eslint/lint-with.ts',
    'vitest.config.ts',
  ])('type-check %s: a floating promise is an error, a voided one is not', async (file) => {
    expect(await rulesFiring(file, floating, '@typescript-eslint/')).toEqual([
      '@typescript-eslint/no-floating-promises:2',
    ]);
    expect(
      await rulesFiring(file, floating.replace('  p.then', '  void p.then'), '@typescript-eslint/'),
    ).toEqual([]);
  });

  const file = 'apps/server/src/lib/periodic-job.ts';

  it('wants every member of a union handled in a switch, even with a default', async () => {
    const code = (cases: string) =>
      `export function f(k: 'a' | 'b'): number {\n  switch (k) {\n${cases}  }\n}\n`;
    expect(
      await rulesFiring(
        file,
        code("    case 'a':\n      return 1;\n    default:\n      return 2;\n"),
      ),
    ).toEqual(['@typescript-eslint/switch-exhaustiveness-check:2']);
    expect(
      await rulesFiring(
        file,
        code("    case 'a':\n      return 1;\n    case 'b':\n      return 2;\n"),
      ),
    ).toEqual([]);
  });

  it('refuses a promise where a void callback is expected, and an await of a non-promise', async () => {
    expect(
      await rulesFiring(
        file,
        'export async function f(n: number): Promise<void> {\n  [n].forEach(async () => {});\n  await n;\n}\n',
      ),
    ).toEqual(['@typescript-eslint/no-misused-promises:2', '@typescript-eslint/await-thenable:3']);
  });
});

describe('jsx-a11y', { timeout: 120_000 }, () => {
  const file = 'apps/web/src/components/spinner.tsx';

  it('flags an image without alt text and a click handler on a div', async () => {
    const code =
      'export function Bad({ go }: { go: () => void }) {\n' +
      '  return (\n' +
      '    <div onClick={go}>\n' +
      '      <img src="/map.png" />\n' +
      '    </div>\n' +
      '  );\n' +
      '}\n';
    expect(await rulesFiring(file, code, 'jsx-a11y/')).toEqual([
      'jsx-a11y/click-events-have-key-events:3',
      'jsx-a11y/no-static-element-interactions:3',
      'jsx-a11y/alt-text:4',
    ]);
  });

  it('passes a real button with a described image', async () => {
    const code =
      'export function Good({ go }: { go: () => void }) {\n' +
      '  return (\n' +
      '    <button type="button" onClick={go}>\n' +
      '      <img src="/map.png" alt="City map" />\n' +
      '    </button>\n' +
      '  );\n' +
      '}\n';
    expect(await rulesFiring(file, code)).toEqual([]);
  });
});

describe('the local layout rules', { timeout: 120_000 }, () => {
  it('run on the files they guard', async () => {
    expect(
      await rulesFiring(
        'apps/web/src/lib/paths.ts',
        "import { AlertsPage } from '../features/alerts/alerts-page';\nexport const P = AlertsPage;\n",
        'boundaries/',
      ),
    ).toEqual(['boundaries/web-layers:1']);
    expect(
      await rulesFiring(
        'apps/server/src/lib/periodic-job.ts',
        "import { listCities } from '../features/cities/cities.repository';\nexport const l = listCities;\n",
        'boundaries/',
      ),
    ).toEqual(['boundaries/server-features:1']);
    const { code, firstLine } = appended(
      'apps/server/src/features/cities/cities.service.ts',
      "export const q = (db: Kysely<Database>) => db.selectFrom('cities').selectAll().execute();",
    );
    expect(
      await rulesFiring('apps/server/src/features/cities/cities.service.ts', code, 'boundaries/'),
    ).toEqual([`boundaries/sql-in-repositories:${firstLine}`]);
    const fetching = appended(
      'apps/web/src/lib/paths.ts',
      "export const ping = () => fetch('/api/health');",
    );
    expect(await rulesFiring('apps/web/src/lib/paths.ts', fetching.code, 'boundaries/')).toEqual([
      `boundaries/web-requests:${fetching.firstLine}`,
      `boundaries/api-paths:${fetching.firstLine}`,
    ]);
    const route = appended(
      'apps/server/src/features/cities/cities.routes.ts',
      "export const health = '/api/health';",
    );
    expect(
      await rulesFiring(
        'apps/server/src/features/cities/cities.routes.ts',
        route.code,
        'boundaries/',
      ),
    ).toEqual([`boundaries/api-paths:${route.firstLine}`]);
  });
});
