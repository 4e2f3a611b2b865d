import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaries } from './boundaries.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const linter = new Linter({ configType: 'flat' });

function lint(file: string, code: string) {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.js'],
          languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
          plugins: { boundaries },
          rules: { 'boundaries/no-cross-imports': 'error' },
        },
      ],
      { filename: path.join(root, file) },
    )
    .map((m) => m.message);
}

describe('boundaries/no-cross-imports', () => {
  it('stops the web app importing the server and the other way round', () => {
    expect(lint('apps/web/src/lib/a.js', "import x from '../../../server/src/app.js';")).toEqual([
      "The web app must not import from the server app; share code through '@smart-city/shared'.",
    ]);
    expect(lint('apps/server/src/a.js', "import x from '@smart-city/web';")).toHaveLength(1);
  });

  it('stops one web feature importing another, also through export and import()', () => {
    const file = 'apps/web/src/features/alerts/alerts-page.js';
    expect(lint(file, "import { x } from '../sensors/sensor-list.js';")).toHaveLength(1);
    expect(lint(file, "export { x } from '../sensors/sensor-list.js';")).toHaveLength(1);
    expect(lint(file, "const m = import('../dashboard/dashboard-page.js');")).toHaveLength(1);
  });

  it('allows imports inside a feature, from shared code and from the contract', () => {
    const file = 'apps/web/src/features/alerts/alerts-page.js';
    expect(lint(file, "import { a } from './alert-card.js';")).toEqual([]);
    expect(lint(file, "import { b } from '../../components/icon.js';")).toEqual([]);
    expect(lint(file, "import { c } from '@smart-city/shared';")).toEqual([]);
    expect(
      lint('apps/web/src/app/router.js', "import { d } from '../features/alerts/alerts-page.js';"),
    ).toEqual([]);
  });
});
