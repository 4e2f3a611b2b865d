// Server features own their data: another feature reaches it only through the owner's service, so the
// rules about that data stay in one place. The layers under the features (auth, http, live, lib, db)
// never know a feature; only the wiring files at src/*.ts put them together.
import path from 'node:path';
import { importVisitors, resolveRelative, root, segmentsUnder } from './imports.js';

const SERVER_SRC = path.join(root, 'apps', 'server', 'src');
const LOWER_LAYERS = new Set(['auth', 'http', 'live', 'lib', 'db']);

function placeOf(file) {
  const segments = segmentsUnder(SERVER_SRC, file);
  if (!segments || segments.length === 1) return { layer: null, feature: null };
  const [layer, feature] = segments;
  return { layer, feature: layer === 'features' && segments.length > 2 ? feature : null };
}

function isService(target) {
  return /\.service(\.[cm]?[jt]s)?$/.test(path.basename(target));
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverFeatures = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A server feature uses another only through its *.service.ts; auth, http, live, lib and db never import features.',
    },
    messages: {
      notService:
        "Feature '{{from}}' may use feature '{{to}}' only through its {{to}}.service (types included); move the shared piece into that service or down into src/lib.",
      lowerLayer:
        'src/{{from}}/ must not import from src/features/; pass what it needs in from the wiring files at src/*.ts or move the shared piece down.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    const fromLower = LOWER_LAYERS.has(from.layer);
    if (!fromLower && from.feature === null) return {};

    return importVisitors((node, specifier) => {
      const target = resolveRelative(file, specifier);
      if (!target) return;
      const to = placeOf(target);
      if (to.layer !== 'features') return;
      if (fromLower) {
        context.report({ node, messageId: 'lowerLayer', data: { from: from.layer } });
        return;
      }
      if (to.feature !== null && to.feature !== from.feature && !isService(target)) {
        context.report({
          node,
          messageId: 'notService',
          data: { from: from.feature, to: to.feature },
        });
      }
    });
  },
};
