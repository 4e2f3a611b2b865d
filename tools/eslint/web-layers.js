// The web app is layered app → features → (components, lib) → the contract. A lower layer that
// imports a higher one makes shared code depend on a screen, and the layers stop meaning anything.
import path from 'node:path';
import { importVisitors, isTestFile, resolveRelative, root, segmentsUnder } from './imports.js';

const WEB_SRC = path.join(root, 'apps', 'web', 'src');

// components and lib share a rank: they may use each other (import-x/no-cycle keeps that acyclic).
const RANK = { lib: 0, components: 0, features: 1, app: 2 };

/** 'app' | 'features' | 'components' | 'lib' | 'test', another folder's name, 'root', or null outside src. */
function layerOf(file) {
  const segments = segmentsUnder(WEB_SRC, file);
  if (!segments) return null;
  return segments.length === 1 ? 'root' : segments[0];
}

/** @type {import('eslint').Rule.RuleModule} */
export const webLayers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep the web layers one-way: app → features → components/lib; test helpers only in tests.',
    },
    messages: {
      upward:
        'The {{from}} layer must not import from {{to}}/: the web app is layered app → features → components/lib; move the shared piece down instead.',
      testHelper:
        'Only tests may import the helpers in src/test/; production code must not depend on them.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    // src/test/ helpers may reach any layer; the entry (main.tsx) mounts the app.
    if (from === null || from === 'test' || from === 'root') return {};
    const fromTest = isTestFile(file);

    return importVisitors((node, specifier) => {
      const target = resolveRelative(file, specifier);
      if (!target) return;
      const to = layerOf(target);
      if (to === 'test') {
        if (!fromTest) context.report({ node, messageId: 'testHelper' });
        return;
      }
      if (from in RANK && to in RANK && RANK[to] > RANK[from]) {
        context.report({ node, messageId: 'upward', data: { from, to } });
      }
    });
  },
};
