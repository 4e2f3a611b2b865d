import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { boundaries } from './boundaries.js';

export const root = path.resolve(import.meta.dirname, '..', '..');

const linter = new Linter({ configType: 'flat' });

/** The messages one local rule reports for `code`, as if it were the repository file `file`. */
export function lintWith(rule: string, file: string, code: string): string[] {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.{js,ts,tsx}'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
            ecmaVersion: 2024,
            sourceType: 'module',
          },
          plugins: { boundaries },
          rules: { [`boundaries/${rule}`]: 'error' },
        },
      ],
      { filename: path.join(root, file) },
    )
    .map((m) => m.message);
}
