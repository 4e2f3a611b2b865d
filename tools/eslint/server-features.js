// Server features own their data: another feature reaches it only through the owner's service, so the
// rules about that data stay in one place. The layers under the features (auth, http, live, lib, db,
// metrics, and config.ts) never know a feature; only the wiring files at src/*.ts put them together,
// and no feature knows the wiring. The test helpers in src/test/ serve tests only. Inside a feature
// only the routes (*.routes.ts) speak HTTP: its services refuse with the domain errors of
// src/lib/domain-errors.ts, which the HTTP layer maps to statuses in one place.
import path from 'node:path';
import { importVisitors, isTestFile, resolveRelative, root, segmentsUnder } from './imports.js';

const SERVER_SRC = path.join(root, 'apps', 'server', 'src');
// Folders, and files at src/ (config.ts), that sit under the features.
const LOWER_LAYERS = new Set(['auth', 'http', 'live', 'lib', 'db', 'metrics', 'config']);
// These hold no data access of their own either: repositories reach them as parameters.
const NO_REPOSITORIES = new Set(['metrics', 'config']);

/** The folder (or, at src/, the file's name) a file is in; its feature; whether it is wiring. */
function placeOf(file) {
  const segments = segmentsUnder(SERVER_SRC, file);
  if (!segments) return { layer: null, feature: null, wiring: false };
  const layer = segments[0].replace(/\.[cm]?[jt]s$/, '');
  return {
    layer,
    feature: layer === 'features' && segments.length > 2 ? segments[1] : null,
    wiring: segments.length === 1 && !LOWER_LAYERS.has(layer),
  };
}

function isService(target) {
  return /\.service(\.[cm]?[jt]s)?$/.test(path.basename(target));
}

function isRoutes(file) {
  return /\.routes(\.[cm]?[jt]s)?$/.test(path.basename(file));
}

function isQueryExamples(file) {
  return /\.queries\.ts$/.test(path.basename(file));
}

function isRepository(target) {
  return /\.repository(\.[cm]?[jt]s)?$/.test(path.basename(target));
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverFeatures = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A server feature uses another only through its *.service.ts and never the wiring, and only its routes speak HTTP; auth, http, live, lib, db, metrics and config.ts import no feature or repository; src/test/ serves tests only.',
    },
    messages: {
      notService:
        "Feature '{{from}}' may use feature '{{to}}' only through its {{to}}.service (types included); move the shared piece into that service or down into src/lib.",
      lowerLayer:
        'src/{{from}} must not import from src/features/ or a repository; pass what it needs in from the wiring files at src/*.ts or move the shared piece down.',
      wiring:
        'A feature must not import the wiring file src/{{to}} (types included); take what it needs as a parameter or from the service that owns it.',
      testHelper:
        'Only tests may import the helpers in src/test/; production code must not depend on them.',
      httpInFeature:
        "Only a feature's *.routes.ts may use src/http/errors; a service refuses with NotFound, Forbidden, Conflict, Invalid or Busy from src/lib/domain-errors.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!segmentsUnder(SERVER_SRC, file)) return {};
    const fromTest = isTestFile(file) || from.layer === 'test';
    const fromLower = LOWER_LAYERS.has(from.layer);
    const label = from.layer === 'config' ? 'config.ts' : `${from.layer}/`;

    return importVisitors((node, specifier) => {
      const target = resolveRelative(file, specifier);
      if (!target) return;
      const to = placeOf(target);
      if (to.layer === 'test') {
        if (!fromTest) context.report({ node, messageId: 'testHelper' });
        return;
      }
      if (fromLower) {
        if (to.layer === 'features' || (NO_REPOSITORIES.has(from.layer) && isRepository(target))) {
          context.report({ node, messageId: 'lowerLayer', data: { from: label } });
        }
        return;
      }
      if (from.feature === null) return;
      if (
        to.layer === 'http' &&
        /^errors(\.[cm]?[jt]s)?$/.test(path.basename(target)) &&
        !isRoutes(file) &&
        !fromTest
      ) {
        context.report({ node, messageId: 'httpInFeature' });
        return;
      }
      // Tests assemble the app, so they may use the wiring.
      if (to.wiring && !fromTest) {
        context.report({
          node,
          messageId: 'wiring',
          data: { to: `${to.layer}.ts` },
        });
        return;
      }
      if (to.layer !== 'features') return;
      // A repository's SQL examples (*.queries.ts, run by `npm run db:sql`, imported by no
      // production code) may set their data up through another feature's repository.
      if (isQueryExamples(file) && isRepository(target)) return;
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
