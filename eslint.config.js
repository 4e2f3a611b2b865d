import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './tools/eslint/boundaries.js';

const SOURCES = ['apps/web/src/**', 'apps/server/src/**', 'packages/shared/src/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/builds/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Each workspace's own tsconfig.json types its files; the root Vitest file belongs to none.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { boundaries },
    rules: {
      'boundaries/no-cross-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // `async` is how a function meets a Promise-returning signature here (better-auth hooks, mail
      // senders, fetch fakes) and turns a throw into a rejection; an await it does not need is noise.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      // Vitest's asymmetric matchers (`expect.any(Number)`, `expect.stringContaining`) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Plain JavaScript (this file, the local rules, scripts) has no types to check against.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: SOURCES,
    plugins: { 'import-x': importX },
    settings: {
      // Without this the plugin reads only .js modules and never sees a cycle through TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // RoleGuard's `role` is an account role, not an ARIA one; DOM elements are still checked.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // A scrollable region must be focusable to be scrolled from the keyboard (axe's
      // scrollable-region-focusable); tabpanel is the plugin's own default.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { roles: ['tabpanel', 'region'], tags: [], allowExpressionValues: true },
      ],
      'boundaries/web-layers': 'error',
      'boundaries/web-requests': 'error',
      'boundaries/api-paths': 'error',
    },
  },
  {
    // These code and password steps replace the form the person just submitted: focus moves into
    // the new step instead of dropping to the page.
    files: [
      'apps/web/src/features/auth/two-factor-form.tsx',
      'apps/web/src/features/settings/two-factor-settings.tsx',
    ],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    // The 3D twin's view is an ARIA application: it takes the arrow keys and + / − for its camera
    // and the pointer for picking, so it is focusable and listens like a widget.
    files: ['apps/web/src/features/city-twin/twin-scene.tsx'],
    rules: {
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { roles: ['application'], tags: [], allowExpressionValues: true },
      ],
      'jsx-a11y/no-noninteractive-element-interactions': 'off',
    },
  },
  {
    // A notice's video file comes without captions: the notice contract has no captions track yet.
    files: ['apps/web/src/features/notices/notice-media.tsx'],
    rules: { 'jsx-a11y/media-has-caption': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'boundaries/server-features': 'error',
      'boundaries/sql-in-repositories': 'error',
      'boundaries/api-paths': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
);
