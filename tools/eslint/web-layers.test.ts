import { describe, expect, it } from 'vitest';
import { lintWith } from './lint-with';

const lint = (file: string, code: string) => lintWith('web-layers', file, code);

const UPWARD = (from: string, to: string) =>
  `The ${from} layer must not import from ${to}/: the web app is layered app → features → components/lib; move the shared piece down instead.`;

describe('boundaries/web-layers', () => {
  it('stops lib and components importing features or app', () => {
    expect(
      lint('apps/web/src/lib/format/values.ts', "import { x } from '../../features/alerts/a';"),
    ).toEqual([UPWARD('lib', 'features')]);
    expect(lint('apps/web/src/lib/paths.ts', "import { routes } from '../app/router';")).toEqual([
      UPWARD('lib', 'app'),
    ]);
    expect(
      lint('apps/web/src/components/charts/frame.tsx', "import { L } from '../../app/layout/x';"),
    ).toEqual([UPWARD('components', 'app')]);
    expect(
      lint('apps/web/src/components/icon.tsx', "export { Page } from '../features/sensors/p';"),
    ).toEqual([UPWARD('components', 'features')]);
  });

  it('stops features importing app, through a dynamic import and a type too', () => {
    const file = 'apps/web/src/features/alerts/alerts-page.tsx';
    expect(lint(file, "import { PATHS } from '../../app/router';")).toEqual([
      UPWARD('features', 'app'),
    ]);
    expect(lint(file, "const m = import('../../app/screens');")).toEqual([
      UPWARD('features', 'app'),
    ]);
    expect(lint(file, "import type { Screen } from '../../app/screens';")).toEqual([
      UPWARD('features', 'app'),
    ]);
    expect(lint(file, "type S = typeof import('../../app/screens');")).toEqual([
      UPWARD('features', 'app'),
    ]);
  });

  it('holds tests to the layer they sit in', () => {
    expect(
      lint('apps/web/src/components/error-boundary.test.tsx', "import { F } from '../app/f';"),
    ).toEqual([UPWARD('components', 'app')]);
  });

  it('keeps the helpers of src/test out of production code', () => {
    expect(
      lint('apps/web/src/lib/api-client.ts', "import { stub } from '../test/fetch-stub';"),
    ).toEqual([
      'Only tests may import the helpers in src/test/; production code must not depend on them.',
    ]);
    expect(
      lint('apps/web/src/lib/api-client.test.ts', "import { stub } from '../test/fetch-stub';"),
    ).toEqual([]);
  });

  it('allows every downward import, components and lib both ways, and the contract', () => {
    expect(
      lint(
        'apps/web/src/app/router.tsx',
        [
          "import { A } from '../features/alerts/alerts-page';",
          "import { B } from '../components/icon';",
          "import { C } from '../lib/paths';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      lint(
        'apps/web/src/features/alerts/alerts-page.tsx',
        [
          "import { a } from './alert-card';",
          "import { B } from '../../components/icon';",
          "import { c } from '../../lib/paths';",
          "import { d } from '@smart-city/shared';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      lint('apps/web/src/components/city-select.tsx', "import { c } from '../lib/city/c';"),
    ).toEqual([]);
    expect(
      lint('apps/web/src/lib/sensors/x.ts', "import { I } from '../../components/icon';"),
    ).toEqual([]);
  });

  it('lets src/test and the entry reach every layer', () => {
    expect(
      lint('apps/web/src/test/render.tsx', "import { AppProviders } from '../app/providers';"),
    ).toEqual([]);
    expect(lint('apps/web/src/main.tsx', "import { router } from './app/router';")).toEqual([]);
  });
});
